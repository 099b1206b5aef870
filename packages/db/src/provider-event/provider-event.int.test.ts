/**
 * The provider event inbox: a webhook redelivered, or found again by a reconciliation poll, is
 * stored once; states are all kept; consumers claim events one at a time under a lease.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { NewProviderEvent } from './provider-event.repository.js';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.db.close());

const at = new Date('2026-03-02T10:00:00Z');

function relation(account: string, member: string): NewProviderEvent {
  return {
    eventId: `unipile:relation:${account}:${member}`,
    provider: 'unipile',
    type: 'invitation_accepted',
    providerAccountId: account,
    data: { providerId: member, publicIdentifier: 'ada', occurredAt: at },
    receivedAt: at,
  };
}

function status(account: string, value: string, receivedAt = at): NewProviderEvent {
  return {
    eventId: null,
    provider: 'unipile',
    type: 'account_status',
    providerAccountId: account,
    data: { status: value },
    receivedAt,
  };
}

it('stores an event with a provider id once however often it is delivered', async () => {
  const results = await Promise.all(
    Array.from({ length: 5 }, () => t.db.providerEvents.record(relation('uni_a', 'ACoAA1'))),
  );
  expect(results.filter((r) => r.created)).toHaveLength(1);
  expect(new Set(results.map((r) => r.event.id))).toEqual(new Set(['unipile:relation:uni_a:ACoAA1']));
  expect(await t.db.providerEvents.countPending('uni_a')).toBe(1);
  const stored = await t.db.providerEvents.get('unipile:relation:uni_a:ACoAA1');
  expect(stored?.data).toEqual({ providerId: 'ACoAA1', publicIdentifier: 'ada', occurredAt: at });
});

it('refuses an event id with an empty part, so events without an id are never merged into one', async () => {
  for (const eventId of ['', 'unipile:message:', 'unipile:relation:uni_e:']) {
    await expect(t.db.providerEvents.record({ ...relation('uni_e', 'x'), eventId })).rejects.toThrow(
      RangeError,
    );
  }
  expect(await t.db.providerEvents.countPending('uni_e')).toBe(0);
});

it('keeps every state report, each under a newer id than the one before', async () => {
  const first = await t.db.providerEvents.record(status('uni_b', 'disconnected'));
  const second = await t.db.providerEvents.record(status('uni_b', 'disconnected'));
  expect(first.created && second.created).toBe(true);
  expect(second.event.id > first.event.id).toBe(true);
  expect(await t.db.providerEvents.countPending('uni_b')).toBe(2);
});

it('hands an event to one consumer at a time, and never again once consumed', async () => {
  await t.db.providerEvents.record(relation('uni_c', 'ACoAA2'));
  const lease = { owner: 'runner-1', now: at, leaseMs: 60_000 };
  const claims = await Promise.all([
    t.db.providerEvents.claimNext(lease, { providerAccountIds: ['uni_c'] }),
    t.db.providerEvents.claimNext({ ...lease, owner: 'runner-2' }, { providerAccountIds: ['uni_c'] }),
  ]);
  const won = claims.filter((claim) => claim !== null);
  expect(won).toHaveLength(1);
  expect(won[0]?.attempts).toBe(1);
  const owner = claims[0] ? 'runner-1' : 'runner-2';
  expect(await t.db.providerEvents.markConsumed(won[0]?.id ?? '', at, 'runner-3')).toBe(false);
  expect(await t.db.providerEvents.markConsumed(won[0]?.id ?? '', at, owner)).toBe(true);
  const later = { owner: 'runner-2', now: new Date(at.getTime() + 120_000), leaseMs: 60_000 };
  expect(await t.db.providerEvents.claimNext(later, { providerAccountIds: ['uni_c'] })).toBeNull();
});

it('gives an abandoned claim to another consumer once its lease has run out', async () => {
  await t.db.providerEvents.record(relation('uni_d', 'ACoAA3'));
  const first = await t.db.providerEvents.claimNext(
    { owner: 'runner-1', now: at, leaseMs: 60_000 },
    { providerAccountIds: ['uni_d'] },
  );
  expect(first).not.toBeNull();
  const during = { owner: 'runner-2', now: new Date(at.getTime() + 30_000), leaseMs: 60_000 };
  expect(await t.db.providerEvents.claimNext(during, { providerAccountIds: ['uni_d'] })).toBeNull();
  const after = { owner: 'runner-2', now: new Date(at.getTime() + 61_000), leaseMs: 60_000 };
  const second = await t.db.providerEvents.claimNext(after, { providerAccountIds: ['uni_d'] });
  expect(second).toMatchObject({ id: first?.id, attempts: 2 });
});

it('applies account status reports as "latest wins": an older report arriving late changes nothing', async () => {
  const ws = await newWorkspace(t.db);
  const account = await t.db.senderAccounts.create(ws, {
    name: 'Maya',
    publicIdentifier: 'maya-chen',
    status: 'disconnected',
    authenticated: false,
  });
  const older = await t.db.providerEvents.record(status('uni_e', 'disconnected'));
  const newer = await t.db.providerEvents.record(status('uni_e', 'connected'));
  const linked = await t.db.senderAccounts.applyProviderState(ws, account.id, {
    stateId: newer.event.id,
    status: 'connected',
    providerAccountId: 'uni_e',
  });
  expect(linked).toMatchObject({ applied: true, changed: true });
  expect(linked.account).toMatchObject({
    status: 'connected',
    authenticated: true,
    providerAccountId: 'uni_e',
  });
  const late = await t.db.senderAccounts.applyProviderState(ws, account.id, {
    stateId: older.event.id,
    status: 'disconnected',
    reason: 'CREDENTIALS',
  });
  expect(late).toMatchObject({ applied: false, changed: false });
  expect(await t.db.senderAccounts.findByProviderAccountIdAcrossWorkspaces('uni_e')).toMatchObject({
    id: account.id,
    status: 'connected',
    authenticated: true,
  });
});

it('refuses a second sender account for the same provider account', async () => {
  const ws = await newWorkspace(t.db);
  const [a, b] = await Promise.all([
    t.db.senderAccounts.create(ws, { name: 'A', publicIdentifier: 'a-one' }),
    t.db.senderAccounts.create(ws, { name: 'B', publicIdentifier: 'b-two' }),
  ]);
  const state = await t.db.providerEvents.record(status('uni_f', 'connected'));
  const change = { stateId: state.event.id, status: 'connected' as const, providerAccountId: 'uni_f' };
  await t.db.senderAccounts.applyProviderState(ws, a.id, change);
  await expect(t.db.senderAccounts.applyProviderState(ws, b.id, change)).rejects.toMatchObject({
    code: 'already_exists',
  });
});

it('keeps a consumed event a week, then lets the TTL index remove it; a waiting event never expires', async () => {
  // Far ahead of the wall clock, so the database's TTL sweep cannot remove it during the test.
  const consumedAt = new Date('2099-03-02T10:00:00Z');
  const { event } = await t.db.providerEvents.record(relation('uni_ttl', 'ACoAA9'));
  const waiting = await t.raw('provider_events').findOne({ _id: event.id as never });
  expect(waiting?.['expiresAt']).toBeNull();

  expect(await t.db.providerEvents.markConsumed(event.id, consumedAt)).toBe(true);

  const consumed = await t.raw('provider_events').findOne({ _id: event.id as never });
  expect(consumed?.['expiresAt']).toEqual(new Date('2099-03-09T10:00:00Z'));
  const indexes = await t.raw('provider_events').indexes();
  expect(indexes.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
});
