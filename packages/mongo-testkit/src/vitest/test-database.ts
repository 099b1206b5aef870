import { expect, inject } from 'vitest';
import { databaseUri } from '../backends/mongo-uri.js';
import { databaseNameForFile } from './database-names.js';
import './provided-context.js';

const namesByFile = new Map<string, string>();

/**
 * The database of the calling test file: its own name (stable within the file, unique across
 * files and runs) on the server the global setup started. Call it inside a test file whose vitest
 * config lists `@outreach/mongo-testkit/vitest-global-setup` in `globalSetup`.
 */
export function testDatabaseName(): string {
  const prefix = inject('mongoDatabasePrefix');
  if (typeof prefix !== 'string') throw new Error(missingSetupMessage());
  const testPath = expect.getState().testPath ?? 'unknown-file';
  let name = namesByFile.get(testPath);
  if (name === undefined) {
    name = databaseNameForFile(prefix, testPath);
    namesByFile.set(testPath, name);
  }
  return name;
}

/** `testDatabaseName()` as a connection string, ready for `mongoose.connect` or `MongoClient`. */
export function testDatabaseUri(): string {
  const uri = inject('mongoUri');
  if (typeof uri !== 'string') throw new Error(missingSetupMessage());
  return databaseUri(uri, testDatabaseName());
}

function missingSetupMessage(): string {
  return "no MongoDB was provided: add globalSetup: ['@outreach/mongo-testkit/vitest-global-setup'] to this package's vitest config";
}
export { startDatabaseOutageProxy, type DatabaseOutage } from './database-outage.js';
