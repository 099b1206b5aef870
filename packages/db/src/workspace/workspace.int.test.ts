/** Workspaces and their API keys. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../api-key/api-key.entity.js';
import { NotFoundError } from '../common/db-errors.js';
import type { mongo } from 'mongoose';
import { asWorkspaceId, isId, newId } from '../common/public-ids.js';
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

describe('a deleted workspace', () => {
  it('reads as missing everywhere, once, and its keys are revoked', async () => {
    const agencyId = 'agc_000000000000000000000d01';
    const kept = await t.db.workspaces.createWorkspace({ name: 'Kept', plan: 'pro', agencyId });
    const gone = await t.db.workspaces.createWorkspace({ name: 'Gone', plan: 'pro', agencyId });
    const { plaintext } = await t.db.apiKeys.create(gone.id, { name: 'integration' });
    expect(await t.db.workspaces.markDeleted(gone.id, T0)).toBe(true);
    expect(await t.db.workspaces.markDeleted(gone.id, T0)).toBe(false);
    expect(await t.db.apiKeys.revokeAll(gone.id, T0)).toBe(1);
    expect(await t.db.workspaces.get(gone.id)).toBeNull();
    expect(await t.db.workspaces.getPlan(gone.id)).toBeNull();
    expect((await t.db.workspaces.listByAgency(agencyId)).map((w) => w.id)).toEqual([kept.id]);
    expect((await t.db.workspaces.listByIds([kept.id, gone.id])).map((w) => w.id)).toEqual([kept.id]);
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(plaintext))).toBeNull();
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

describe('workspaces of agencies', () => {
  it('has no agency by default, one when created with it, and reads a missing field as none', async () => {
    const agency = await t.db.agencies.create({ name: 'Agency' });
    const plain = await t.db.workspaces.createWorkspace({ name: 'Plain', plan: 'pro' });
    expect(plain.agencyId).toBeNull();
    const held = await t.db.workspaces.createWorkspace({ name: 'Held', plan: 'agency', agencyId: agency.id });
    expect(await t.db.workspaces.get(held.id)).toMatchObject({ agencyId: agency.id });
    const legacy = newId('workspace');
    await t.raw('workspaces').insertOne({
      _id: legacy as unknown as mongo.ObjectId,
      name: 'Before agencies',
      plan: 'pro',
      createdAt: T0,
      updatedAt: T0,
    });
    expect((await t.db.workspaces.get(asWorkspaceId(legacy)))?.agencyId).toBeNull();
  });

  it('lists an agency’s workspaces and workspaces by id', async () => {
    const agency = await t.db.agencies.create({ name: 'Lister' });
    const other = await t.db.agencies.create({ name: 'Other' });
    const a = await t.db.workspaces.createWorkspace({ name: 'A', plan: 'pro', agencyId: agency.id });
    const b = await t.db.workspaces.createWorkspace({ name: 'B', plan: 'pro', agencyId: agency.id });
    const c = await t.db.workspaces.createWorkspace({ name: 'C', plan: 'pro', agencyId: other.id });
    expect((await t.db.workspaces.listByAgency(agency.id)).map((w) => w.id)).toEqual([a.id, b.id]);
    expect(await t.db.workspaces.listByAgency('agc_000000000000000000000000')).toEqual([]);
    const byIds = await t.db.workspaces.listByIds([c.id, a.id, asWorkspaceId(newId('workspace'))]);
    expect(byIds.map((w) => w.id)).toEqual([a.id, c.id]);
    expect(await t.db.workspaces.listByIds([])).toEqual([]);
  });

  it('gives every workspace without an agency to the first agency, once', async () => {
    const first = await t.db.agencies.create({ name: 'First' });
    const other = await t.db.agencies.create({ name: 'Kept' });
    const unowned = await t.db.workspaces.createWorkspace({ name: 'Unowned', plan: 'pro' });
    const owned = await t.db.workspaces.createWorkspace({ name: 'Owned', plan: 'pro', agencyId: other.id });
    const legacy = newId('workspace');
    await t.raw('workspaces').insertOne({
      _id: legacy as unknown as mongo.ObjectId,
      name: 'Legacy',
      plan: 'starter',
      createdAt: T0,
      updatedAt: T0,
    });
    const assigned = await t.db.workspaces.assignAgencyToUnowned(first.id);
    expect(assigned).toEqual(expect.arrayContaining([unowned.id, legacy]));
    expect(assigned).not.toContain(owned.id);
    expect((await t.db.workspaces.get(owned.id))?.agencyId).toBe(other.id);
    expect((await t.db.workspaces.get(asWorkspaceId(legacy)))?.agencyId).toBe(first.id);
    const held = (await t.db.workspaces.listByAgency(first.id)).map((w) => w.id);
    expect(held.sort()).toEqual([...assigned].sort());
    expect(await t.db.workspaces.assignAgencyToUnowned(other.id)).toEqual([]);
  });
});
