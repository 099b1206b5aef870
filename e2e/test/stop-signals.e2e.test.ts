// De-risks stopping `pnpm start` the way scripts and supervisors do, with no terminal: a shell
// script starts it in the background with its output sent to a file (so pnpm inherits SIGINT as
// ignored, and runs the service in a process group of its own), then signals the process group
// it started. Every process of the run must exit and every port must be free again.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stackPlace } from './support/stack.js';

const repoRoot = new URL('../../', import.meta.url).pathname;

/** Pids of every process still in the session the script was started in. */
function sessionPids(sid: number): number[] {
  return execFileSync('ps', ['-eo', 'pid=,sid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([pid, session]) => session === sid && pid !== undefined)
    .map(([pid]) => pid as number);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitUntil(what: string, done: () => boolean, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('pnpm start launched in the background by a script', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops pnpm and every child, and frees their ports, on %s sent to its process group',
    async (signal) => {
      const place = await stackPlace();
      const logFile = join(dirname(place['OUTREACH_STATE_FILE'] as string), 'start.log');
      const env: NodeJS.ProcessEnv = { ...process.env, ...place, LOG_LEVEL: 'warn', START_LOG: logFile };
      delete env['VITEST'];
      delete env['NODE_OPTIONS'];
      // What a script does: `pnpm start > file &` without job control, in a new session (and so a
      // new process group) whose id the script then signals.
      const script = spawn('sh', ['-c', 'pnpm start > "$START_LOG" 2>&1 & wait'], {
        cwd: repoRoot,
        env,
        detached: true,
        stdio: 'ignore',
      });
      const group = script.pid as number;
      const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
      try {
        await waitUntil(
          'the service to come up',
          () => log().includes('The outreach service is up'),
          120_000,
          log,
        );
        process.kill(-group, signal);
        await waitUntil(
          `every process to exit after ${signal}`,
          () => sessionPids(group).length === 0,
          30_000,
          log,
        );
        const ports = ['API_PORT', 'SANDBOX_PORT', 'MONGO_PORT', 'LLM_SIMULATOR_PORT'].map((name) =>
          Number(place[name]),
        );
        for (const port of ports) expect(await portIsFree(port), `port ${port}`).toBe(true);
        expect(log()).toContain('stopping...');
      } finally {
        for (const pid of sessionPids(group)) process.kill(pid, 'SIGKILL');
      }
    },
  );
});
