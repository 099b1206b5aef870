import { describe, expect, it } from 'vitest';
import { DAY_MS, NOW, account, lead, stepRun, world } from '../../test/support/step-run-world.js';
import { createPastUsage } from '../context/past-usage.js';
import { heldByPacing, reserveCapacity, takePacingSlot } from './sender-gates.js';

const WEEK_MS = 7 * DAY_MS;
const MINUTE_MS = 60_000;
/** The account's (UTC) calendar week of NOW ends on Monday 2026-03-16. */
const WEEK_END = new Date('2026-03-16T00:00:00Z');

/** A run of an account allowed `perWeek` invitations a week, that sent invitations at `times` (oldest first). */
function sentInvitations(perWeek: number, times: Date[]) {
  const sender = { ...account, limitSettings: { invitationsPerWeek: perWeek } };
  const w = world({ account: sender, invitationTimes: times });
  return { w, run: stepRun(w, { account: sender }) };
}

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

describe('reserveCapacity: LinkedIn weekly invitation cap over the last seven days', () => {
  it('holds an invitation when the last seven days reached the cap, until the oldest leaves the window', async () => {
    // Two last week (Friday, Saturday) and one this week: the calendar week holds only one.
    const times = [daysAgo(5), daysAgo(4), daysAgo(1)];
    const { w, run } = sentInvitations(3, times);
    expect(await reserveCapacity(run, 'invitation', 'key-1')).toEqual({
      ok: false,
      freesAt: new Date(daysAgo(5).getTime() + WEEK_MS + MINUTE_MS),
    });
    // The week's unit was asked for under what last week's two leave of the cap (one), and refused:
    // this week's invitation holds it. Nothing is held for the key.
    expect(w.consumed.find((slot) => slot.period.startsWith('week:'))?.cap).toBe(1);
    expect([...w.units.values()].some((keys) => keys.has('key-1'))).toBe(false);
  });

  it("waits for enough of last week's invitations to leave the window for the cap to have room", async () => {
    // Four last week fill the cap of three on their own: two must leave before this week's unit can
    // be taken at all (this week's one invitation, not read, may then still hold it until the third
    // leaves). Nothing is written meanwhile.
    const times = [daysAgo(6), daysAgo(5), daysAgo(4), daysAgo(3), daysAgo(1)];
    const { w, run } = sentInvitations(3, times);
    expect(await reserveCapacity(run, 'invitation', 'key-1')).toEqual({
      ok: false,
      freesAt: new Date(daysAgo(5).getTime() + WEEK_MS + MINUTE_MS),
    });
    expect(w.consumed).toEqual([]);
  });

  it("writes nothing when last week's invitations fill the cap exactly", async () => {
    const { w, run } = sentInvitations(2, [daysAgo(6), daysAgo(5)]);
    expect(await reserveCapacity(run, 'invitation', 'key-1')).toEqual({
      ok: false,
      freesAt: new Date(daysAgo(6).getTime() + WEEK_MS + MINUTE_MS),
    });
    expect(w.consumed).toEqual([]);
  });

  it("lowers the week's cap by last week's invitations, and the day's cap not at all", async () => {
    const sender = { ...account, limitSettings: { invitationsPerWeek: 10, invitationsPerDay: 5 } };
    const w = world({ account: sender, invitationTimes: [daysAgo(6), daysAgo(5), daysAgo(4)] });
    expect(await reserveCapacity(stepRun(w, { account: sender }), 'invitation', 'key-1')).toMatchObject({
      ok: true,
    });
    const caps = Object.fromEntries(w.consumed.map((slot) => [slot.period.split(':')[0], slot.cap]));
    expect(caps).toEqual({ day: 5, week: 7 });
  });

  it("reads last week's invitations once for every invitation of the pass", async () => {
    const { w, run } = sentInvitations(3, [daysAgo(5)]);
    let reads = 0;
    const store = run.ctx.store;
    const counted = {
      ...store,
      recentActionTimes: (...args: Parameters<typeof store.recentActionTimes>) => {
        reads += 1;
        return store.recentActionTimes(...args);
      },
    };
    const ctx = { ...run.ctx, store: counted, pastUsage: createPastUsage(counted) };
    expect(await reserveCapacity({ ...run, ctx }, 'invitation', 'key-1')).toMatchObject({ ok: true });
    expect(await reserveCapacity({ ...run, ctx }, 'invitation', 'key-2')).toMatchObject({ ok: true });
    expect(await reserveCapacity({ ...run, ctx }, 'invitation', 'key-3')).toMatchObject({ ok: false });
    expect(reads).toBe(1);
    expect(w.units.get('week:2026-W11/invitations')).toEqual(new Set(['key-1', 'key-2']));
  });

  it('lets an invitation go while the last seven days are below the cap', async () => {
    const { run } = sentInvitations(3, [daysAgo(8), daysAgo(4), daysAgo(1)]);
    expect(await reserveCapacity(run, 'invitation', 'key-1')).toMatchObject({ ok: true });
  });

  it('holds every invitation of an account allowed none a week until its week ends', async () => {
    const { run } = sentInvitations(0, []);
    expect(await reserveCapacity(run, 'invitation', 'key-1')).toEqual({ ok: false, freesAt: WEEK_END });
  });

  it('does not hold a message back for the week invitations', async () => {
    const { run } = sentInvitations(3, [daysAgo(5), daysAgo(4), daysAgo(1)]);
    expect(await reserveCapacity(run, 'message', 'key-1')).toMatchObject({ ok: true });
  });

  it('keeps each unit taken until its period is over', async () => {
    const w = world();
    expect(await reserveCapacity(stepRun(w), 'invitation', 'key-1')).toMatchObject({ ok: true });
    const ends: Record<string, Date> = {
      'day:2026-03-11': new Date('2026-03-12T00:00:00Z'),
      'week:2026-W11': WEEK_END,
    };
    expect(w.consumed.map((slot) => slot.period)).toEqual(Object.keys(ends));
    for (const slot of w.consumed)
      expect(slot.expiresAt.getTime()).toBeGreaterThan(ends[slot.period]?.getTime() ?? Infinity);
  });
});

describe('takePacingSlot: the gap between two actions of an account', () => {
  it('draws a different gap at different times, within the pacing bounds', async () => {
    const w = world();
    for (let minute = 0; minute < 6; minute += 1) {
      const run = stepRun(w);
      run.now = new Date(NOW.getTime() + minute * 10 * MINUTE_MS);
      await takePacingSlot(run);
    }
    expect(new Set(w.pacingGaps).size).toBeGreaterThan(1);
    for (const gap of w.pacingGaps) {
      expect(gap).toBeGreaterThanOrEqual(2 * MINUTE_MS);
      expect(gap).toBeLessThanOrEqual(8 * MINUTE_MS);
    }
  });

  it('takes no gate with pacing off: a gate left from before holds nothing', async () => {
    const w = world({ account: { ...account, pacedUntil: new Date(NOW.getTime() + 5 * MINUTE_MS) } });
    expect(await takePacingSlot(stepRun(w, { pacing: { min: 0, max: 0 } }))).toBeNull();
    expect(w.pacingGaps).toEqual([]);
  });
});

describe('heldByPacing: a backlog held by the pacing gate', () => {
  it('comes back spread over several gaps past the gate opening, not all at once', () => {
    const busyUntil = new Date(NOW.getTime() + 3 * MINUTE_MS);
    const w = world();
    const times = Array.from({ length: 20 }, (_, i) => {
      const verdict = heldByPacing(stepRun(w, { lead: { id: `${lead.id}_${i}` } }), busyUntil);
      if (verdict.kind !== 'postpone') throw new Error(`expected a postponement, got ${verdict.kind}`);
      expect(verdict.postponement.internalStatus).toBe('awaiting_capacity');
      return verdict.postponement.nextActionAt.getTime();
    });
    expect(Math.min(...times)).toBeGreaterThanOrEqual(busyUntil.getTime());
    // Eight gaps of at most 8 minutes each.
    expect(Math.max(...times)).toBeLessThanOrEqual(busyUntil.getTime() + 8 * 8 * MINUTE_MS);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(8 * MINUTE_MS);
    expect(new Set(times).size).toBeGreaterThan(10);
  });
});
