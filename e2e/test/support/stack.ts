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
    timeoutMs = 90_000,
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
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs'), ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  while (!existsSync(stateFile) || !output.includes('The outreach service is up')) {
    if (child.exitCode !== null) throw new Error(`the stack exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
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
      return exited;
    },
  };
}
