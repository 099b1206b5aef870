// De-risks the README's promise: the curl walkthrough of apps/api/README.md runs as written
// against `pnpm start` (demo workspace with two senders, a loopback webhook receiver it starts
// itself), through scripts/readme-walkthrough.mjs, which runs the README's own commands.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackPlace, startStack, type RunningStack } from './support/stack.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
let stack: RunningStack;
let place: Record<string, string>;

beforeAll(async () => {
  place = await stackPlace();
  stack = await startStack({}, { place });
});

afterAll(async () => {
  if (stack) expect(await stack.stop()).toBe(0);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function runWalkthrough(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/readme-walkthrough.mjs'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe("the README's curl walkthrough", () => {
  it('runs as written against pnpm start, to a started campaign', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      OUTREACH_STATE_FILE: place['OUTREACH_STATE_FILE'],
      HOOK_PORT: String(await freePort()),
    };
    delete env['NODE_OPTIONS'];
    const { code, output } = await runWalkthrough(env);
    expect(code, output.slice(-4000)).toBe(0);
    expect(output).toContain('"message":"2 leads added, 0 duplicates, 2 blocked"');
    expect(output).toMatch(/"message":"campaign Fintech founders Q3 started"/);
    expect(output).toContain('["invitation","message","visit_profile"]');
  });
});
