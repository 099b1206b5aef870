/**
 * `completedAt` follows the lead's status through every write that sets it: stamped when the lead
 * reaches completed or error, kept while it stays final, removed when it is reopened.
 */
import type { mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
let now = T0;
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const lease = { owner: 'runner-a', leaseMs: 60_000 };

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const completed = { status: 'completed', internalStatus: 'finished', nextActionAt: null } as const;
const failed = { status: 'error', internalStatus: 'network_error', nextActionAt: null } as const;

describe('completedAt', () => {
  it('is stamped by a status set to completed, kept through error, removed when reopened', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1 });
    const lead = must(leads[0]);
    expect(lead.completedAt).toBeNull();
    now = minutes(1);
    expect((await t.db.leads.setStatus(ws, lead.id, completed)).completedAt).toEqual(minutes(1));
    now = minutes(2);
    expect((await t.db.leads.setStatus(ws, lead.id, failed)).completedAt).toEqual(minutes(1));
    expect((await t.db.leads.setStatus(ws, lead.id, completed)).completedAt).toEqual(minutes(1));
    const reopened = await t.db.leads.setStatus(ws, lead.id, {
      status: 'waiting',
      internalStatus: 'queued',
      nextActionAt: minutes(2),
    });
    expect(reopened.completedAt).toBeNull();
    // Absent rather than null, so the next `$min` stamps it.
    const raw = await t.raw('leads').findOne({ _id: lead.id as unknown as mongo.ObjectId });
    expect(raw && 'completedAt' in raw).toBe(false);
    now = minutes(3);
    expect((await t.db.leads.setStatus(ws, lead.id, failed)).completedAt).toEqual(minutes(3));
  });

  it('is stamped when the runner finishes a lead, not when it only advances one', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 2 });
    now = minutes(10);
    const first = must(await t.db.leadLeases.claimDue(ws, campaign.id, { ...lease, now }));
    const advanced = await t.db.leadLeases.completeStep(ws, first.id, lease.owner, {
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: minutes(20),
    });
    expect(advanced.completedAt).toBeNull();
    const second = must(await t.db.leadLeases.claimDue(ws, campaign.id, { ...lease, now }));
    expect(second.id).not.toBe(first.id);
    const finished = await t.db.leadLeases.completeStep(ws, second.id, lease.owner, {
      status: 'completed',
      internalStatus: 'replied',
      nextActionAt: null,
    });
    expect(finished.completedAt).toEqual(minutes(10));
    expect(leads.map((l) => l.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('follows the sequence edits that finish or reopen leads', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { steps: [step('invitation')], leads: 1 });
    const lead = must(leads[0]);
    now = minutes(30);
    // Deleting the only step finishes the lead that was about to run it.
    await t.db.leads.adjustAfterStepDelete(ws, campaign.id, { index: 0, previousLength: 1 });
    expect((await t.db.leads.get(ws, lead.id))?.completedAt).toEqual(minutes(30));
    // Appending a step reopens leads that had run every step.
    now = minutes(40);
    await t.db.leads.adjustAfterStepInsert(ws, campaign.id, {
      index: 0,
      previousLength: 0,
      reopenAt: minutes(40),
    });
    expect(await t.db.leads.get(ws, lead.id)).toMatchObject({ status: 'waiting', completedAt: null });
  });

  it('is stamped by a conditional status change too', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1 });
    const lead = must(leads[0]);
    now = minutes(50);
    const changed = await t.db.leads.setStatusIf(ws, lead.id, { status: 'waiting' }, completed);
    expect(changed?.completedAt).toEqual(minutes(50));
  });
});
