/**
 * The API process as deployed: configuration from the environment, connect, listen, answer, and a
 * clean exit on SIGTERM after closing the database.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
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
});
