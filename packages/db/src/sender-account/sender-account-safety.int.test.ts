/**
 * What keeps a LinkedIn account safe, as stored: the tier and InMail credits (an older reading never
 * overwrites a newer one), a restriction reported once however many calls meet it, a cooldown that
 * never gets shorter, the last action and warm-up, one runner per poll, the user's settings (and
 * the records written before them), and every counter of the day, week and month in one read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
const now = new Date('2025-03-05T10:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
const expiresAt = new Date('2100-01-01T00:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

let accounts = 0;
function newAccount() {
  accounts += 1;
  return t.db.senderAccounts.create(ws, { name: `Safe ${accounts}`, publicIdentifier: `safe-${accounts}` });
}

describe('tier and InMail credits', () => {
  it('stores the tier read from the provider, and an older reading arriving late changes nothing', async () => {
    const { id } = await newAccount();
    const premium = await t.db.senderAccounts.setTier(ws, id, {
      tier: 'sales_navigator',
      premiumFeatures: ['sales_navigator'],
      checkedAt: at(2),
      inmailAllowed: true,
    });
    expect(premium).toMatchObject({
      tier: 'sales_navigator',
      tierCheckedAt: at(2),
      inmailAllowed: true,
      premiumFeatures: ['sales_navigator'],
    });
    const late = await t.db.senderAccounts.setTier(ws, id, {
      tier: 'free',
      checkedAt: at(1),
      inmailAllowed: false,
    });
    expect(late).toMatchObject({ tier: 'sales_navigator', tierCheckedAt: at(2) });
  });

  it('stores the InMail balance unless a newer one is stored', async () => {
    const { id } = await newAccount();
    const balance = { classic: 3, sales_navigator: 40, recruiter: null, checkedAt: at(1) };
    expect((await t.db.senderAccounts.setInmailBalance(ws, id, balance)).inmailBalance).toEqual(balance);
    const older = { classic: 5, sales_navigator: 50, recruiter: null, checkedAt: at(0) };
    expect((await t.db.senderAccounts.setInmailBalance(ws, id, older)).inmailBalance).toEqual(balance);
  });
});

describe('restriction', () => {
  it('changes once when two calls meet the restriction at the same time', async () => {
    const { id } = await newAccount();
    const restriction = {
      reason: 'account_restricted',
      detail: 'Account restricted by LinkedIn',
      since: now,
    };
    const results = await Promise.all([
      t.db.senderAccounts.markRestricted(ws, id, restriction),
      t.db.senderAccounts.markRestricted(ws, id, restriction),
    ]);
    expect(results.map((result) => result.changed).sort()).toEqual([false, true]);
    expect(results[0]?.account).toMatchObject({ status: 'restricted', authenticated: false, restriction });
  });

  it('stays restricted when the session is then reported lost, and a reconnection clears it', async () => {
    const { id } = await newAccount();
    await t.db.senderAccounts.markRestricted(ws, id, { reason: 'action_required', detail: '', since: now });
    const lost = await t.db.senderAccounts.setStatus(ws, id, 'disconnected', 'session lost');
    expect(lost).toMatchObject({ changed: false, account: { status: 'restricted' } });
    const back = await t.db.senderAccounts.setStatus(ws, id, 'connected');
    expect(back.changed).toBe(true);
    expect(back.account).toMatchObject({ status: 'connected', restriction: null, warmUpStartedAt: now });
  });

  it('keeps a restriction through a provider report of a lost session, and clears it on a reconnection report', async () => {
    const { id } = await newAccount();
    await t.db.senderAccounts.markRestricted(ws, id, {
      reason: 'account_restricted',
      detail: '',
      since: now,
    });
    const lost = await t.db.senderAccounts.applyProviderState(ws, id, {
      stateId: 'state:0001',
      status: 'disconnected',
      reason: 'CREDENTIALS',
    });
    expect(lost).toMatchObject({ applied: true, changed: false, account: { status: 'restricted' } });
    const back = await t.db.senderAccounts.applyProviderState(ws, id, {
      stateId: 'state:0002',
      status: 'connected',
    });
    expect(back).toMatchObject({ changed: true, account: { status: 'connected', restriction: null } });
  });
});

describe('cooldown, last action and polls', () => {
  it('never shortens a longer cooldown, and keeps the reason of the one that runs', async () => {
    const { id } = await newAccount();
    await t.db.senderAccounts.setCooldown(ws, id, { until: at(5), reason: 'provider_limit' });
    const shorter = await t.db.senderAccounts.setCooldown(ws, id, { until: at(1), reason: 'rate_limited' });
    expect(shorter).toMatchObject({ cooldownUntil: at(5), cooldownReason: 'provider_limit' });
    const longer = await t.db.senderAccounts.setCooldown(ws, id, { until: at(8), reason: 'rate_limited' });
    expect(longer).toMatchObject({ cooldownUntil: at(8), cooldownReason: 'rate_limited' });
  });

  it('moves the last action forward only, and restarts the warm-up when told', async () => {
    const { id } = await newAccount();
    await t.db.senderAccounts.touchLastAction(ws, id, at(3), null);
    await t.db.senderAccounts.touchLastAction(ws, id, at(2), null);
    expect(await t.db.senderAccounts.get(ws, id)).toMatchObject({
      lastActionAt: at(3),
      warmUpStartedAt: now,
    });
    await t.db.senderAccounts.touchLastAction(ws, id, at(400), at(400));
    expect(await t.db.senderAccounts.get(ws, id)).toMatchObject({
      lastActionAt: at(400),
      warmUpStartedAt: at(400),
    });
  });

  it('lets one of two runners take a due poll, and none before the next one is due', async () => {
    const { id } = await newAccount();
    const wins = await Promise.all([
      t.db.senderAccounts.claimPoll(ws, id, now, at(6)),
      t.db.senderAccounts.claimPoll(ws, id, now, at(7)),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await t.db.senderAccounts.claimPoll(ws, id, at(5), at(11))).toBe(false);
    expect(await t.db.senderAccounts.claimPoll(ws, id, at(7), at(13))).toBe(true);
    expect((await t.db.senderAccounts.get(ws, id))?.nextPollAt).toEqual(at(13));
  });
});

describe('limit settings of records written before tiers', () => {
  async function legacyAccount(limits: Record<string, number>) {
    const { id } = await newAccount();
    await t
      .raw('sender_accounts')
      .updateOne(
        { _id: id as never },
        { $set: { limits }, $unset: { limitSettings: '', tier: '', warmUpStartedAt: '' } },
      );
    return id;
  }
  const oldDefaults = {
    invitationsPerDay: 20,
    invitationsPerWeek: 100,
    messagesPerDay: 50,
    inmailsPerDay: 20,
    profileVisitsPerDay: 80,
  };

  it('writes new records without the retired caps, with empty settings and the free tier', async () => {
    const { id } = await newAccount();
    const raw = await t.raw('sender_accounts').findOne({ _id: id as never });
    expect(raw).not.toHaveProperty('limits');
    expect(raw).toMatchObject({ tier: 'free', limitSettings: {} });
  });

  it('reads the former defaults as no settings, and a changed cap as the setting it was', async () => {
    const untouched = await legacyAccount(oldDefaults);
    expect(await t.db.senderAccounts.get(ws, untouched)).toMatchObject({
      tier: 'free',
      limitSettings: {},
      warmUpStartedAt: null,
    });
    const lowered = await legacyAccount({ ...oldDefaults, messagesPerDay: 10 });
    expect((await t.db.senderAccounts.get(ws, lowered))?.limitSettings).toEqual({ messagesPerDay: 10 });
  });

  it('keeps the changed cap when the settings are next changed, and drops the retired field', async () => {
    const id = await legacyAccount({ ...oldDefaults, invitationsPerDay: 12 });
    const updated = await t.db.senderAccounts.updateLimitSettings(
      ws,
      id,
      { messagesPerDay: 30 },
      { tier: 'free' },
    );
    expect(updated?.limitSettings).toEqual({ invitationsPerDay: 12, messagesPerDay: 30 });
    const raw = await t.raw('sender_accounts').findOne({ _id: id as never });
    expect(raw).not.toHaveProperty('limits');
  });

  it('refuses a change checked against a tier the account no longer has', async () => {
    const { id } = await newAccount();
    await t.db.senderAccounts.setTier(ws, id, { tier: 'premium', checkedAt: now, inmailAllowed: true });
    expect(
      await t.db.senderAccounts.updateLimitSettings(ws, id, { invitationsPerDay: 90 }, { tier: 'free' }),
    ).toBeNull();
    expect((await t.db.senderAccounts.get(ws, id))?.limitSettings).toEqual({});
  });
});

describe('usage of the current periods', () => {
  it('reads every counter of the day, week and month at once, in the account time zone', async () => {
    const accountId = 'acc_current';
    // 23:30 UTC on 31 March is 1 April in Berlin: a new day, the same week, a new month.
    const when = new Date('2025-03-31T22:30:00Z');
    const periods = { day: 'day:2025-04-01', week: 'week:2025-W14', month: 'month:2025-04' };
    const take = (
      period: string,
      kind: 'invitations' | 'inmailsMonth' | 'callsListRead' | 'notedInvitations',
    ) => t.db.accountUsage.tryConsume(ws, { accountId, period, kind, cap: 10, expiresAt });
    await take(periods.day, 'callsListRead');
    await take(periods.day, 'callsListRead');
    await take(periods.week, 'notedInvitations');
    await take(periods.month, 'inmailsMonth');
    await take('day:2025-03-31', 'invitations');
    const usage = await t.db.accountUsage.current(ws, accountId, when, 'Europe/Berlin');
    expect(usage.periods).toEqual(periods);
    expect(usage.day).toMatchObject({ callsListRead: 2, invitations: 0 });
    expect(usage.week).toMatchObject({ notedInvitations: 1 });
    expect(usage.month).toMatchObject({ inmailsMonth: 1 });
  });
});
