import { join } from 'node:path';
import { tryMemoryServer } from './backends/memory-server-backend.js';
import { redactUri, withoutDatabase } from './backends/mongo-uri.js';
import type { RunningBackend } from './backends/running-backend.js';
import { chooseBackend, type Backend } from './choose-backend.js';
import { startEmulator } from './emulator/start-emulator.js';

export interface StartMongoOptions {
  /** Port for a server started here (memory-server, emulator); ignored for `MONGODB_URI`. */
  port?: number;
  /** Forces a backend, like `MONGO_BACKEND`. */
  backend?: Backend;
  /** Receives the one line saying which backend runs; defaults to `console.log`. */
  log?: (line: string) => void;
  /**
   * Keeps the data across restarts in this directory: the memory-server's mongod uses
   * `<dataDir>/mongod` as its dbPath, the emulator journals to `<dataDir>/emulator`. Without it
   * both start empty and forget everything on `stop()`. Ignored for `MONGODB_URI`.
   */
  dataDir?: string;
}

export interface RunningMongo {
  /** Connection string without a database name, e.g. `mongodb://127.0.0.1:54321/`. */
  uri: string;
  backend: Backend;
  stop(): Promise<void>;
}

/**
 * A MongoDB for tests and local runs: `MONGODB_URI` if set, else a real mongod through
 * mongodb-memory-server when one can start quickly, else the in-process emulator.
 * `MONGO_BACKEND` (or `options.backend`) forces one of the three.
 */
export async function startMongo(
  options: StartMongoOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningMongo> {
  const log = options.log ?? ((line: string) => console.log(line));
  const forced = options.backend ?? chooseBackend(env);
  const { backend, running, note } = await startBackend(forced, options, env);
  log(`mongo-testkit: using ${describe(backend, running, note)}`);
  return { uri: running.uri, backend, stop: running.stop };
}

async function startBackend(
  forced: Backend | undefined,
  { port, dataDir }: StartMongoOptions,
  env: NodeJS.ProcessEnv,
): Promise<{ backend: Backend; running: RunningBackend; note?: string }> {
  if (forced === 'uri') return { backend: 'uri', running: externalServer(env) };
  const emulatorDir = dataDir === undefined ? undefined : join(dataDir, 'emulator');
  if (forced === 'emulator') return { backend: 'emulator', running: await emulator(port, emulatorDir) };
  const mongodDir = dataDir === undefined ? undefined : join(dataDir, 'mongod');
  const attempt = await tryMemoryServer(port, env, mongodDir);
  if (attempt.started) return { backend: 'memory-server', running: attempt.backend };
  if (forced === 'memory-server') throw new Error(`MONGO_BACKEND=memory-server, but ${attempt.reason}`);
  return {
    backend: 'emulator',
    running: await emulator(port, emulatorDir),
    note: `mongodb-memory-server skipped: ${attempt.reason}`,
  };
}

function externalServer(env: NodeJS.ProcessEnv): RunningBackend {
  const uri = env['MONGODB_URI'];
  if (uri === undefined || uri === '') throw new Error('MONGO_BACKEND=uri needs MONGODB_URI');
  // The server belongs to someone else: nothing to start, nothing to stop.
  return { uri: withoutDatabase(uri), detail: 'MONGODB_URI', stop: () => Promise.resolve() };
}

async function emulator(port: number | undefined, dataDir: string | undefined): Promise<RunningBackend> {
  const running = await startEmulator({
    ...(port === undefined ? {} : { port }),
    ...(dataDir === undefined ? {} : { dataDir }),
  });
  const kept = dataDir === undefined ? 'in memory' : `journalled to ${dataDir}`;
  return {
    uri: running.uri,
    detail: `a development and test fallback, not a real MongoDB; data ${kept}`,
    stop: running.stop,
  };
}

/**
 * The start-up line. The URI is always followed by a space, so tools that pick the first
 * `mongodb://\S+` out of a process's output get it without trailing punctuation.
 */
function describe(backend: Backend, running: RunningBackend, note: string | undefined): string {
  const where = redactUri(running.uri);
  const details = [running.detail, ...(note === undefined ? [] : [note])].join('; ');
  const label = {
    uri: 'the MongoDB',
    'memory-server': 'mongodb-memory-server',
    emulator: 'the MongoDB emulator',
  }[backend];
  return `${label} at ${where} (${details})`;
}
