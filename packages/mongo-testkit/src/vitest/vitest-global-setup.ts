import { MongoClient } from 'mongodb';
import type { TestProject } from 'vitest/node';
import { startMongo } from '../start-mongo.js';
import { runDatabasePrefix } from './database-names.js';
import './provided-context.js';

/**
 * vitest `globalSetup`: one MongoDB for the whole test run of a package, shared by its test files
 * (each uses its own database, see `testDatabaseUri`). On an external server (`MONGODB_URI`) the
 * run's databases are dropped at teardown; the other backends vanish with their process.
 */
export default async function setupMongo(project: TestProject): Promise<() => Promise<void>> {
  const mongo = await startMongo();
  const prefix = runDatabasePrefix();
  project.provide('mongoUri', mongo.uri);
  project.provide('mongoDatabasePrefix', prefix);
  return async () => {
    if (mongo.backend === 'uri') await dropRunDatabases(mongo.uri, prefix);
    await mongo.stop();
  };
}

async function dropRunDatabases(uri: string, prefix: string): Promise<void> {
  const client = await MongoClient.connect(uri);
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) {
      if (name.startsWith(prefix)) await client.db(name).dropDatabase();
    }
  } finally {
    await client.close();
  }
}
