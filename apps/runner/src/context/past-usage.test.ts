import { describe, expect, it } from 'vitest';
import { senderAccount } from '../../test/support/unit-fixtures.js';
import type { RunnerStore } from '../store/runner-store.port.js';
import { createPastUsage } from './past-usage.js';

/** Wednesday: the (UTC) calendar week began on Monday 2026-03-09. */
const NOW = new Date('2026-03-11T10:00:00Z');
const WEEK_START = new Date('2026-03-09T00:00:00Z');
const at = (iso: string) => new Date(iso);

/** A store whose action log and note counters answer per account, counting the reads. */
function store(times: Record<string, Date[]>, notes: Record<string, number>) {
  const reads: string[] = [];
  const fake = {
    async recentActionTimes(_ws: string, query: { accountId: string; since: Date }) {
      reads.push(`times ${query.accountId} since ${query.since.toISOString()}`);
      return (times[query.accountId] ?? []).filter((time) => time >= query.since);
    },
    async usageSum(_ws: string, accountId: string, _kind: string, periods: readonly string[]) {
      reads.push(`notes ${accountId} ${periods.length} days from ${periods[0]}`);
      return notes[accountId] ?? 0;
    },
  } as unknown as RunnerStore;
  return { fake, reads };
}

describe('the usage of closed periods, read once a pass', () => {
  const ada = senderAccount({ id: 'acc_ada' });
  const bob = senderAccount({ id: 'acc_bob' });

  it("keeps each account's invitations of the week before apart, those of this week left out", async () => {
    const { fake, reads } = store(
      {
        acc_ada: [
          at('2026-03-04T09:00:00Z'),
          at('2026-03-08T23:00:00Z'),
          WEEK_START,
          at('2026-03-10T09:00:00Z'),
        ],
        acc_bob: [at('2026-03-06T12:00:00Z')],
      },
      {},
    );
    const past = createPastUsage(fake);

    expect(await past.invitationsBeforeThisWeek(ada, NOW)).toEqual([
      at('2026-03-04T09:00:00Z'),
      at('2026-03-08T23:00:00Z'),
    ]);
    expect(await past.invitationsBeforeThisWeek(bob, NOW)).toEqual([at('2026-03-06T12:00:00Z')]);
    expect(await past.invitationsBeforeThisWeek(ada, NOW)).toHaveLength(2);
    // Seven days back from the week's start: all a later moment of the week can still count.
    expect(reads).toEqual([
      'times acc_ada since 2026-03-02T00:00:00.000Z',
      'times acc_bob since 2026-03-02T00:00:00.000Z',
    ]);
  });

  it("sums each account's notes of the 30 days before today, and reads again after `clear`", async () => {
    const { fake, reads } = store({}, { acc_ada: 3, acc_bob: 1 });
    const past = createPastUsage(fake);

    expect(await past.notesBeforeToday(ada, NOW)).toBe(3);
    expect(await past.notesBeforeToday(bob, NOW)).toBe(1);
    expect(await past.notesBeforeToday(ada, NOW)).toBe(3);
    past.clear();
    expect(await past.notesBeforeToday(ada, NOW)).toBe(3);
    await past.invitationsBeforeThisWeek(ada, NOW);
    past.clear();
    await past.invitationsBeforeThisWeek(ada, NOW);

    expect(reads.filter((read) => read.startsWith('notes'))).toEqual([
      'notes acc_ada 30 days from day:2026-03-10',
      'notes acc_bob 30 days from day:2026-03-10',
      'notes acc_ada 30 days from day:2026-03-10',
    ]);
    expect(reads.filter((read) => read.startsWith('times'))).toHaveLength(2);
  });

  it('reads again after a failed read', async () => {
    let fail = true;
    const fake = {
      async usageSum() {
        if (fail) throw new Error('connection reset');
        return 2;
      },
    } as unknown as RunnerStore;
    const past = createPastUsage(fake);

    await expect(past.notesBeforeToday(ada, NOW)).rejects.toThrow('connection reset');
    fail = false;
    expect(await past.notesBeforeToday(ada, NOW)).toBe(2);
  });
});
