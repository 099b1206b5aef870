/** Invitations: links stored as hashes, used at most once, pending until accepted, revoked or expired. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isId } from '../common/public-ids.js';
import { hashToken } from '../common/tokens.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
const T0 = new Date('2025-03-03T10:00:00Z');
const HOUR = 60 * 60 * 1000;
const byOwner = { type: 'user', id: 'owner-1', label: 'Olive Owner' } as const;
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
});
afterAll(() => t.db.close());

function invite(ws: Parameters<TestDb['db']['invitations']['create']>[0], email = 'new@example.com') {
  return t.db.invitations.create(ws, { email, role: 'member', createdBy: byOwner, ttlMs: 48 * HOUR });
}

describe('create', () => {
  it('normalises the address, returns the token once and stores only its hash', async () => {
    const ws = await newWorkspace(t.db);
    const { invitation, token } = await t.db.invitations.create(ws, {
      email: '  Mixed.Case@Example.COM ',
      role: 'admin',
      createdBy: { type: 'key', id: 'key_1', label: 'okey_abcdefg' },
      ttlMs: 2 * HOUR,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isId('invitation', invitation.id)).toBe(true);
    expect(invitation).toEqual({
      id: invitation.id,
      workspaceId: ws,
      email: 'mixed.case@example.com',
      role: 'admin',
      createdBy: { type: 'key', id: 'key_1', label: 'okey_abcdefg' },
      createdAt: T0,
      expiresAt: at(2 * HOUR),
      acceptedAt: null,
      revokedAt: null,
      status: 'pending',
    });
    const raw = await t.raw('invitations').findOne({ _id: invitation.id as never });
    expect(raw?.['tokenHash']).toBe(hashToken(token));
    expect(JSON.stringify(raw)).not.toContain(token);
    expect(JSON.stringify(invitation)).not.toContain(hashToken(token));
  });
});

describe('accept', () => {
  it('works once per token', async () => {
    const ws = await newWorkspace(t.db);
    const { invitation, token } = await invite(ws);
    const accepted = must(await t.db.invitations.accept(token, 'user-9', at(HOUR)));
    expect(accepted).toMatchObject({
      id: invitation.id,
      workspaceId: ws,
      status: 'accepted',
      acceptedAt: at(HOUR),
    });
    expect((await t.raw('invitations').findOne({ _id: invitation.id as never }))?.['acceptedBy']).toBe(
      'user-9',
    );
    expect(await t.db.invitations.accept(token, 'user-10', at(HOUR + 1))).toBeNull();
    expect(await t.db.invitations.listPending(ws, at(HOUR))).toEqual([]);
  });

  it('lets exactly one of two concurrent accepts win', async () => {
    const ws = await newWorkspace(t.db);
    const { token } = await invite(ws);
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((userId) => t.db.invitations.accept(token, userId, at(HOUR))),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it('refuses an expired, a revoked and an unknown token', async () => {
    const ws = await newWorkspace(t.db);
    const expiring = await invite(ws, 'late@example.com');
    expect(await t.db.invitations.accept(expiring.token, 'u', at(48 * HOUR))).toBeNull();
    const revoked = await invite(ws, 'gone@example.com');
    await t.db.invitations.revoke(ws, revoked.invitation.id, at(HOUR));
    expect(await t.db.invitations.accept(revoked.token, 'u', at(HOUR))).toBeNull();
    expect(await t.db.invitations.accept('not-a-token', 'u', at(HOUR))).toBeNull();
    // Still usable just before expiry.
    expect(await t.db.invitations.accept(expiring.token, 'u', at(48 * HOUR - 1))).not.toBeNull();
  });
});

describe('pending, revoked, expired', () => {
  it('lists only pending invitations, newest first; expired and revoked ones are not pending', async () => {
    const ws = await newWorkspace(t.db);
    const short = await t.db.invitations.create(ws, {
      email: 'short@example.com',
      role: 'client',
      createdBy: byOwner,
      ttlMs: HOUR,
    });
    const kept = await invite(ws, 'kept@example.com');
    const revoked = await invite(ws, 'revoked@example.com');
    await t.db.invitations.revoke(ws, revoked.invitation.id, at(1));
    const pending = await t.db.invitations.listPending(ws, at(2 * HOUR));
    expect(pending.map((i) => i.email)).toEqual(['kept@example.com']);
    expect(pending[0]?.status).toBe('pending');
    expect((await t.db.invitations.listPending(ws, at(1))).length).toBe(2);
    expect((await t.db.invitations.get(ws, short.invitation.id, at(2 * HOUR)))?.status).toBe('expired');
    expect((await t.db.invitations.get(ws, revoked.invitation.id, at(2 * HOUR)))?.status).toBe('revoked');
    expect((await t.db.invitations.get(ws, kept.invitation.id, at(2 * HOUR)))?.status).toBe('pending');
  });

  it('revokes a pending invitation once (the first date stays), never an accepted or expired one', async () => {
    const ws = await newWorkspace(t.db);
    const { invitation } = await invite(ws);
    expect(await t.db.invitations.revoke(ws, invitation.id, at(HOUR))).toMatchObject({
      status: 'revoked',
      revokedAt: at(HOUR),
    });
    expect((await t.db.invitations.revoke(ws, invitation.id, at(2 * HOUR)))?.revokedAt).toEqual(at(HOUR));

    const accepted = await invite(ws, 'yes@example.com');
    await t.db.invitations.accept(accepted.token, 'u', at(HOUR));
    expect(await t.db.invitations.revoke(ws, accepted.invitation.id, at(2 * HOUR))).toBeNull();
    expect((await t.db.invitations.get(ws, accepted.invitation.id))?.status).toBe('accepted');

    const expired = await invite(ws, 'late@example.com');
    expect(await t.db.invitations.revoke(ws, expired.invitation.id, at(49 * HOUR))).toBeNull();
    expect(await t.db.invitations.revoke(ws, 'inv_000000000000000000000000')).toBeNull();
  });

  it('revokes the pending invitations of an address when it is invited again', async () => {
    const ws = await newWorkspace(t.db);
    const older = await invite(ws, 'again@example.com');
    const other = await invite(ws, 'other@example.com');
    expect(await t.db.invitations.revokePendingFor(ws, ' AGAIN@example.com', at(HOUR))).toBe(1);
    expect(await t.db.invitations.accept(older.token, 'u', at(HOUR))).toBeNull();
    expect((await t.db.invitations.get(ws, other.invitation.id))?.status).toBe('pending');
    expect(await t.db.invitations.revokePendingFor(ws, 'again@example.com', at(HOUR))).toBe(0);
  });
});

describe('findByToken', () => {
  it('finds the invitation of a link whatever its workspace and status', async () => {
    const ws = await newWorkspace(t.db);
    const { invitation, token } = await invite(ws);
    expect(await t.db.invitations.findByToken(token, at(HOUR))).toEqual(invitation);
    expect((await t.db.invitations.findByToken(token, at(48 * HOUR)))?.status).toBe('expired');
    expect(await t.db.invitations.findByToken('unknown')).toBeNull();
  });
});

describe('isolation', () => {
  it('does not read, list or revoke another workspace’s invitations', async () => {
    const a = await newWorkspace(t.db);
    const b = await newWorkspace(t.db);
    const { invitation, token } = await invite(a, 'target@example.com');
    expect(await t.db.invitations.get(b, invitation.id)).toBeNull();
    expect(await t.db.invitations.listPending(b, T0)).toEqual([]);
    expect(await t.db.invitations.revoke(b, invitation.id)).toBeNull();
    expect(await t.db.invitations.revokePendingFor(b, 'target@example.com')).toBe(0);
    expect((await t.db.invitations.get(a, invitation.id))?.status).toBe('pending');
    expect((await t.db.invitations.accept(token, 'u', at(1)))?.workspaceId).toBe(a);
  });
});
