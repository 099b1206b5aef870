import type { Server } from 'node:http';

const IDLE_SWEEP_MS = 25;

export interface ShutdownOptions {
  server: Server;
  /** How long in-flight requests get to finish before their connections are cut. */
  deadlineMs: number;
  /** Runs once the server has stopped, e.g. closing the database. */
  afterClose: () => Promise<void>;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * Stops accepting connections, lets in-flight requests finish until the deadline, cuts whatever is
 * still open after it, then runs `afterClose`. Calling it again returns the same promise.
 */
export function createShutdown(options: ShutdownOptions): {
  shutdown: () => Promise<void>;
  isShuttingDown: () => boolean;
} {
  let pending: Promise<void> | undefined;

  async function run(): Promise<void> {
    const { server, deadlineMs, log } = options;
    log('shutdown started', { deadlineMs });
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections with no request in flight would hold the server open until their
    // idle timeout; connections become idle as their last request finishes, so this repeats.
    server.closeIdleConnections();
    const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlineMs);
    });
    const outcome = await Promise.race([closed.then(() => 'closed' as const), deadline]);
    clearTimeout(timer);
    clearInterval(sweeper);
    if (outcome === 'deadline') {
      log('shutdown deadline reached, closing remaining connections');
      server.closeAllConnections();
      await closed;
    }
    await options.afterClose();
    log('shutdown complete');
  }

  return {
    shutdown: () => (pending ??= run()),
    isShuttingDown: () => pending !== undefined,
  };
}
