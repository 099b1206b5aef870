// De-risks a leak seen on busy CI machines: whatever started `scripts/start.mjs` was killed
// without passing a signal on (a test worker torn down), and the database, simulator and apps ran
// on for an hour with nobody to stop them. An orphaned start.mjs now stops its children itself.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { stackPlace } from './support/stack.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
const PORT_NAMES = ['API_PORT', 'SANDBOX_PORT', 'MONGO_PORT', 'LLM_SIMULATOR_PORT'];

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitUntil(what: string, done: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a start whose parent is killed', () => {
  it('stops every process it started and frees every port', async () => {
    const place = await stackPlace();
    const stateFile = place['OUTREACH_STATE_FILE'] as string;
    const env: NodeJS.ProcessEnv = { ...process.env, ...place, LOG_LEVEL: 'warn' };
    delete env['VITEST'];
    delete env['NODE_OPTIONS'];
    // A parent that starts the service and is then killed outright (SIGKILL: no handler runs).
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
         spawn(process.execPath, [${JSON.stringify(`${repoRoot}scripts/start.mjs`)}], { stdio: 'ignore' });
         setInterval(() => {}, 1000);`,
      ],
      { cwd: repoRoot, env, stdio: 'ignore', detached: true },
    );
    try {
      await waitUntil('the service to come up', () => existsSync(stateFile), 270_000);
      const info = JSON.parse(readFileSync(stateFile, 'utf8')) as { apiUrl: string };
      expect((await fetch(`${info.apiUrl}/healthz`)).status).toBe(200);
      process.kill(parent.pid ?? 0, 'SIGKILL');
      const ports = PORT_NAMES.map((name) => Number(place[name]));
      await waitUntil(
        'every port to be free again',
        async () => (await Promise.all(ports.map(portIsFree))).every(Boolean),
        60_000,
      );
    } finally {
      // Whatever the outcome, nothing of this test outlives it.
      try {
        process.kill(-(parent.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
