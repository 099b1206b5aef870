import type { Duplex } from 'node:stream';
import type { ErrorBody } from './http-error.js';
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
 * error shape, then the connection is closed, as the parser cannot read past the problem.
 */
export function answerClientError(timeouts: { requestTimeoutMs: number }) {
  return (error: ParserError, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }): void => {
    // A connection reset by the peer, or an answer already on its way, leaves nothing to say.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = answerFor(error, timeouts);
    const body = JSON.stringify(answer);
    const headers = [
      `HTTP/1.1 ${answer.statusCode} ${REASONS[answer.statusCode] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
  };
}
