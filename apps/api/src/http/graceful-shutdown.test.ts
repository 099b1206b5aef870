import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createShutdown } from './graceful-shutdown.js';

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose `/slow` answers after `delayMs` (never when null). */
async function startServer(delayMs: number | null): Promise<{ url: string; server: Server }> {
  server = createServer((req, res) => {
    if (req.url === '/slow') {
      if (delayMs !== null) setTimeout(() => res.end('done'), delayMs);
      return;
    }
    res.end('fast');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('createShutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then runs afterClose', async () => {
    const { url, server: running } = await startServer(150);
    const events: string[] = [];
    const { shutdown, isShuttingDown } = createShutdown({
      server: running,
      deadlineMs: 5_000,
      afterClose: async () => {
        events.push('database closed');
      },
      log: () => undefined,
    });
    const inFlight = fetch(`${url}/slow`).then(async (res) => {
      events.push(`answered ${await res.text()}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const stopping = shutdown();
    expect(isShuttingDown()).toBe(true);
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
    await Promise.all([inFlight, stopping]);
    expect(events).toEqual(['answered done', 'database closed']);
  });

  it('cuts requests still running at the deadline and closes anyway', async () => {
    const { url, server: running } = await startServer(null);
    let closed = false;
    const { shutdown } = createShutdown({
      server: running,
      deadlineMs: 100,
      afterClose: async () => {
        closed = true;
      },
      log: () => undefined,
    });
    const hanging = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const started = Date.now();
    await shutdown();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBe('cut');
    expect(closed).toBe(true);
  });

  it('returns the same shutdown when called twice', async () => {
    const { server: running } = await startServer(0);
    let closes = 0;
    const { shutdown } = createShutdown({
      server: running,
      deadlineMs: 100,
      afterClose: async () => {
        closes += 1;
      },
      log: () => undefined,
    });
    await Promise.all([shutdown(), shutdown()]);
    expect(closes).toBe(1);
  });
});
