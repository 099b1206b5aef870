/**
 * `connectDb` passes driver options through, so a benchmark can count the commands the data layer
 * sends over the same connection the product uses, without opening one of its own.
 */
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { describe, expect, it } from 'vitest';
import { connectDb, type StartedCommand } from './db.js';
import { newWorkspace } from './testing/fixtures.js';

describe('connectDb', () => {
  it('reports the commands it sends when opened with monitorCommands', async () => {
    const db = await connectDb(testDatabaseUri(), { driverOptions: { monitorCommands: true } });
    try {
      const seen: StartedCommand[] = [];
      const stop = db.watchCommands((command) => seen.push(command));
      const ws = await newWorkspace(db);
      await db.workspaces.get(ws);
      stop();
      await db.workspaces.get(ws);

      expect(seen.map((command) => command.commandName)).toEqual(['insert', 'find']);
      expect(new Set(seen.map((command) => command.databaseName)).size).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('reports nothing on a connection that does not monitor commands', async () => {
    const db = await connectDb(testDatabaseUri(), { ensureIndexes: false });
    try {
      const seen: StartedCommand[] = [];
      db.watchCommands((command) => seen.push(command));
      await db.workspaces.get(await newWorkspace(db));
      expect(seen).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
