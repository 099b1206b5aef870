import { mkdirSync } from 'node:fs';
import type { RunningBackend } from './running-backend.js';
import { canConnect, downloadEndpoint } from './download-probe.js';

const PROBE_TIMEOUT_MS = 3000;
const FALSE_VALUES = new Set(['false', '0', 'no', 'off']);

export type MemoryServerAttempt =
  { started: true; backend: RunningBackend } | { started: false; reason: string };

/**
 * Starts a real mongod through mongodb-memory-server, but only when that can succeed quickly:
 * - a binary is already there (`MONGOMS_SYSTEM_BINARY`, or one downloaded earlier into the cache): start it;
 * - otherwise a download is needed: first check within 3 s that the download server (or the
 *   configured proxy) accepts connections, and skip when it does not or when
 *   `MONGOMS_RUNTIME_DOWNLOAD` is false. Machines without internet access therefore lose at most
 *   a few seconds, usually milliseconds, instead of minutes of download retries.
 * The library is imported lazily: runs that never need it do not pay for loading it.
 */
export async function tryMemoryServer(
  port: number | undefined,
  env: NodeJS.ProcessEnv,
  dbPath?: string,
): Promise<MemoryServerAttempt> {
  const library = await import('mongodb-memory-server');
  let binary: string | undefined;
  try {
    binary = await library.DryMongoBinary.locateBinary(library.DryMongoBinary.getEnsuredOptions());
  } catch (error) {
    return { started: false, reason: `MONGOMS_SYSTEM_BINARY is unusable (${messageOf(error)})` };
  }
  if (binary === undefined) {
    if (FALSE_VALUES.has((env['MONGOMS_RUNTIME_DOWNLOAD'] ?? '').toLowerCase())) {
      return { started: false, reason: 'no mongod binary is cached and MONGOMS_RUNTIME_DOWNLOAD is off' };
    }
    const endpoint = downloadEndpoint(env);
    if (!(await canConnect(endpoint, PROBE_TIMEOUT_MS))) {
      return { started: false, reason: `no mongod binary is cached and ${endpoint.host} is unreachable` };
    }
  }
  try {
    if (dbPath !== undefined) mkdirSync(dbPath, { recursive: true });
    const server = await library.MongoMemoryServer.create({
      instance: {
        ip: '127.0.0.1',
        ...(port === undefined ? {} : { port }),
        // A dbPath of our own is kept on stop; wiredTiger writes it to disk (journal included).
        ...(dbPath === undefined ? {} : { dbPath, storageEngine: 'wiredTiger' as const }),
      },
    });
    return {
      started: true,
      backend: {
        uri: server.getUri(),
        detail: `mongod ${binary ?? 'downloaded by mongodb-memory-server'}${dbPath === undefined ? '' : `, data in ${dbPath}`}`,
        stop: async () => {
          await server.stop({ doCleanup: dbPath === undefined, force: dbPath === undefined });
        },
      },
    };
  } catch (error) {
    return { started: false, reason: `mongodb-memory-server failed to start mongod (${messageOf(error)})` };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
