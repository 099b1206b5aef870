import { createServer, type Socket } from 'node:net';
import { CursorStore } from './commands/cursor-store.js';
import { StorageEngine } from './storage/storage-engine.js';
import { removeExpiredDocuments } from './ttl-monitor.js';
import { serveConnection } from './wire/connection-handler.js';

export interface EmulatorOptions {
  /** TCP port; 0 or absent picks a free one. */
  port?: number;
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string;
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
 * Starts the in-memory MongoDB emulator: a wire-protocol server for development and tests, not a
 * database. Data lives in this process and disappears on `stop()`.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const storage = new StorageEngine();
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
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const sweeper = setInterval(() => {
    const now = Date.now();
    removeExpiredDocuments(storage, now);
    cursors.expireIdle(now);
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  let stopped: Promise<void> | undefined;
  return {
    uri: `mongodb://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        clearInterval(sweeper);
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      })),
  };
}
