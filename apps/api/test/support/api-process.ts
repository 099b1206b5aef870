import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  /** The main port, once the process logged that it listens. */
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  /** The first number logged under `field` (e.g. `metricsPort`), waiting for it up to `timeoutMs`. */
  loggedNumber(field: string, timeoutMs?: number): Promise<number>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The API as deployed (`src/server.ts` in a process of its own, from sources) with `env` on top of
 * the test's environment, once it listens. Killed when `stop` is not called before the test ends.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  async function loggedNumber(field: string, timeoutMs = 60_000): Promise<number> {
    const pattern = new RegExp(`"${field}":(\\d+)`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return Number(match[1]);
      if (child.exitCode !== null) throw new Error(`the API exited before logging ${field}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`no ${field} logged in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    const port = await loggedNumber('port');
    return {
      child,
      port,
      output: () => output,
      loggedNumber,
      async stop() {
        if (child.exitCode === null) child.kill('SIGTERM');
        return exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
