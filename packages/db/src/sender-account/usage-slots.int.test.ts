/**
 * `accountUsage.tryConsumeAll`: the units of several periods (an invitation's day and week) taken
 * all or none, in one round trip when every one is free.
 */
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db, type StartedCommand } from '../db.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';

let db: Db;
let ws: WorkspaceId;
const expiresAt = new Date('2099-01-01T00:00:00Z');

beforeAll(async () => {
  db = await connectDb(testDatabaseUri(), { driverOptions: { monitorCommands: true } });
  ws = await newWorkspace(db);
});
afterAll(() => db.close());

function invitation(accountId: string, caps: { day: number; week: number }, key?: string) {
  const base = { accountId, kind: 'invitations' as const, expiresAt, ...(key === undefined ? {} : { key }) };
  return [
    { ...base, period: 'day:2099-03-03', cap: caps.day },
    { ...base, period: 'week:2099-W10', cap: caps.week },
  ];
}

async function used(accountId: string) {
  const [day, week] = await Promise.all([
    db.accountUsage.get(ws, accountId, 'day:2099-03-03'),
    db.accountUsage.get(ws, accountId, 'week:2099-W10'),
  ]);
  return { day: day.invitations, week: week.invitations };
}

async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: StartedCommand[] = [];
  const stop = db.watchCommands((command) => seen.push(command));
  try {
    await work();
  } finally {
    stop();
  }
  return seen.map((command) => command.commandName);
}

describe('tryConsumeAll', () => {
  it('takes a unit of every period in one round trip', async () => {
    let refused: number | null = -1;
    const commands = await commandsOf(async () => {
      refused = (await db.accountUsage.tryConsumeAll(ws, invitation('acc_all', { day: 5, week: 10 })))
        .refused;
    });
    expect(refused).toBeNull();
    expect(commands).toEqual(['update']);
    expect(await used('acc_all')).toEqual({ day: 1, week: 1 });
  });

  it('answers the first period at its cap and gives back the units taken before it', async () => {
    expect(
      (await db.accountUsage.tryConsumeAll(ws, invitation('acc_week', { day: 5, week: 1 }))).refused,
    ).toBeNull();
    expect(
      (await db.accountUsage.tryConsumeAll(ws, invitation('acc_week', { day: 5, week: 1 }))).refused,
    ).toBe(1);
    expect(await used('acc_week')).toEqual({ day: 1, week: 1 });

    expect(
      (await db.accountUsage.tryConsumeAll(ws, invitation('acc_day', { day: 1, week: 5 }))).refused,
    ).toBeNull();
    expect(
      (await db.accountUsage.tryConsumeAll(ws, invitation('acc_day', { day: 1, week: 5 }))).refused,
    ).toBe(0);
    expect(await used('acc_day')).toEqual({ day: 1, week: 1 });
  });

  it('refuses a period whose cap is zero without creating its record', async () => {
    expect(
      (await db.accountUsage.tryConsumeAll(ws, invitation('acc_zero', { day: 5, week: 0 }))).refused,
    ).toBe(1);
    expect(await used('acc_zero')).toEqual({ day: 0, week: 0 });
  });

  it('takes the units of an action once, however often it asks', async () => {
    const slots = invitation('acc_key', { day: 5, week: 5 }, 'led_1:stp_1:1');
    expect((await db.accountUsage.tryConsumeAll(ws, slots)).refused).toBeNull();
    expect((await db.accountUsage.tryConsumeAll(ws, slots)).refused).toBeNull();
    expect(await used('acc_key')).toEqual({ day: 1, week: 1 });
  });

  it('never lets concurrent actions past either cap', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db.accountUsage
          .tryConsumeAll(ws, invitation('acc_race', { day: 7, week: 4 }, `led_${n}:stp:1`))
          .then((result) => result.refused),
      ),
    );
    expect(results.filter((result) => result === null)).toHaveLength(4);
    expect(await used('acc_race')).toEqual({ day: 4, week: 4 });
  });

  it('takes an optional unit last, in the same write, and only once the others are held', async () => {
    const note = (key: string, cap: number) => ({
      accountId: 'acc_note',
      period: 'day:2099-03-03',
      kind: 'notedInvitations' as const,
      key,
      cap,
      expiresAt,
    });
    const slots = (key: string, day: number) => invitation('acc_note', { day, week: 10 }, key);
    let answer: unknown;
    const commands = await commandsOf(async () => {
      answer = await db.accountUsage.tryConsumeAll(ws, slots('led_1:stp:1', 5), note('led_1:stp:1', 1));
    });
    expect(answer).toEqual({ refused: null, optional: true });
    expect(commands).toEqual(['update']);
    // The note's quota is used: the invitation's units are still taken, without the note's.
    expect(await db.accountUsage.tryConsumeAll(ws, slots('led_2:stp:1', 5), note('led_2:stp:1', 1))).toEqual({
      refused: null,
      optional: false,
    });
    // The day is full: nothing is taken, the note's unit least of all.
    expect(await db.accountUsage.tryConsumeAll(ws, slots('led_3:stp:1', 2), note('led_3:stp:1', 5))).toEqual({
      refused: 0,
      optional: false,
    });
    const day = await db.accountUsage.get(ws, 'acc_note', 'day:2099-03-03');
    expect([day.invitations, day.notedInvitations]).toEqual([2, 1]);
    // Asked again for the first action, nothing moves and its note's unit is still its own.
    expect(await db.accountUsage.tryConsumeAll(ws, slots('led_1:stp:1', 5), note('led_1:stp:1', 1))).toEqual({
      refused: null,
      optional: true,
    });
    expect((await db.accountUsage.get(ws, 'acc_note', 'day:2099-03-03')).notedInvitations).toBe(1);
  });
});
