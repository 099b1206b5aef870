import { parseArgs } from 'node:util';
import { isBackend, type Backend } from './choose-backend.js';

export interface CliOptions {
  port: number;
  backend: Backend | undefined;
  dataDir: string | undefined;
  help: boolean;
}

export const USAGE = `Usage: outreach-mongo [--port <port>] [--backend uri|memory-server|emulator] [--data-dir <dir>]

Starts a MongoDB for local runs and prints its connection URI on one line.
--data-dir keeps the data across restarts in that directory (mongod's dbPath, or the emulator's
snapshot and journal); without it the data is gone when the server stops.
Backend: MONGODB_URI if set, else mongodb-memory-server when a mongod can start quickly,
else the in-memory emulator (a development and test fallback). MONGO_BACKEND or --backend forces one.
Stops on SIGINT (Ctrl-C) and SIGTERM.`;

const DEFAULT_PORT = 27017;

/** Parses the command line; throws with a readable message on bad input. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', short: 'p' },
      backend: { type: 'string', short: 'b' },
      'data-dir': { type: 'string', short: 'd' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  }
  if (values.backend !== undefined && !isBackend(values.backend)) {
    throw new Error(`--backend must be uri, memory-server or emulator, got "${values.backend}"`);
  }
  const dataDir = values['data-dir'];
  if (dataDir === '') throw new Error('--data-dir needs a directory');
  return { port, backend: values.backend, dataDir, help: values.help === true };
}
