import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createShutdown } from './graceful-shutdown.js';

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

interface HeldServer {
  url: string;
  server: Server;
  /** Resolves when `/slow` has reached the handler. */
  arrived: Promise<void>;
  /** Lets `/slow` answer. */
  release: () => void;
  /** Resolves when the answer to `/slow` has been handed to the operating system in full. */
  finished: Promise<void>;
}

/**
 * A server whose `/slow` is held until the test releases it: the test decides the order of
 * arrival, shutdown and answer instead of guessing it with sleeps.
 */
async function startServer(events: string[] = []): Promise<HeldServer> {
  let arrive!: () => void;
  let release!: () => void;
  let finish!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const running = createServer((req, res) => {
    if (req.url === '/slow') {
      arrive();
      res.on('finish', () => {
        events.push('answer sent');
        finish();
      });
      void released.then(() => res.end('done'));
      return;
    }
    res.end('fast');
  });
  server = running;
  await new Promise<void>((resolve) => running.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(running.address() as AddressInfo).port}`;
  return { url, server: running, arrived, release, finished };
}

describe('createShutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then runs afterClose', async () => {
    const events: string[] = [];
    const held = await startServer(events);
    const { shutdown, isShuttingDown } = createShutdown({
      server: held.server,
      deadlineMs: 30_000,
      afterClose: async () => {
        events.push('database closed');
      },
      log: () => undefined,
    });
    const inFlight = fetch(`${held.url}/slow`).then((res) => res.text());
    await held.arrived;
    const stopping = shutdown();
    expect(isShuttingDown()).toBe(true);
    await expect(fetch(`${held.url}/fast`)).rejects.toThrow();
    held.release();
    await stopping;
    // What the server guarantees: the answer was sent in full before afterClose ran. When the
    // client reads it is the client's business, so only its content is checked.
    expect(events).toEqual(['answer sent', 'database closed']);
    expect(await inFlight).toBe('done');
  });

  it('cuts requests still running at the deadline and closes anyway', async () => {
    const held = await startServer();
    let closed = false;
    const { shutdown } = createShutdown({
      server: held.server,
      deadlineMs: 100,
      afterClose: async () => {
        closed = true;
      },
      log: () => undefined,
    });
    const hanging = fetch(`${held.url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await held.arrived;
    // The request is never released: shutdown resolving at all proves the deadline cut it.
    await shutdown();
    expect(await hanging).toBe('cut');
    expect(closed).toBe(true);
  });

  it('returns the same shutdown when called twice', async () => {
    const held = await startServer();
    let closes = 0;
    const { shutdown } = createShutdown({
      server: held.server,
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
