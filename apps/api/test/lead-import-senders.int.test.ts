/**
 * Imports cost the import: new leads are spread over the campaign's senders from the per-sender
 * counts kept on the campaign, never by reading the campaign's leads again, and the spread stays
 * as even as a full redistribution would leave it, across imports and deletions. The drift check
 * finds the counters exact.
 */
import type { CampaignLeadPage } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { callsTo, recordingDb, type DbCall } from './support/db-spy.js';
import { addLeads, createAccount, createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const calls: DbCall[] = [];
const app = useTestApp({ wrapDb: (db) => recordingDb(db, calls) });
const ws = useWorkspace(app);

async function leadsPerSender(campaignId: string): Promise<Record<string, number>> {
  const page = await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaignId}/leads?limit=100`);
  const counts: Record<string, number> = {};
  for (const lead of page.body.leads) {
    const key = lead.accountId ?? 'none';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const identifiers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);

describe('importing leads into a campaign with senders', () => {
  it('spreads each import evenly without reading the campaign’s leads', async () => {
    const [a, b, c] = [await createAccount(ws.api), await createAccount(ws.api), await createAccount(ws.api)];
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [a.id, b.id] });
    await addLeads(ws.api, campaign.id, identifiers('first', 7));
    expect(await leadsPerSender(campaign.id)).toEqual({ [a.id]: 4, [b.id]: 3 });

    // A third sender joins (a redistribution, which reads the leads once), then more imports.
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [c.id] });
    calls.length = 0;
    await addLeads(ws.api, campaign.id, identifiers('second', 5));
    await addLeads(ws.api, campaign.id, [...identifiers('second', 2), ...identifiers('third', 3)]);
    expect(callsTo(calls, 'leads.listNotStarted')).toBe(0);
    expect(callsTo(calls, 'campaignCounters.countSenders')).toBe(0);
    const spread = await leadsPerSender(campaign.id);
    expect(Object.values(spread).reduce((sum, n) => sum + n, 0)).toBe(15);
    expect(Math.max(...Object.values(spread)) - Math.min(...Object.values(spread))).toBeLessThanOrEqual(1);
  });

  it('keeps the counts through deletions, so the next import fills the emptied sender', async () => {
    const [a, b] = [await createAccount(ws.api), await createAccount(ws.api)];
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [a.id, b.id] });
    await addLeads(ws.api, campaign.id, identifiers('kept', 6));
    const page = await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads?limit=100`);
    const ofA = page.body.leads.filter((lead) => lead.accountId === a.id).map((lead) => lead.id);
    await ws.api.delete(`/v1/campaigns/${campaign.id}/leads`, ofA.slice(0, 2));
    await addLeads(ws.api, campaign.id, identifiers('refill', 2));
    expect(await leadsPerSender(campaign.id)).toEqual({ [a.id]: 3, [b.id]: 3 });
    const drift = await app.db.campaignCounters.recount(asWorkspaceId(ws.workspaceId), campaign.id);
    expect(drift.differences).toEqual([]);
  });
});
