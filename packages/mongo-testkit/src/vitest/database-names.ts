import { createHash, randomBytes } from 'node:crypto';
import { basename } from 'node:path';

/** MongoDB database names must be shorter than 64 bytes. */
const MAX_NAME_LENGTH = 63;

/** A prefix unique to one test run, so runs sharing one server never touch each other's data. */
export function runDatabasePrefix(): string {
  return `test_${Date.now().toString(36)}${randomBytes(3).toString('hex')}_`;
}

/**
 * A readable name unique to a test file: the run prefix, the file's base name and a short hash of
 * its full path (two `user.int.test.ts` in different folders must not share a database).
 */
export function databaseNameForFile(prefix: string, testPath: string): string {
  const hash = createHash('sha1').update(testPath).digest('hex').slice(0, 8);
  const stem = basename(testPath)
    .replace(/\.(int\.)?test\.[cm]?[jt]sx?$/, '')
    .replace(/[^A-Za-z0-9_-]/g, '_');
  const room = MAX_NAME_LENGTH - prefix.length - hash.length - 1;
  return `${prefix}${stem.slice(0, Math.max(0, room))}_${hash}`;
}
