import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';

/**
 * One mongoose connection per test file, to the file's own database on whichever backend the
 * global setup started. The database is dropped at the end, so the file leaves nothing behind on a
 * shared server.
 */
export function useMongoose(): () => Connection {
  let connection: Connection | undefined;
  beforeAll(async () => {
    connection = await mongoose.createConnection(testDatabaseUri(), { autoIndex: false }).asPromise();
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });
  return () => {
    if (connection === undefined) throw new Error('the connection opens in beforeAll');
    return connection;
  };
}

/** The driver-level database behind a mongoose connection. */
export function databaseOf(connection: Connection): NonNullable<Connection['db']> {
  if (connection.db === undefined) throw new Error('the connection is not open');
  return connection.db;
}

/** A document whose `_id` may be of any type (tests use numbers and strings). */
export interface AnyDocument {
  _id: unknown;
  // `any`, as in the driver's own `Document`: its filter and update types are computed from each
  // field's type, and `unknown` fields would reject every operator.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

/** A collection through the driver (mongoose's own copy of it), holding any documents. */
export function driverCollection(connection: Connection, name: string) {
  return databaseOf(connection).collection<AnyDocument>(name);
}

export type DriverCollection = ReturnType<typeof driverCollection>;

/** The rejection a promise ends with, for assertions on MongoDB error fields. */
export async function rejectionOf(work: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await work;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the operation to be rejected');
}
