/**
 * The response rate counts leads who replied after being messaged, over leads messaged: a reply
 * sent right after accepting the invitation, before any message, is not a response to a message.
 * The campaign's own summary, its analytics (totals, step, variant) and the workspace analytics
 * say the same.
 */
import type { Campaign, CampaignAnalytics, WorkspaceAnalytics } from '@outreach/contract';
import { asWorkspaceId, type NewAction } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { addLeads, createAccount, createCampaignWithSteps, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

describe('the response rate', () => {
  it('is 0 when the only messaged lead never replied, though two leads replied before any message', async () => {
    const accountId = (await createAccount(ws.api)).id;
    const { campaign, steps } = await createCampaignWithSteps(ws.api, ['invitation', 'message'], {
      name: 'Replies before messages',
    });
    await addLeads(ws.api, campaign.id, ['early-1', 'early-2']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const [early1, early2] = (await app.db.leads.list(workspaceId, campaign.id)).items.map((lead) => lead.id);
    const [invitation, message] = steps;
    const variantId = message?.variants?.[0]?.id ?? null;
    let n = 0;
    const record = (
      type: NewAction['type'],
      leadId: string | undefined,
      at: string,
      on: Partial<NewAction>,
    ) =>
      app.db.actions.record(workspaceId, {
        campaignId: campaign.id,
        idempotencyKey: `rr-${(n += 1)}`,
        leadId: leadId ?? '',
        accountId,
        type,
        occurredAt: new Date(at),
        ...on,
      });
    const onInvitation = { stepId: invitation?.id ?? null };
    const onMessage = { stepId: message?.id ?? null, variantId };
    for (const lead of [early1, early2]) {
      await record('invitation_sent', lead, '2025-06-02T10:00:00Z', onInvitation);
      await record('invitation_accepted', lead, '2025-06-02T12:00:00Z', onInvitation);
      await record('reply_received', lead, '2025-06-02T12:05:00Z', onInvitation);
    }
    await record('message_sent', early1, '2025-06-03T10:00:00Z', onMessage);

    const window = 'startDate=2025-06-01&endDate=2025-06-30';
    const analytics = await ws.api.get<CampaignAnalytics>(`/v1/campaigns/${campaign.id}/analytics?${window}`);
    expect(analytics.body.totals).toMatchObject({ messagesSent: 1, leadsReplied: 2, responseRate: 0 });
    expect(analytics.body.steps.map((step) => step.responseRate)).toEqual([0, 0]);
    expect(analytics.body.variants.map((variant) => variant.responseRate)).toEqual([0]);
    const workspace = await ws.api.get<WorkspaceAnalytics>(`/v1/analytics?${window}`);
    expect(workspace.body.totals).toMatchObject({ messagesSent: 1, leadsReplied: 2, responseRate: 0 });
    const summary = await ws.api.get<Campaign>(`/v1/campaigns/${campaign.id}`);
    expect(summary.body.analytics.responseRate).toBe(0);

    // The messaged lead answers the message: one of one messaged lead responded.
    await record('reply_received', early1, '2025-06-03T11:00:00Z', onMessage);
    const after = await ws.api.get<CampaignAnalytics>(`/v1/campaigns/${campaign.id}/analytics?${window}`);
    expect(after.body.totals.responseRate).toBe(1);
    expect(after.body.variants.map((variant) => variant.responseRate)).toEqual([1]);
    expect((await ws.api.get<WorkspaceAnalytics>(`/v1/analytics?${window}`)).body.totals.responseRate).toBe(
      1,
    );
    expect((await ws.api.get<Campaign>(`/v1/campaigns/${campaign.id}`)).body.analytics.responseRate).toBe(1);
  });
});
