/** API keys: revocation by prefix or id, roles (older keys read as admin), expiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmbiguousMatchError, NotFoundError } from '../common/db-errors.js';
import type { mongo } from 'mongoose';
import { newId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { hashApiKey } from './api-key.entity.js';

let t: TestDb;
const T0 = new Date('2025-03-03T10:00:00Z');
let now = T0;

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
});
afterAll(() => t.db.close());

describe('revokeByPrefixAcrossWorkspaces', () => {
  it('revokes the one key with the prefix, whatever its workspace, and no other', async () => {
    const ws = await newWorkspace(t.db);
    const target = await t.db.apiKeys.create(ws, { name: 'leaked' });
    const kept = await t.db.apiKeys.create(ws, { name: 'kept' });
    const revoked = await t.db.apiKeys.revokeByPrefixAcrossWorkspaces(target.apiKey.prefix);
    expect(revoked).toMatchObject({ id: target.apiKey.id, workspaceId: ws, revokedAt: T0 });
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(target.plaintext))).toBeNull();
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(kept.plaintext))).toMatchObject({
      id: kept.apiKey.id,
    });
    // Revoking again keeps the first date.
    expect((await t.db.apiKeys.revokeByPrefixAcrossWorkspaces(target.apiKey.prefix)).revokedAt).toEqual(T0);
  });

  it('answers NotFoundError for a prefix nobody has', async () => {
    await expect(t.db.apiKeys.revokeByPrefixAcrossWorkspaces('okey_nothing')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('refuses a prefix shared by keys of two workspaces, revoking neither', async () => {
    const first = await newWorkspace(t.db);
    const second = await newWorkspace(t.db);
    const original = await t.db.apiKeys.create(first, { name: 'one' });
    // Prefixes are unique per workspace only; plant a key of the second workspace with the same one.
    await t.raw('api_keys').insertOne({
      _id: newId('apiKey') as unknown as mongo.ObjectId, // the service's ids are strings
      workspaceId: second,
      name: 'twin',
      hash: 'not-a-real-hash',
      prefix: original.apiKey.prefix,
      createdAt: T0,
      lastUsedAt: null,
      revokedAt: null,
    });
    const refused = t.db.apiKeys.revokeByPrefixAcrossWorkspaces(original.apiKey.prefix);
    await expect(refused).rejects.toBeInstanceOf(AmbiguousMatchError);
    await expect(refused).rejects.toMatchObject({ workspaceIds: [first, second].sort() });
    expect((await t.db.apiKeys.list(first))[0]?.revokedAt).toBeNull();
    expect((await t.db.apiKeys.list(second))[0]?.revokedAt).toBeNull();
    // The workspace-scoped revocation narrows it down.
    expect((await t.db.apiKeys.revokeByPrefix(second, original.apiKey.prefix)).revokedAt).toEqual(T0);
    expect((await t.db.apiKeys.list(first))[0]?.revokedAt).toBeNull();
  });
});

describe('roles, expiry and creators', () => {
  it('creates an admin key by default, or with the role, expiry and creator given', async () => {
    const ws = await newWorkspace(t.db);
    const plain = await t.db.apiKeys.create(ws, { name: 'default' });
    expect(plain.apiKey).toMatchObject({ role: 'admin', expiresAt: null, createdBy: null });
    const expiresAt = new Date(T0.getTime() + 3_600_000);
    const narrowed = await t.db.apiKeys.create(ws, {
      name: 'reporting',
      role: 'client',
      expiresAt,
      createdBy: { type: 'user', id: 'user-1', label: 'Ada' },
    });
    expect(narrowed.apiKey).toMatchObject({
      role: 'client',
      expiresAt,
      createdBy: { type: 'user', id: 'user-1', label: 'Ada' },
    });
    expect(await t.db.apiKeys.get(ws, narrowed.apiKey.id)).toEqual(narrowed.apiKey);
    const byCli = await t.db.apiKeys.create(ws, {
      name: 'cli',
      createdBy: { type: 'cli', id: null, label: null },
    });
    expect(byCli.apiKey.createdBy).toEqual({ type: 'cli', id: null, label: null });
  });

  it('reads a key stored before roles as an admin that never expires, and authenticates it', async () => {
    const ws = await newWorkspace(t.db);
    const id = newId('apiKey');
    await t.raw('api_keys').insertOne({
      _id: id as unknown as mongo.ObjectId,
      workspaceId: ws,
      name: 'old',
      hash: hashApiKey('okey_legacy'),
      prefix: 'okey_legacy_',
      createdAt: T0,
      lastUsedAt: null,
      revokedAt: null,
    });
    const legacy = await t.db.apiKeys.findActiveByHash(hashApiKey('okey_legacy'), new Date('2099-01-01'));
    expect(legacy).toMatchObject({ id, role: 'admin', expiresAt: null, createdBy: null });
    expect(await t.db.apiKeys.get(ws, id)).toEqual(legacy);
    // Not migrated: the record is read as admin, never rewritten.
    expect(await t.raw('api_keys').findOne({ _id: id as never })).not.toHaveProperty('role');
  });

  it('does not find a key past its expiry', async () => {
    const ws = await newWorkspace(t.db);
    const expiresAt = new Date(T0.getTime() + 60_000);
    const { plaintext } = await t.db.apiKeys.create(ws, { name: 'short', expiresAt });
    const hash = hashApiKey(plaintext);
    expect(await t.db.apiKeys.findActiveByHash(hash, new Date(expiresAt.getTime() - 1))).not.toBeNull();
    expect(await t.db.apiKeys.findActiveByHash(hash, expiresAt)).toBeNull();
    expect(await t.db.apiKeys.findActiveByHash(hash, new Date(expiresAt.getTime() + 1))).toBeNull();
    // Without `now`, the repository's clock (T0) decides: not yet expired.
    expect(await t.db.apiKeys.findActiveByHash(hash)).not.toBeNull();
  });

  it('revokes a key by id once (the first date stays), in its own workspace only', async () => {
    const ws = await newWorkspace(t.db);
    const other = await newWorkspace(t.db);
    const { apiKey, plaintext } = await t.db.apiKeys.create(ws, { name: 'doomed' });
    expect(await t.db.apiKeys.get(other, apiKey.id)).toBeNull();
    expect(await t.db.apiKeys.revoke(other, apiKey.id)).toBeNull();
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(plaintext))).not.toBeNull();
    expect((await t.db.apiKeys.revoke(ws, apiKey.id))?.revokedAt).toEqual(T0);
    now = new Date(T0.getTime() + 60_000);
    expect((await t.db.apiKeys.revoke(ws, apiKey.id))?.revokedAt).toEqual(T0);
    now = T0;
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(plaintext))).toBeNull();
    expect(await t.db.apiKeys.revoke(ws, 'key_000000000000000000000000')).toBeNull();
  });
});
