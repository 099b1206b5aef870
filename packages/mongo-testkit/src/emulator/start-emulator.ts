import { createServer, type Socket } from 'node:net';
import { CursorStore } from './commands/cursor-store.js';
import { openDurableStorage } from './durability/durable-storage.js';
import { GroupCommit } from './durability/group-commit.js';
import { StorageEngine } from './storage/storage-engine.js';
import { removeExpiredDocuments } from './ttl-monitor.js';
import { serveConnection } from './wire/connection-handler.js';

export interface EmulatorOptions {
  /** TCP port; 0 or absent picks a free one. */
  port?: number;
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string;
  /**
   * Keeps the data in this directory (created if missing) instead of only in memory: a snapshot
   * plus a journal flushed before each acknowledgement, replayed on the next start.
   */
  dataDir?: string;
  /** With `dataDir`: fdatasync each commit (default true); false trusts the OS page cache. */
  syncToDisk?: boolean;
}

export interface RunningEmulator {
  /** `mongodb://host:port/`, without a database name. */
  uri: string;
  port: number;
  stop(): Promise<void>;
}

/** How often expired TTL documents and idle cursors are cleaned up. MongoDB's TTL monitor runs every 60 s. */
const SWEEP_INTERVAL_MS = 1000;

/**
 * Starts the MongoDB emulator: a wire-protocol server for development and tests, not a production
 * database. Without `dataDir` data lives in this process and disappears on `stop()`; with it, it
 * is journalled to that directory and found again by the next start on it.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const durable =
    options.dataDir === undefined
      ? undefined
      : openDurableStorage(options.dataDir, { syncToDisk: options.syncToDisk ?? true });
  const storage = durable?.storage ?? new StorageEngine();
  const commit = (): void => durable?.commit();
  const commits = durable === undefined ? undefined : new GroupCommit(durable.commit, durable.needsCommit);
  const afterCommit = (send: () => void, fail: () => void): void =>
    commits === undefined ? send() : commits.afterCommit(send, fail);
  const cursors = new CursorStore();
  let requestId = 0;
  let connectionId = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    connectionId += 1;
    serveConnection(socket, connectionId, {
      storage,
      cursors,
      nextRequestId: () => (requestId = (requestId + 1) | 0),
      afterCommit,
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    durable?.close();
    throw error;
  }
  const sweeper = setInterval(() => {
    const now = Date.now();
    removeExpiredDocuments(storage, now);
    cursors.expireIdle(now);
    try {
      commit();
    } catch {
      // The failure is kept and refuses every later command; there is no client to tell here.
    }
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  let stopped: Promise<void> | undefined;
  return {
    uri: `mongodb://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    stop: () =>
      (stopped ??= new Promise<void>((resolve, reject) => {
        clearInterval(sweeper);
        server.close(() => {
          try {
            durable?.close();
            resolve();
          } catch (error) {
            reject(error as Error);
          }
        });
        for (const socket of sockets) socket.destroy();
      })),
  };
}
