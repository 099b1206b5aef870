import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StackInfo {
  apiUrl: string;
  docsUrl: string;
  apiKey: string;
  workspaceId: string;
  mongoUri: string;
  sandboxUrl: string;
}

export interface RunningStack {
  info: StackInfo;
  output: () => string;
  stop: () => Promise<number | null>;
}

const repoRoot = new URL('../../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Where one stack lives: free ports, and a folder of its own for the state file and the data
 * directory. Starting a stack again with the same place is a restart of the same service.
 */
export async function stackPlace(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-e2e-'));
  return {
    API_PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    MONGO_PORT: String(await freePort()),
    LLM_SIMULATOR_PORT: String(await freePort()),
    OUTREACH_STATE_FILE: join(dir, 'dev.json'),
    OUTREACH_DATA_DIR: join(dir, 'db'),
  };
}

/**
 * Starts the service exactly as `pnpm start` does (the built apps as separate processes), in
 * `place` (a new one by default), and waits until it has written its connection details.
 */
export async function startStack(
  extraEnv: Record<string, string>,
  {
    place,
    args = [],
    timeoutMs = 270_000,
  }: { place?: Record<string, string>; args?: string[]; timeoutMs?: number } = {},
): Promise<RunningStack> {
  const where = place ?? (await stackPlace());
  const stateFile = where['OUTREACH_STATE_FILE'] as string;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...where,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env['VITEST'];
  delete env['NODE_OPTIONS'];
  // In a process group of its own: whatever happens to the test, the whole stack (start.mjs and
  // the database, simulator and apps it runs in its group) can be stopped with one signal.
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs'), ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  // The worker exiting (a failed or timed-out file) takes the stack with it.
  process.once('exit', killGroup);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // Readiness is the state file and the line saying so; the deadline only catches a hang, and is
  // generous because a busy machine builds and starts slowly.
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(stateFile) || !output.includes('The outreach service is up')) {
    if (child.exitCode !== null) {
      killGroup();
      throw new Error(`the stack exited early:\n${output}`);
    }
    if (Date.now() > deadline) {
      killGroup();
      throw new Error(`the stack did not come up within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const info = JSON.parse(readFileSync(stateFile, 'utf8')) as StackInfo;
  return {
    info,
    output: () => output,
    stop: async () => {
      child.kill('SIGINT');
      const code = await exited;
      // start.mjs stops its children before it exits; anything its group still holds goes too.
      killGroup();
      process.removeListener('exit', killGroup);
      return code;
    },
  };
}
