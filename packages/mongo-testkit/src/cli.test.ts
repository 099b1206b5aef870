/**
 * The CLI as `pnpm db` runs it: from TypeScript sources, one URI line on stdout, a server the
 * plain driver can use (including a duplicate-key error), and a clean stop on SIGINT and SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

async function startCli(): Promise<{ child: ChildProcess; uri: string; stderr: () => string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', CLI, '--port', '0', '--backend', 'emulator'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [uri] = (await once(lines, 'line')) as [string];
  return { child, uri, stderr: () => stderr };
}

async function exitCodeAfter(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}

describe('outreach-mongo CLI', () => {
  it(
    'prints a URI the driver can insert into, query, and get code 11000 from; stops on SIGTERM',
    { timeout: 30_000 },
    async () => {
      const { child, uri, stderr } = await startCli();
      expect(uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
      const client = await MongoClient.connect(`${uri}cli_check`);
      try {
        const users = client.db().collection('users');
        await users.createIndex({ email: 1 }, { unique: true });
        await users.insertOne({ email: 'ada@example.com' });
        expect(await users.findOne({ email: 'ada@example.com' }, { projection: { _id: 0 } })).toEqual({
          email: 'ada@example.com',
        });
        await expect(users.insertOne({ email: 'ada@example.com' })).rejects.toMatchObject({ code: 11000 });
      } finally {
        await client.close();
      }
      expect(await exitCodeAfter(child, 'SIGTERM')).toBe(0);
      expect(stderr()).toMatch(/emulator.*development and test fallback/);
    },
  );

  it('stops cleanly on SIGINT', { timeout: 30_000 }, async () => {
    const { child } = await startCli();
    expect(await exitCodeAfter(child, 'SIGINT')).toBe(0);
  });
});
