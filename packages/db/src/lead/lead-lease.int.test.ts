/**
 * The runner's claim path: due leads are leased to one runner at a time, a lost lease cannot
 * report back, and the claim reads only due work (the claim index is used).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLostError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { DUE_LEAD_SORT, dueLeadFilter } from './lead-lease.repository.js';
import { must } from '../testing/must.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const lease = (owner: string, now = T0) => ({ owner, now, leaseMs: 60_000 });

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('claimDue', () => {
  it('leases the most overdue lead and counts the attempt', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 2, status: 'active' });
    const [first, second] = leads;
    await t.db.leads.setStatus(ws, must(second).id, {
      status: 'waiting',
      internalStatus: 'queued',
      nextActionAt: at(-5_000),
    });
    const claimed = await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a'));
    expect(claimed).toMatchObject({
      id: must(second).id,
      leaseOwner: 'runner-a',
      leaseUntil: at(60_000),
      attempts: 1,
    });
    const next = await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-b'));
    expect(next?.id).toBe(must(first).id);
    expect(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-c'))).toBeNull();
  });

  it('skips leads not yet due and leads that are not runnable', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 2, status: 'active' });
    await t.db.leads.setStatus(ws, must(leads[0]).id, {
      status: 'waiting',
      internalStatus: 'awaiting_delay',
      nextActionAt: at(3_600_000),
    });
    await t.db.leads.setStatus(ws, must(leads[1]).id, {
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });
    expect(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a'))).toBeNull();
    expect((await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a', at(3_600_000))))?.id).toBe(
      must(leads[0]).id,
    );
  });

  it('hands a crashed runner’s lead to another once the lease expires', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    await t.db.leadLeases.claimDue(ws, campaign.id, lease('crashed'));
    expect(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-b', at(59_000)))).toBeNull();
    const reclaimed = await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-b', at(60_000)));
    expect(reclaimed).toMatchObject({
      id: must(leads[0]).id,
      leaseOwner: 'runner-b',
      attempts: 2,
      leaseTakenOver: true,
    });
    await expect(
      t.db.leadLeases.completeStep(ws, must(leads[0]).id, 'crashed', {
        status: 'active',
        internalStatus: 'invitation_pending',
        nextActionAt: null,
      }),
    ).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('reads what is due on the schedule’s clock and the lease on its own (a simulated product clock years ahead)', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const productNow = new Date('2099-06-01T00:00:00Z');
    const realLease = (owner: string, now: Date) => ({ owner, now, dueBy: productNow, leaseMs: 60_000 });
    const claimed = await t.db.leadLeases.claimDueBatch(ws, campaign.id, realLease('runner-a', T0), 5);
    expect(claimed).toMatchObject([{ id: must(leads[0]).id, leaseUntil: at(60_000) }]);
    expect(claimed[0]?.leaseTakenOver).toBeUndefined();
    // Product time is far past the lease's end, real time is not: the lease holds.
    expect(await t.db.leadLeases.claimDue(ws, campaign.id, realLease('runner-b', at(59_000)))).toBeNull();
    expect(
      await t.db.leadLeases.claimDueBatch(ws, campaign.id, realLease('runner-b', at(60_000)), 5),
    ).toMatchObject([{ id: must(leads[0]).id, leaseOwner: 'runner-b', leaseTakenOver: true }]);
  });

  it('never gives the same lead to two runners claiming in parallel', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 30, status: 'active' });
    const claimAll = async (owner: string) => {
      const ids: string[] = [];
      for (;;) {
        const lead = await t.db.leadLeases.claimDue(ws, campaign.id, lease(owner));
        if (!lead) return ids;
        ids.push(lead.id);
      }
    };
    const [a, b, c] = await Promise.all([claimAll('runner-a'), claimAll('runner-b'), claimAll('runner-c')]);
    const all = [...a, ...b, ...c];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(leads.map((lead) => lead.id)));
  });
});

describe('claimDueBatch', () => {
  it('leases several due leads at once, the most overdue first, each attempt counted', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 5, status: 'active' });
    const second = leads[1];
    await t.db.leads.setStatus(ws, must(second).id, {
      status: 'waiting',
      internalStatus: 'queued',
      nextActionAt: at(-5_000),
    });
    const batch = await t.db.leadLeases.claimDueBatch(ws, campaign.id, lease('batch-a'), 3);
    expect(batch).toHaveLength(3);
    expect(batch[0]).toMatchObject({ id: must(second).id, leaseOwner: 'batch-a', attempts: 1 });
    expect(batch.every((lead) => lead.leaseOwner === 'batch-a' && lead.attempts === 1)).toBe(true);
    const rest = await t.db.leadLeases.claimDueBatch(ws, campaign.id, lease('batch-b'), 3);
    expect(rest.map((lead) => lead.id).sort()).toEqual(
      leads
        .map((lead) => lead.id)
        .filter((id) => !batch.some((claimed) => claimed.id === id))
        .sort(),
    );
    expect(await t.db.leadLeases.claimDueBatch(ws, campaign.id, lease('batch-c'), 3)).toEqual([]);
  });

  it('never gives the same lead to two batches claimed in parallel', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 30, status: 'active' });
    const claimAll = async (owner: string) => {
      const ids: string[] = [];
      for (let round = 0; ; round += 1) {
        const batch = await t.db.leadLeases.claimDueBatch(ws, campaign.id, lease(`${owner}:${round}`), 4);
        if (batch.length === 0) return ids;
        ids.push(...batch.map((lead) => lead.id));
      }
    };
    const [a, b, c] = await Promise.all([claimAll('runner-a'), claimAll('runner-b'), claimAll('runner-c')]);
    const all = [...a, ...b, ...c];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(leads.map((lead) => lead.id)));
  });
});

describe('reporting back', () => {
  it('completes a step only while holding the lease, advancing by $inc and clearing the claim', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    await t.db.leadLeases.recordPendingAction(ws, claimed.id, 'runner-a', {
      key: 'k-1',
      stepId: 'stp_x',
      variantId: 'var_y',
    });
    const done = await t.db.leadLeases.completeStep(ws, claimed.id, 'runner-a', {
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: at(86_400_000),
    });
    expect(done).toMatchObject({
      currentStep: 1,
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: at(86_400_000),
      leaseOwner: null,
      leaseUntil: null,
      attempts: 0,
      pendingActionKey: null,
      assignedVariants: { stp_x: 'var_y' },
    });
    await expect(
      t.db.leadLeases.completeStep(ws, claimed.id, 'runner-a', {
        status: 'active',
        internalStatus: 'queued',
        nextActionAt: null,
      }),
    ).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('keeps the pending idempotency key for the next claim after a crash', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('crashed')));
    await t.db.leadLeases.recordPendingAction(ws, claimed.id, 'crashed', { key: 'led:stp:1' });
    const again = await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-b', at(60_000)));
    expect(again).toMatchObject({ id: claimed.id, pendingActionKey: 'led:stp:1' });
    await expect(
      t.db.leadLeases.recordPendingAction(ws, claimed.id, 'crashed', { key: 'other' }),
    ).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('gives back a lead claimed and never started, its claim taken back out of its attempts', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 2, status: 'active' });
    const [first, second] = await t.db.leadLeases.claimDueBatch(ws, campaign.id, lease('runner-a'), 2);
    expect([first?.attempts, second?.attempts]).toEqual([1, 1]);
    expect(await t.db.leadLeases.giveBack(ws, must(second).id, 'runner-a')).toBe(true);
    // Only the holder gives back: a second time (or another runner) changes nothing.
    expect(await t.db.leadLeases.giveBack(ws, must(second).id, 'runner-a')).toBe(false);
    expect(await t.db.leadLeases.giveBack(ws, must(first).id, 'runner-b')).toBe(false);
    const again = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-b')));
    expect(again).toMatchObject({ id: must(second).id, attempts: 1, leaseOwner: 'runner-b' });
  });

  it('releases a lead for later without advancing it; a finished lead leaves the claim path', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    expect(
      await t.db.leadLeases.release(ws, claimed.id, 'runner-a', {
        nextActionAt: at(1_000),
        internalStatus: 'awaiting_working_hours',
      }),
    ).toBe(true);
    expect(await t.db.leadLeases.release(ws, claimed.id, 'runner-a')).toBe(false);
    const back = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-b', at(1_000))));
    expect(back).toMatchObject({ currentStep: 0, internalStatus: 'awaiting_working_hours' });
    const finished = await t.db.leadLeases.completeStep(ws, back.id, 'runner-b', {
      advanceBy: 2,
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });
    expect(finished).toMatchObject({ currentStep: 2, nextActionAt: null });
    expect(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-c', at(10_000_000)))).toBeNull();
  });

  it('loses the lease when a user changes the lead’s status mid-step', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    await t.db.leads.setStatus(ws, claimed.id, {
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });
    await expect(
      t.db.leadLeases.completeStep(ws, claimed.id, 'runner-a', {
        status: 'active',
        internalStatus: 'queued',
        nextActionAt: T0,
      }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect((await t.db.leads.get(ws, claimed.id))?.status).toBe('paused');
  });
});

describe('nextDueAt', () => {
  it('tells when the campaign next has work, leased or not, and nothing once no lead is runnable', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 3, status: 'active' });
    const [first, second, third] = leads.map((lead) => must(lead).id);
    await t.db.leads.setStatus(ws, must(first), {
      status: 'waiting',
      internalStatus: 'queued',
      nextActionAt: at(90_000),
    });
    await t.db.leads.setStatus(ws, must(second), {
      status: 'waiting',
      internalStatus: 'queued',
      nextActionAt: at(30_000),
    });
    await t.db.leads.setStatus(ws, must(third), {
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });

    expect(await t.db.leadLeases.nextDueAt(ws, campaign.id)).toEqual(at(30_000));

    await t.db.leads.setStatus(ws, must(first), {
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });
    await t.db.leads.setStatus(ws, must(second), {
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });
    expect(await t.db.leadLeases.nextDueAt(ws, campaign.id)).toBeNull();
  });
});

describe('the claim index', () => {
  it('answers the claim query from the claim index, reading only due leads', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 60 });
    // 50 leads not due for a day, 5 paused (out of the index), 5 due.
    for (const lead of leads.slice(0, 50)) {
      await t.db.leads.setStatus(ws, lead.id, {
        status: 'waiting',
        internalStatus: 'awaiting_delay',
        nextActionAt: at(86_400_000),
      });
    }
    for (const lead of leads.slice(50, 55)) {
      await t.db.leads.setStatus(ws, lead.id, {
        status: 'paused',
        internalStatus: 'paused_by_user',
        nextActionAt: null,
      });
    }
    const claimQuery: Record<string, unknown> = { ...dueLeadFilter(campaign.id, T0), workspaceId: ws };
    const explained = (await t
      .raw('leads')
      .find(claimQuery)
      .sort(DUE_LEAD_SORT)
      .limit(1)
      .explain('executionStats')) as {
      queryPlanner: { winningPlan: unknown };
      executionStats: { totalDocsExamined: number; nReturned: number };
    };
    const plan = JSON.stringify(explained.queryPlanner.winningPlan);
    expect(plan).toContain('IXSCAN');
    expect(explained.executionStats.nReturned).toBe(1);
    // The planner walks the claim index from the earliest due entry: the 50 future leads and
    // the 5 paused ones are never read.
    expect(plan).toContain('workspaceId_1_campaignId_1_nextActionAt_1');
    expect(explained.executionStats.totalDocsExamined).toBeLessThanOrEqual(5);
  });
});
