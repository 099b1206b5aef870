/**
 * Index management as mongoose drives it (`Model.init`, `syncIndexes`, `listIndexes`) and the
 * errors MongoDB gives for conflicting or missing indexes; TTL indexes expire documents.
 */
import { describe, expect, it } from 'vitest';
import { conformanceModels } from '../support/conformance-models.js';
import { databaseOf, rejectionOf, useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();

describe('indexes', () => {
  it('creates the schema indexes on Model.init and lists them with their options', async () => {
    const { Lead } = conformanceModels(connection());
    await Lead.init();
    await Lead.createIndexes();
    const indexes = await Lead.listIndexes();
    const byName = new Map(indexes.map((index) => [index.name, index]));
    expect(byName.get('_id_')).toMatchObject({ key: { _id: 1 } });
    expect(byName.get('workspaceId_1_email_1')).toMatchObject({
      key: { workspaceId: 1, email: 1 },
      unique: true,
    });
    expect(byName.get('externalId_1')).toMatchObject({
      unique: true,
      partialFilterExpression: { externalId: { $type: 'string' } },
    });
    expect(byName.get('handle_1')).toMatchObject({ unique: true, sparse: true });
    expect(byName.get('status_1')?.['unique']).toBeUndefined();
  });

  it('treats creating an identical index again as a no-op', async () => {
    const collection = databaseOf(connection()).collection('idempotent');
    await collection.createIndex({ a: 1 }, { unique: true });
    await collection.createIndex({ a: 1 }, { unique: true });
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_', 'a_1']);
  });

  it('rejects an index whose name exists with other options (code 85 or 86)', async () => {
    const collection = databaseOf(connection()).collection('conflicting');
    await collection.createIndex({ a: 1 }, { name: 'by_a' });
    const error = await rejectionOf(collection.createIndex({ a: 1 }, { name: 'by_a', unique: true }));
    expect([85, 86]).toContain(error['code']);
  });

  it('refuses to build a unique index over duplicate values (code 11000)', async () => {
    const collection = databaseOf(connection()).collection('duplicated');
    await collection.insertMany([{ a: 1 }, { a: 1 }]);
    const error = await rejectionOf(collection.createIndex({ a: 1 }, { unique: true }));
    expect(error['code']).toBe(11000);
  });

  it('drops indexes by name and by key pattern, and reports a missing one with code 27', async () => {
    const collection = databaseOf(connection()).collection('dropping');
    await collection.createIndexes([{ key: { a: 1 } }, { key: { b: -1 } }]);
    await collection.dropIndex('a_1');
    await databaseOf(connection()).command({ dropIndexes: 'dropping', index: { b: -1 } });
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_']);
    expect((await rejectionOf(collection.dropIndex('a_1')))['code']).toBe(27);
  });

  it('answers listIndexes on a missing collection with code 26 NamespaceNotFound', async () => {
    const error = await rejectionOf(databaseOf(connection()).collection('missing').listIndexes().toArray());
    expect(error['code']).toBe(26);
  });

  it('keeps mongoose syncIndexes working: extra indexes are dropped, missing ones built', async () => {
    const { Job } = conformanceModels(connection());
    await Job.init();
    await Job.collection.createIndex({ owner: 1 });
    const dropped = await Job.syncIndexes();
    expect(dropped).toEqual(['owner_1']);
    const names = (await Job.listIndexes()).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['_id_', 'queue_1_dueAt_1']));
  });
});

describe('TTL indexes', () => {
  // MongoDB's TTL monitor runs every 60 s (the emulator's every second), so the wait is generous.
  it('removes documents whose expiry date has passed', { timeout: 75_000 }, async () => {
    const { Session } = conformanceModels(connection());
    await Session.init();
    await Session.createIndexes();
    await Session.create([
      { token: 'expired', expiresAt: new Date(Date.now() - 60_000) },
      { token: 'valid', expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    const deadline = Date.now() + 70_000;
    while ((await Session.countDocuments({ token: 'expired' })) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const tokens = (await Session.find().lean()).map((session) => session.token);
    expect(tokens).toEqual(['valid']);
  });
});
