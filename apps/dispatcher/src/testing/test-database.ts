import { databaseUri } from '@outreach/mongo-testkit';
import { testDatabaseName, testDatabaseUri } from '@outreach/mongo-testkit/vitest';

let issued = 0;

/**
 * A database of its own for each call within the calling test file: the dispatcher claims across
 * workspaces, so tests sharing a database would take each other's deliveries.
 */
export function freshTestDatabaseUri(): string {
  issued += 1;
  const suffix = `_${issued}`;
  return databaseUri(testDatabaseUri(), `${testDatabaseName().slice(0, 63 - suffix.length)}${suffix}`);
}
