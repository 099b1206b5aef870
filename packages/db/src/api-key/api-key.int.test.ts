/** Revoking an API key by its prefix alone, when the operator does not know the workspace. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmbiguousMatchError, NotFoundError } from '../common/db-errors.js';
import type { mongo } from 'mongoose';
import { newId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { hashApiKey } from './api-key.entity.js';

let t: TestDb;
const T0 = new Date('2025-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
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
