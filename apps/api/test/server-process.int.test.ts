/**
 * The API process as deployed: configuration from the environment, connect, listen, answer, and a
 * clean exit on SIGTERM after closing the database; started while its database is away, it waits
 * for it and then listens.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startDatabaseOutageProxy, testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  // A test that expects the process to fail never awaits `listening`.
  listening.catch(() => undefined);
  return { child, listening, exited, output: () => output };
}

describe('server process', () => {
  it('serves requests, then shuts down cleanly on SIGTERM', async () => {
    const server = startServer({ MONGODB_URI: testDatabaseUri() });
    const port = await server.listening;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const unauthorised = await fetch(`http://127.0.0.1:${port}/v1/campaigns`, {
      headers: { 'x-api-key': 'okey_never-logged' },
    });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('x-request-id')).toBeTruthy();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutdown complete');
    // One JSON line per request, carrying its request id and status.
    expect(server.output()).toMatch(/"req":\{"id":"[0-9a-f-]{36}","method":"GET","url":"\/v1\/campaigns"/);
    expect(server.output()).not.toContain('okey_never-logged');
  });

  it('waits for a database that is away at start, then listens and serves', async () => {
    const outage = await startDatabaseOutageProxy(testDatabaseUri());
    outage.cut();
    const server = startServer({ MONGODB_URI: outage.uri, DATABASE_TIMEOUT_MS: '300' });
    try {
      const tries = (): number => server.output().split('database not reachable at start').length - 1;
      const deadline = Date.now() + 30_000;
      while (tries() < 2) {
        if (server.child.exitCode !== null) throw new Error(`the API exited:\n${server.output()}`);
        if (Date.now() > deadline) throw new Error(`no second try:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      outage.restore();
      const port = await server.listening;
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await outage.close();
    }
  });
});
