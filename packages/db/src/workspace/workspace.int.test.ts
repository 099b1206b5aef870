/** Workspaces and their API keys. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../api-key/api-key.entity.js';
import { NotFoundError } from '../common/db-errors.js';
import { isId } from '../common/public-ids.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
const T0 = new Date('2025-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
});
afterAll(() => t.db.close());

describe('workspaces', () => {
  it('creates, reads and changes a workspace’s plan', async () => {
    const created = await t.db.workspaces.createWorkspace({ name: 'Acme', plan: 'starter' });
    expect(isId('workspace', created.id)).toBe(true);
    expect(await t.db.workspaces.get(created.id)).toEqual(created);
    expect(await t.db.workspaces.getPlan(created.id)).toBe('starter');
    expect((await t.db.workspaces.update(created.id, { plan: 'agency' })).plan).toBe('agency');
    expect(await t.db.workspaces.getPlan(created.id)).toBe('agency');
  });
});

describe('API keys', () => {
  it('returns the plaintext once and stores only its SHA-256 hash and prefix', async () => {
    const ws = (await t.db.workspaces.createWorkspace({ name: 'Keys', plan: 'pro' })).id;
    const { apiKey, plaintext } = await t.db.apiKeys.create(ws, { name: 'CI' });
    expect(plaintext).toMatch(/^okey_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.prefix).toBe(plaintext.slice(0, 12));
    const raw = await t.raw('api_keys').findOne({ _id: apiKey.id as never });
    expect(raw?.['hash']).toBe(hashApiKey(plaintext));
    expect(JSON.stringify(raw)).not.toContain(plaintext);
    expect(JSON.stringify(await t.db.apiKeys.list(ws))).not.toContain(raw?.['hash'] as string);
  });

  it('authenticates by hash until revoked by prefix', async () => {
    const ws = (await t.db.workspaces.createWorkspace({ name: 'Auth', plan: 'pro' })).id;
    const { apiKey, plaintext } = await t.db.apiKeys.create(ws, { name: 'server' });
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(plaintext))).toMatchObject({
      id: apiKey.id,
      workspaceId: ws,
    });
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(`${plaintext}x`))).toBeNull();
    expect((await t.db.apiKeys.revokeByPrefix(ws, apiKey.prefix)).revokedAt).toEqual(T0);
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(plaintext))).toBeNull();
    await expect(t.db.apiKeys.revokeByPrefix(ws, 'okey_nothere')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('moves last-used forward only', async () => {
    const ws = (await t.db.workspaces.createWorkspace({ name: 'Touch', plan: 'pro' })).id;
    const { apiKey } = await t.db.apiKeys.create(ws, { name: 'k' });
    const later = new Date(T0.getTime() + 60_000);
    await t.db.apiKeys.touchLastUsed(ws, apiKey.id, later);
    await t.db.apiKeys.touchLastUsed(ws, apiKey.id, T0);
    expect((await t.db.apiKeys.list(ws))[0]?.lastUsedAt).toEqual(later);
  });
});
