import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request as the receiver saw it. */
export interface ReceivedWebhook {
  webhookId: string;
  body: string;
}

export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 (a free port) that records each request's `webhook-id` and
 * answers as told; `down()` stops listening (connections are refused) until `up()`, same port.
 */
export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  answer(answer: ReceiverAnswer): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  initial: ReceiverAnswer = { status: 200 },
): Promise<WebhookReceiver> {
  let current = initial;
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        webhookId: String(req.headers['webhook-id']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(current.status, current.headers).end(current.body ?? '');
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(answer) {
      current = answer;
    },
    down: stop,
    up: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
