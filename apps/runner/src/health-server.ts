import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface HealthProbe {
  /** Why the process cannot do its work now, or null when it can. */
  notReadyBecause(): Promise<string | null>;
}

/**
 * `/healthz` (the process is up) and `/readyz` (it can do its work: the database answers and its
 * provider credentials were not refused), for supervisors and load balancers, and `/metrics` when
 * the metrics share its port. JSON answers; 503
 * with the reason when not ready.
 */
export function startHealthServer(
  port: number,
  host: string,
  probe: HealthProbe,
  /** Serves other routes first (the metrics, when they share the port); true when it answered. */
  alsoServe?: (request: IncomingMessage, response: ServerResponse) => boolean,
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (alsoServe?.(request, response)) return;
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return send(405, { statusCode: 405, message: 'only GET' });
    if (request.url === '/healthz') return send(200, { status: 'ok' });
    if (request.url === '/readyz') {
      probe.notReadyBecause().then(
        (reason) =>
          reason === null ? send(200, { status: 'ready' }) : send(503, { status: 'not_ready', reason }),
        (error: unknown) => send(503, { status: 'not_ready', reason: String(error) }),
      );
      return;
    }
    return send(404, { statusCode: 404, message: 'not found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
