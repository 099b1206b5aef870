import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from './http-error.js';
import { REQUEST_ID_HEADER } from './request-logger.middleware.js';
import { SECURITY_HEADERS } from './security-headers.middleware.js';

interface ParserError extends Error {
  code?: string;
}

/** What the HTTP parser's refusals become, in the API's error shape. */
function answerFor(error: ParserError, timeouts: { requestTimeoutMs: number }): ErrorBody {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { statusCode: 431, message: 'request headers exceed 16 KiB', code: 'headers_too_large' };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      statusCode: 408,
      message: `request not received completely within ${timeouts.requestTimeoutMs} ms`,
      code: 'request_timeout',
    };
  }
  return { statusCode: 400, message: 'malformed HTTP request', code: 'malformed_request' };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * The server's `clientError` listener: a request Node's parser refuses (bad bytes in the path or a
 * header, headers over the size limit, a request not received in time) gets a JSON answer in the
 * error shape and with a request id, then the connection is closed, as the parser cannot read
 * past the problem.
 */
export interface ClientErrorOptions {
  requestTimeoutMs: number;
  /** Where each refusal is logged with its request id; refusals are answered before Express. */
  logger?: { warn(fields: object, message: string): void } | undefined;
}

/** The response Node had opened for the request, when its headers were read before the refusal. */
interface PendingResponse {
  headersSent?: boolean;
  getHeader?: (name: string) => unknown;
}

export function answerClientError(options: ClientErrorOptions) {
  return (error: ParserError, socket: Duplex & { _httpMessage?: PendingResponse }): void => {
    // A connection reset by the peer, or an answer already on its way, leaves nothing to say.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = answerFor(error, options);
    const body = JSON.stringify(answer);
    // A request whose headers were read (a body that never completed) already has its id, given
    // by the request logger; one the parser refused before that gets a new one.
    const assigned = socket._httpMessage?.getHeader?.(REQUEST_ID_HEADER);
    const requestId = typeof assigned === 'string' ? assigned : randomUUID();
    options.logger?.warn(
      { requestId, statusCode: answer.statusCode, code: answer.code, parserError: error.code },
      'request refused before routing',
    );
    const headers = [
      `HTTP/1.1 ${answer.statusCode} ${REASONS[answer.statusCode] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      `X-Request-Id: ${requestId}`,
      ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
  };
}
