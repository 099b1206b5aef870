import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Waits this long before answering, to play a slow receiver. */
  delayMs?: number;
}

export type Responder = (request: ReceivedRequest) => ReceiverAnswer | Promise<ReceiverAnswer>;

/** A real HTTP server on 127.0.0.1 that records what it receives and answers as told. */
export interface TestReceiver {
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  respondWith(responder: Responder): void;
  /** Stops listening (connections are refused) until `up()`; the port is kept. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const ok: Responder = () => ({ status: 200, body: 'ok' });

export async function startTestReceiver(responder: Responder = ok): Promise<TestReceiver> {
  let current = responder;
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      void Promise.resolve(current(received)).then((answer) => {
        const send = (): void => {
          if (res.destroyed) return;
          res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
        };
        if (!answer.delayMs) return send();
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      });
    });
  });
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  const stop = async (): Promise<void> => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    respondWith: (next) => {
      current = next;
    },
    down: stop,
    up: () => listen(server, port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
