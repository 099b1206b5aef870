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
      refused = await db.accountUsage.tryConsumeAll(ws, invitation('acc_all', { day: 5, week: 10 }));
    });
    expect(refused).toBeNull();
    expect(commands).toEqual(['update']);
    expect(await used('acc_all')).toEqual({ day: 1, week: 1 });
  });

  it('answers the first period at its cap and gives back the units taken before it', async () => {
    expect(await db.accountUsage.tryConsumeAll(ws, invitation('acc_week', { day: 5, week: 1 }))).toBeNull();
    expect(await db.accountUsage.tryConsumeAll(ws, invitation('acc_week', { day: 5, week: 1 }))).toBe(1);
    expect(await used('acc_week')).toEqual({ day: 1, week: 1 });

    expect(await db.accountUsage.tryConsumeAll(ws, invitation('acc_day', { day: 1, week: 5 }))).toBeNull();
    expect(await db.accountUsage.tryConsumeAll(ws, invitation('acc_day', { day: 1, week: 5 }))).toBe(0);
    expect(await used('acc_day')).toEqual({ day: 1, week: 1 });
  });

  it('refuses a period whose cap is zero without creating its record', async () => {
    expect(await db.accountUsage.tryConsumeAll(ws, invitation('acc_zero', { day: 5, week: 0 }))).toBe(1);
    expect(await used('acc_zero')).toEqual({ day: 0, week: 0 });
  });

  it('takes the units of an action once, however often it asks', async () => {
    const slots = invitation('acc_key', { day: 5, week: 5 }, 'led_1:stp_1:1');
    expect(await db.accountUsage.tryConsumeAll(ws, slots)).toBeNull();
    expect(await db.accountUsage.tryConsumeAll(ws, slots)).toBeNull();
    expect(await used('acc_key')).toEqual({ day: 1, week: 1 });
  });

  it('never lets concurrent actions past either cap', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db.accountUsage.tryConsumeAll(ws, invitation('acc_race', { day: 7, week: 4 }, `led_${n}:stp:1`)),
      ),
    );
    expect(results.filter((result) => result === null)).toHaveLength(4);
    expect(await used('acc_race')).toEqual({ day: 4, week: 4 });
  });
});
