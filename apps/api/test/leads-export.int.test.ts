/**
 * `GET /v1/campaigns/{campaignId}/leads/export` over real HTTP. De-risks: the CSV reads back with
 * an RFC 4180 parser into exactly the campaign's leads (names with a comma, a quote or a line
 * break survive, formulas are defused), every lead of a campaign larger than a page is there once
 * and in order, the columns carry progress, replies and custom variables, another workspace's
 * campaign is a 404, the role table holds, and the export is in the audit log.
 */
import type { AddLeadsResult, Campaign } from '@outreach/contract';
import { expectMatchesContract } from '@outreach/contract/testing';
import { asWorkspaceId } from '@outreach/db';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  createCampaign,
  createWorkspace,
  unknownId,
  useWorkspace,
} from './support/fixtures.js';
import { applyProgress } from './support/lead-progress.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

interface Export {
  status: number;
  headers: Headers;
  text: string;
  records: Array<Record<string, string>>;
}

async function exportLeads(campaignId: string, apiKey = ws.apiKey): Promise<Export> {
  const path = `/v1/campaigns/${campaignId}/leads/export`;
  const response = await fetch(app.baseUrl + path, { headers: { 'x-api-key': apiKey } });
  // Kept with its byte order mark, which `response.text()` would drop.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json')
    ? JSON.parse(text)
    : undefined;
  expectMatchesContract({
    method: 'GET',
    path,
    status: response.status,
    body: json,
    headers: response.headers,
  });
  const records =
    response.status === 200
      ? (parse(text, { bom: true, columns: true, relax_column_count: false }) as Array<
          Record<string, string>
        >)
      : [];
  return { status: response.status, headers: response.headers, text, records };
}

async function add(campaign: Campaign, leads: unknown[]) {
  const res = await ws.api.post<AddLeadsResult>(`/v1/campaigns/${campaign.id}/leads`, { leads });
  if (res.status !== 200) throw new Error(`leads not added: ${JSON.stringify(res.body)}`);
}

describe('the export of a campaign’s leads', () => {
  it('is a CSV attachment whose cells read back exactly, quoting commas, quotes and line breaks', async () => {
    const campaign = await createCampaign(ws.api, { name: 'Fintech founders, Q3 "EU"' });
    await add(campaign, [
      {
        publicIdentifier: 'ada-lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace, Countess',
        companyName: 'Engines "Analytical" Ltd',
        headline: 'Mathematician\nand writer',
        email: 'ada@example.com',
        customVariables: { event: 'Money20/20', note: 'line one\r\nline two' },
      },
      { networkUrl: 'https://www.linkedin.com/in/grace-hopper/', firstName: '=HYPERLINK("http://x")' },
      { publicIdentifier: 'alan', customVariables: { budget: '10k' } },
    ]);
    const res = await exportLeads(campaign.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fintech-founders-q3-eu-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.text.startsWith('\uFEFFleadId,publicIdentifier,profileUrl,')).toBe(true);
    expect(res.text).toContain('"Lovelace, Countess"');
    expect(res.text).toContain('"Engines ""Analytical"" Ltd"');
    expect(res.text).toContain('"Mathematician\nand writer"');
    expect(res.text.split('\r\n')[0]?.split(',').slice(-3)).toEqual([
      'custom.budget',
      'custom.event',
      'custom.note',
    ]);

    expect(res.records.map((record) => record['publicIdentifier'])).toEqual([
      'ada-lovelace',
      'grace-hopper',
      'alan',
    ]);
    expect(res.records[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace, Countess',
      name: 'Ada Lovelace, Countess',
      companyName: 'Engines "Analytical" Ltd',
      headline: 'Mathematician\nand writer',
      email: 'ada@example.com',
      status: 'waiting',
      currentStep: '0',
      'custom.event': 'Money20/20',
      'custom.note': 'line one\r\nline two',
      'custom.budget': '',
      repliedAt: '',
    });
    expect(res.records[1]).toMatchObject({
      profileUrl: 'https://www.linkedin.com/in/grace-hopper/',
      // A formula is shown as text by spreadsheets, never run.
      firstName: `'=HYPERLINK("http://x")`,
    });
    expect(res.records[2]).toMatchObject({ 'custom.budget': '10k', 'custom.event': '' });
  });

  it('carries the sender, the invitation, its acceptance, the last reply and the tags', async () => {
    const account = await createAccount(ws.api, { name: 'Maya Chen' });
    const campaign = await createCampaign(ws.api, { name: 'Progress' });
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await add(campaign, [{ publicIdentifier: 'replied-one' }, { publicIdentifier: 'untouched' }]);
    const leads = (
      await ws.api.get<{ leads: Array<{ id: string; publicIdentifier: string }> }>(
        `/v1/campaigns/${campaign.id}/leads`,
      )
    ).body.leads;
    const replied = leads.find((lead) => lead.publicIdentifier === 'replied-one');
    if (!replied) throw new Error('lead missing');
    const invitedAt = new Date('2025-06-02T09:00:00.000Z');
    await applyProgress(app.db, ws.workspaceId, campaign.id, {
      [replied.id]: {
        status: 'active',
        internalStatus: 'awaiting_connection',
        advanceBy: 1,
        invitationSentAt: invitedAt,
      },
    });
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.actions.record(workspaceId, {
      campaignId: campaign.id,
      leadId: replied.id,
      type: 'reply_received',
      idempotencyKey: `reply-${replied.id}`,
      occurredAt: new Date('2025-06-04T10:30:00.000Z'),
    });
    await ws.api.post(`/v1/leads/${replied.id}/tags`, { tag: 'interested' });

    const res = await exportLeads(campaign.id);
    const row = res.records.find((record) => record['publicIdentifier'] === 'replied-one');
    expect(row).toMatchObject({
      leadId: replied.id,
      status: 'active',
      internalStatus: 'awaiting_connection',
      currentStep: '1',
      senderAccountId: account.id,
      senderAccountName: 'Maya Chen',
      invitedAt: '2025-06-02T09:00:00.000Z',
      repliedAt: '2025-06-04T10:30:00.000Z',
      tags: 'interested',
    });
    expect(res.records.find((record) => record['publicIdentifier'] === 'untouched')).toMatchObject({
      invitedAt: '',
      acceptedAt: '',
      repliedAt: '',
      tags: '',
    });
  });

  it('holds every lead of a campaign larger than a page once, in the order they were added', async () => {
    const campaign = await createCampaign(ws.api, { name: 'Large' });
    const identifiers = Array.from({ length: 1203 }, (_, n) => `bulk-${String(n).padStart(4, '0')}`);
    for (let start = 0; start < identifiers.length; start += 1000) {
      await add(
        campaign,
        identifiers.slice(start, start + 1000).map((publicIdentifier) => ({ publicIdentifier })),
      );
    }
    const res = await exportLeads(campaign.id);
    expect(res.records.map((record) => record['publicIdentifier'])).toEqual(identifiers);
  });

  it('of an empty campaign is its header alone', async () => {
    const campaign = await createCampaign(ws.api, { name: 'Empty' });
    const res = await exportLeads(campaign.id);
    expect(res.status).toBe(200);
    expect(res.records).toEqual([]);
    expect(res.text).toMatch(/^\uFEFFleadId,.*,tags\r\n$/);
  });

  it('is written to the audit log', async () => {
    const campaign = await createCampaign(ws.api, { name: 'Audited' });
    await exportLeads(campaign.id);
    const log = await app.db.auditLog.list(asWorkspaceId(ws.workspaceId), { action: 'leads.exported' });
    expect(log.items.map((entry) => entry.target)).toContainEqual({ type: 'campaign', id: campaign.id });
  });
});

describe('who may export', () => {
  it('another workspace’s campaign, or none, is a 404', async () => {
    const campaign = await createCampaign(ws.api, { name: 'Mine' });
    const other = await createWorkspace(app, 'pro', 'Other');
    expect((await exportLeads(campaign.id, other.apiKey)).status).toBe(404);
    expect((await exportLeads(unknownId('cmp'))).status).toBe(404);
  });

  it('owners and admins may (workspace:configure); members and clients get 403', async () => {
    const campaign = await createCampaign(ws.api, { name: 'Roles' });
    const workspaceId = asWorkspaceId(ws.workspaceId);
    for (const [role, status] of [
      ['admin', 200],
      ['member', 403],
      ['client', 403],
    ] as const) {
      const key = await app.db.apiKeys.create(workspaceId, { name: role, role });
      const res = await exportLeads(campaign.id, key.plaintext);
      expect(res.status, role).toBe(status);
      if (status === 403) expect(JSON.parse(res.text)).toMatchObject({ code: 'forbidden' });
    }
  });
});
