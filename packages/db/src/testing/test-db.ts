import mongoose, { type Connection, type mongo } from 'mongoose';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { createDb, type Db, type DbOptions } from '../db.js';
import { assertTestDatabase } from '../test-guard.js';

export interface TestDb {
  db: Db;
  connection: Connection;
  /** A collection through the driver, for assertions on raw documents and `explain`; tests only. */
  raw(collection: string): mongo.Collection;
}

/**
 * The calling test file's own database, emptied, with every index built. Refuses to run outside
 * tests, since it drops the database it is given.
 */
export async function openTestDb(options: DbOptions = {}): Promise<TestDb> {
  assertTestDatabase();
  const connection = await mongoose
    .createConnection(testDatabaseUri(), { autoIndex: false, autoCreate: false })
    .asPromise();
  await connection.dropDatabase();
  const db = createDb(connection, options);
  await db.ensureIndexes();
  return {
    db,
    connection,
    raw: (collection) => connection.getClient().db(connection.name).collection(collection),
  };
}
