/** The action log: once per idempotency key; analytics counts by total, step, variant and day. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionType } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let keyNumber = 0;
const day = (d: number, hour = 12) => new Date(Date.UTC(2025, 2, d, hour));

function act(
  type: ActionType,
  leadId: string,
  occurredAt: Date,
  extra: { campaignId?: string; stepId?: string; variantId?: string; accountId?: string } = {},
) {
  return t.db.actions.record(ws, {
    campaignId: extra.campaignId ?? 'cmp_a',
    leadId,
    type,
    occurredAt,
    idempotencyKey: `key-${(keyNumber += 1)}`,
    ...(extra.stepId ? { stepId: extra.stepId } : {}),
    ...(extra.variantId ? { variantId: extra.variantId } : {}),
    ...(extra.accountId ? { accountId: extra.accountId } : {}),
  });
}

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
  await act('invitation_sent', 'led_1', day(1), { stepId: 'stp_inv', accountId: 'acc_1' });
  await act('invitation_sent', 'led_2', day(1), { stepId: 'stp_inv', accountId: 'acc_2' });
  await act('invitation_accepted', 'led_1', day(2), { stepId: 'stp_inv', accountId: 'acc_1' });
  await act('message_sent', 'led_1', day(2), { stepId: 'stp_msg', variantId: 'var_a', accountId: 'acc_1' });
  await act('inmail_sent', 'led_2', day(2), { stepId: 'stp_msg', variantId: 'var_b', accountId: 'acc_2' });
  await act('message_sent', 'led_1', day(3), { stepId: 'stp_msg2', variantId: 'var_c', accountId: 'acc_1' });
  await act('reply_received', 'led_1', day(3, 13), {
    stepId: 'stp_msg',
    variantId: 'var_a',
    accountId: 'acc_1',
  });
  await act('reply_received', 'led_1', day(3, 14), {
    stepId: 'stp_msg',
    variantId: 'var_a',
    accountId: 'acc_1',
  });
  await act('profile_visited', 'led_3', day(4), { campaignId: 'cmp_b', accountId: 'acc_2' });
  await act('invitation_sent', 'led_9', day(20), { stepId: 'stp_inv' });
});
afterAll(() => t.db.close());

describe('record', () => {
  it('logs an action once per idempotency key', async () => {
    const input = {
      campaignId: 'cmp_x',
      leadId: 'led_x',
      type: 'profile_visited' as const,
      idempotencyKey: 'led_x:stp:0',
      occurredAt: day(1),
    };
    const own = await newWorkspace(t.db);
    const first = await t.db.actions.record(own, input);
    const again = await t.db.actions.record(own, { ...input, occurredAt: day(2) });
    expect(first.created).toBe(true);
    expect(again).toEqual({ action: first.action, created: false });
    expect(await t.db.actions.findByIdempotencyKey(own, 'led_x:stp:0')).toEqual(first.action);
  });
});

describe('analytics', () => {
  it('counts a campaign over a date range: totals, distinct leads, per step, per variant, per day', async () => {
    const result = await t.db.actions.analytics(ws, { campaignId: 'cmp_a', from: day(1, 0), to: day(10, 0) });
    expect(result.totals).toEqual({
      invitationsSent: 2,
      invitationsAccepted: 1,
      messagesSent: 3,
      inmailsSent: 1,
      profileVisits: 0,
      repliesReceived: 2,
      leadsMessaged: 2,
      leadsReplied: 1,
      leadsRespondedToMessages: 1,
      leadsInvited: 2,
      leadsAccepted: 1,
    });
    expect(result.perStep.map((s) => [s.stepId, s.messagesSent, s.repliesReceived, s.leadsReplied])).toEqual([
      ['stp_inv', 0, 0, 0],
      ['stp_msg', 2, 2, 1],
      ['stp_msg2', 1, 0, 0],
    ]);
    expect(result.perVariant.map((v) => [v.stepId, v.variantId, v.messagesSent, v.leadsReplied])).toEqual([
      ['stp_msg', 'var_a', 1, 1],
      ['stp_msg', 'var_b', 1, 0],
      ['stp_msg2', 'var_c', 1, 0],
    ]);
    expect(result.perDay.map((d) => [d.date, d.invitationsSent, d.messagesSent, d.repliesReceived])).toEqual([
      ['2025-03-01', 2, 0, 0],
      ['2025-03-02', 0, 2, 0],
      ['2025-03-03', 0, 1, 2],
    ]);
  });

  it('counts the workspace, filtered by account or by a set of campaigns', async () => {
    const range = { from: day(1, 0), to: day(10, 0) };
    const all = await t.db.actions.analytics(ws, range);
    expect(all.totals).toMatchObject({ invitationsSent: 2, profileVisits: 1 });
    const byAccount = await t.db.actions.analytics(ws, { ...range, accountId: 'acc_2' });
    expect(byAccount.totals).toMatchObject({
      invitationsSent: 1,
      messagesSent: 1,
      inmailsSent: 1,
      profileVisits: 1,
      repliesReceived: 0,
    });
    const byCampaigns = await t.db.actions.analytics(ws, { ...range, campaignIds: ['cmp_b'] });
    expect(byCampaigns.totals).toMatchObject({ invitationsSent: 0, profileVisits: 1 });
    const empty = await t.db.actions.analytics(ws, { from: day(5, 0), to: day(6, 0) });
    expect(empty).toEqual({
      totals: expect.objectContaining({ invitationsSent: 0 }),
      perStep: [],
      perVariant: [],
      perDay: [],
    });
  });
});
