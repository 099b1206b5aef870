import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StackInfo {
  apiUrl: string;
  consoleUrl: string;
  apiKey: string;
  sandboxUrl: string;
  /** The demo workspace (`ws_…`). */
  workspaceId: string;
  /**
   * The one-time link that creates the first owner, which the API logs at start while nobody has
   * an account (the `people-setup` project opens it).
   */
  setupUrl: string;
}

/** The latest setup link in the API's JSON log lines, read as scripts/start.mjs reads it. */
export function setupUrlIn(output: string): string | undefined {
  return [...output.matchAll(/"setupUrl":"([^"]+)"/g)].at(-1)?.[1];
}

const repoRoot = new URL('../../../../', import.meta.url).pathname;

function freePort(): Promise<number> {
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
 * Starts the service as `pnpm start` does (the built apps as separate processes, the console
 * served by the API) on free ports with a data folder of its own, and waits for its details.
 */
export async function startStack(
  extraEnv: Record<string, string>,
): Promise<{ info: StackInfo; stop: () => Promise<void>; output: () => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-console-e2e-'));
  const stateFile = join(dir, 'dev.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    MONGO_PORT: String(await freePort()),
    LLM_SIMULATOR_PORT: String(await freePort()),
    OUTREACH_STATE_FILE: stateFile,
    OUTREACH_DATA_DIR: join(dir, 'db'),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env['NODE_OPTIONS'];
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 90_000;
  // Up, and the setup link logged (the data folder is new: nobody has an account yet).
  while (!existsSync(stateFile) || !output.includes('The outreach service is up') || !setupUrlIn(output)) {
    if (child.exitCode !== null) throw new Error(`the stack exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the stack did not come up within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const info = JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<StackInfo>;
  if (!info.consoleUrl) throw new Error(`the console is not built (pnpm --filter @outreach/console build)`);
  const setupUrl = setupUrlIn(output) ?? info.setupUrl;
  if (setupUrl) info.setupUrl = setupUrl;
  return {
    info: info as StackInfo,
    output: () => output,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}
