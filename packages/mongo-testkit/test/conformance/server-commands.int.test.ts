/**
 * The handshake and the administrative commands the driver and mongoose send on their own
 * (hello, ping, buildInfo, getParameter, endSessions) plus namespace management: create, drop,
 * dropDatabase, listCollections, and the error for an unknown command.
 */
import { describe, expect, it } from 'vitest';
import { conformanceModels } from '../support/conformance-models.js';
import { databaseOf, rejectionOf, useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();

describe('server commands', () => {
  it('presents a writable server with a wire version the driver accepts', async () => {
    const hello = await databaseOf(connection()).admin().command({ hello: 1 });
    expect(hello['isWritablePrimary']).toBe(true);
    expect(hello['maxWireVersion']).toBeGreaterThanOrEqual(9);
    expect(hello['maxBsonObjectSize']).toBe(16 * 1024 * 1024);
  });

  it('answers ping, buildInfo and getParameter', async () => {
    const admin = databaseOf(connection()).admin();
    expect((await admin.ping())['ok']).toBe(1);
    const info = await admin.buildInfo();
    expect(info['version']).toMatch(/^\d+\.\d+/);
    expect(Array.isArray(info['versionArray'])).toBe(true);
    const parameter = await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 });
    expect(parameter['featureCompatibilityVersion']).toHaveProperty('version');
  });

  it('accepts endSessions for sessions the client ends', async () => {
    const session = await connection().startSession();
    await conformanceModels(connection()).Account.create([{ name: 'with session' }], { session });
    await session.endSession();
    const reply = await databaseOf(connection())
      .admin()
      .command({ endSessions: [session.id] });
    expect(reply['ok']).toBe(1);
  });

  it('answers an unknown command with code 59 CommandNotFound', async () => {
    const error = await rejectionOf(databaseOf(connection()).command({ noSuchCommand: 1 }));
    expect(error['code']).toBe(59);
    expect(error['codeName']).toBe('CommandNotFound');
  });
});

describe('namespaces', () => {
  it('creates a collection once and answers code 48 NamespaceExists the second time', async () => {
    const db = databaseOf(connection());
    await db.createCollection('created_twice');
    const error = await rejectionOf(db.command({ create: 'created_twice' }));
    expect(error['code']).toBe(48);
  });

  it('lists collections, filtered by name', async () => {
    const db = databaseOf(connection());
    await db.collection('listed_a').insertOne({ a: 1 });
    await db.collection('listed_b').insertOne({ b: 1 });
    const all = (await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name);
    expect(all).toEqual(expect.arrayContaining(['listed_a', 'listed_b']));
    const one = await db.listCollections({ name: 'listed_a' }).toArray();
    expect(one.map((entry) => entry.name)).toEqual(['listed_a']);
    expect(one[0]).toMatchObject({ type: 'collection' });
  });

  it('drops a collection with its documents and indexes', async () => {
    const db = databaseOf(connection());
    const collection = db.collection('dropped');
    await collection.insertOne({ a: 1 });
    await collection.createIndex({ a: 1 });
    expect(await collection.drop()).toBe(true);
    expect(await db.listCollections({ name: 'dropped' }).toArray()).toEqual([]);
    expect(await collection.countDocuments()).toBe(0);
  });

  it('creates collections implicitly on first insert, as mongoose models expect', async () => {
    const { Account } = conformanceModels(connection());
    await Account.create({ name: 'implicit' });
    const names = (await databaseOf(connection()).listCollections().toArray()).map((entry) => entry.name);
    expect(names).toContain('accounts');
  });

  it('drops a whole database', async () => {
    const other = connection().useDb(`${connection().name}_dropme`);
    await databaseOf(other).collection('x').insertOne({ x: 1 });
    await other.dropDatabase();
    expect(await databaseOf(other).listCollections().toArray()).toEqual([]);
  });
});
