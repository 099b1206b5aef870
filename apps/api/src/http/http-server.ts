import { createServer, type RequestListener, type Server } from 'node:http';
import { answerClientError, type ClientErrorOptions } from './client-error.js';

export interface HttpServerOptions {
  /** The whole request, body included, must arrive within this time, else 408 and the connection is closed. */
  requestTimeoutMs: number;
  /** The request line and headers must arrive within this time (at most `requestTimeoutMs`). */
  headersTimeoutMs: number;
  /** Where the parser's refusals are logged (they never reach the request logger). */
  logger?: ClientErrorOptions['logger'] | undefined;
}

/**
 * The HTTP server around the app. Node's defaults let a client hold a connection for 300 s with a
 * body that never completes, and check the deadlines only every 30 s; here the deadlines are a few
 * seconds and checked every second, and what the parser refuses is answered in the error shape.
 */
export function createHttpServer(app: RequestListener, options: HttpServerOptions): Server {
  const server = createServer(
    {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: Math.min(options.headersTimeoutMs, options.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    app,
  );
  server.on('clientError', answerClientError(options));
  return server;
}
