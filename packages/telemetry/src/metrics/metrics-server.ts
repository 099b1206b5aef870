import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { exposition } from './metrics-registry.js';

/**
 * Answers `GET /metrics` with the registry's exposition and returns true, or returns false for any
 * other request (for a server that serves more than metrics, such as a health server).
 */
export function serveMetrics(registry: Registry) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') return false;
    exposition(registry).then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType });
        response.end(body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 500, message: `metrics failed: ${String(error)}` }));
      },
    );
    return true;
  };
}

export interface MetricsServer {
  server: Server;
  /** The port it listens on (the one asked for, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

/** A listener of its own that serves only `GET /metrics` (404 for anything else). */
export function startMetricsServer(port: number, host: string, registry: Registry): Promise<MetricsServer> {
  const metrics = serveMetrics(registry);
  const server = createServer((request, response) => {
    if (metrics(request, response)) return;
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ statusCode: 404, message: 'not found: only GET /metrics is served here' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address !== null ? address.port : port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
