/** Sender accounts and their usage counters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlreadyExistsError, NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
// Far in the future: the TTL monitor deletes expired counters in real time while a test runs.
const expiresAt = new Date('2100-01-01T00:00:00Z');

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('sender accounts', () => {
  it('creates a free account with no settings, warming up from its connection; refuses the same profile twice', async () => {
    const account = await t.db.senderAccounts.create(ws, { name: 'Ann', publicIdentifier: 'ann-sender' });
    expect(account).toMatchObject({
      status: 'connected',
      authenticated: true,
      active: true,
      timezone: 'UTC',
      inmailAllowed: false,
      tier: 'free',
      tierCheckedAt: null,
      limitSettings: {},
      restriction: null,
      cooldownUntil: null,
      cooldownReason: null,
      inmailBalance: null,
      nextPollAt: null,
      lastActionAt: null,
    });
    expect(account.warmUpStartedAt).toEqual(account.connectedAt);
    expect(account.warmUpStartedAt).not.toBeNull();
    const pending = await t.db.senderAccounts.create(ws, {
      name: 'Pending',
      publicIdentifier: 'pending-sender',
      status: 'disconnected',
    });
    expect(pending.warmUpStartedAt).toBeNull();
    await expect(
      t.db.senderAccounts.create(ws, { name: 'Ann 2', publicIdentifier: 'ann-sender' }),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    expect((await t.db.senderAccounts.list(ws)).map((a) => a.id)).toContain(account.id);
  });

  it('gets many by id in the order asked, leaving unknown ids out', async () => {
    const a = await t.db.senderAccounts.create(ws, { name: 'A', publicIdentifier: 'a-sender' });
    const b = await t.db.senderAccounts.create(ws, { name: 'B', publicIdentifier: 'b-sender' });
    const found = await t.db.senderAccounts.getMany(ws, [b.id, 'acc_000000000000000000000000', a.id]);
    expect(found.map((x) => x.id)).toEqual([b.id, a.id]);
  });

  it('changes some limit settings and keeps the others; updates flags and cooldown', async () => {
    const account = await t.db.senderAccounts.create(ws, {
      name: 'C',
      publicIdentifier: 'c-sender',
      limitSettings: { invitationsPerDay: 3 },
    });
    const updated = await t.db.senderAccounts.updateLimitSettings(
      ws,
      account.id,
      { messagesPerDay: 10 },
      { tier: 'free' },
    );
    expect(updated?.limitSettings).toEqual({ invitationsPerDay: 3, messagesPerDay: 10 });
    const cleared = await t.db.senderAccounts.updateLimitSettings(
      ws,
      account.id,
      { invitationsPerDay: null },
      { tier: 'free' },
    );
    expect(cleared?.limitSettings).toEqual({ messagesPerDay: 10 });
    expect(
      (await t.db.senderAccounts.update(ws, account.id, { active: false, timezone: 'Europe/Paris' })).active,
    ).toBe(false);
    const until = new Date('2025-03-03T12:00:00Z');
    expect((await t.db.senderAccounts.setCooldown(ws, account.id, until)).cooldownUntil).toEqual(until);
    expect((await t.db.senderAccounts.setCooldown(ws, account.id, null)).cooldownUntil).toBeNull();
    await expect(
      t.db.senderAccounts.updateLimitSettings(
        ws,
        'acc_000000000000000000000000',
        { messagesPerDay: 1 },
        { tier: 'free' },
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports a status change once however many times it is reported', async () => {
    const account = await t.db.senderAccounts.create(ws, { name: 'D', publicIdentifier: 'd-sender' });
    const reports = await Promise.all(
      [1, 2, 3].map(() => t.db.senderAccounts.setStatus(ws, account.id, 'disconnected', 'session expired')),
    );
    expect(reports.filter((r) => r.changed)).toHaveLength(1);
    expect(reports[0]?.account).toMatchObject({
      status: 'disconnected',
      disconnectReason: 'session expired',
    });
    expect(
      (await t.db.senderAccounts.setStatus(ws, account.id, 'connected')).account.disconnectReason,
    ).toBeNull();
  });
});

describe('usage counters', () => {
  it('never lets concurrent consumers exceed the cap', async () => {
    const slot = {
      accountId: 'acc_usage',
      period: 'day:2025-03-03',
      kind: 'invitations' as const,
      cap: 5,
      expiresAt,
    };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => t.db.accountUsage.tryConsume(ws, slot)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await t.db.accountUsage.get(ws, 'acc_usage', 'day:2025-03-03')).toMatchObject({
      invitations: 5,
      messages: 0,
      inmails: 0,
      profileVisits: 0,
      callsWrite: 0,
    });
  });

  it('keeps kinds and periods apart, and gives units back without going below zero', async () => {
    const day = { accountId: 'acc_kinds', period: 'day:2025-03-04', expiresAt };
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'messages', cap: 1 })).toBe(true);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'messages', cap: 1 })).toBe(false);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'profileVisits', cap: 1 })).toBe(true);
    expect(
      await t.db.accountUsage.tryConsume(ws, { ...day, period: 'day:2025-03-05', kind: 'messages', cap: 1 }),
    ).toBe(true);
    await t.db.accountUsage.release(ws, { ...day, kind: 'messages' });
    await t.db.accountUsage.release(ws, { ...day, kind: 'messages' });
    expect((await t.db.accountUsage.get(ws, 'acc_kinds', 'day:2025-03-04')).messages).toBe(0);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'messages', cap: 0 })).toBe(false);
  });

  it('takes a block of units all or none, never past the cap, and gives back its unspent part', async () => {
    const day = {
      accountId: 'acc_block',
      period: 'day:2025-03-07',
      kind: 'callsProfileRead' as const,
      expiresAt,
    };
    const used = async () => (await t.db.accountUsage.get(ws, 'acc_block', day.period)).callsProfileRead;
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, cap: 12, units: 5 })).toBe(true);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, cap: 12, units: 5 })).toBe(true);
    // Two left below the cap: a block of five is refused whole, and nothing is taken.
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, cap: 12, units: 5 })).toBe(false);
    expect(await used()).toBe(10);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, cap: 12, units: 2 })).toBe(true);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, cap: 12 })).toBe(false);
    await t.db.accountUsage.release(ws, { ...day, units: 3 });
    expect(await used()).toBe(9);
    // Never below zero: a release of more than was taken gives back nothing.
    await t.db.accountUsage.release(ws, { ...day, units: 10 });
    expect(await used()).toBe(9);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, cap: 3, units: 4 })).toBe(false);
    await expect(
      t.db.accountUsage.tryConsume(ws, { ...day, cap: 20, units: 2, key: 'lead:step:1' }),
    ).rejects.toThrow(RangeError);
  });

  it('keeps a period as long as its longest-lived unit: a note counted for a month outlives the day', async () => {
    // Expiries in the future: the expiry index deletes records past theirs by the real clock, and
    // would race the read below.
    const day = { accountId: 'acc_note_expiry', period: 'day:2099-03-07', key: 'lead:step:1' };
    const dayEnd = new Date('2099-03-09T00:00:00Z');
    const monthEnd = new Date('2099-04-08T00:00:00Z');
    await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'callsProfileRead', cap: 100, expiresAt: dayEnd });
    await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'notedInvitations', cap: 5, expiresAt: monthEnd });
    // A later unit with the day's expiry does not shorten it again.
    await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'invitations', cap: 5, expiresAt: dayEnd });
    const [record] = await t.raw('account_usage').find({ accountId: 'acc_note_expiry' }).toArray();
    expect(record?.['expiresAt']).toEqual(monthEnd);
  });

  it('counts each kind one action takes in a period: an invitation and its note are two units', async () => {
    const day = { accountId: 'acc_noted', period: 'day:2025-03-06', expiresAt, key: 'lead:step:1' };
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'notedInvitations', cap: 5 })).toBe(true);
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'invitations', cap: 5 })).toBe(true);
    // The same action again takes nothing more, of either kind.
    expect(await t.db.accountUsage.tryConsume(ws, { ...day, kind: 'invitations', cap: 5 })).toBe(true);
    expect(await t.db.accountUsage.get(ws, 'acc_noted', 'day:2025-03-06')).toMatchObject({
      invitations: 1,
      notedInvitations: 1,
    });
    // Giving back the invitation's unit leaves its note's.
    await t.db.accountUsage.release(ws, { ...day, kind: 'invitations' });
    expect(await t.db.accountUsage.get(ws, 'acc_noted', 'day:2025-03-06')).toMatchObject({
      invitations: 0,
      notedInvitations: 1,
    });
  });
});
