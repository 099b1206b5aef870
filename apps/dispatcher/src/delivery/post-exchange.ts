import type http from 'node:http';
import type https from 'node:https';

/** Where a checked URL's requests go: its transport and the options each request starts from. */
export interface RequestTarget {
  transport: typeof http | typeof https;
  /** The URL's parts as `http.request` takes them, the method, the agent and the lookup. */
  options: http.RequestOptions;
}

export interface ExchangeLimits {
  /** One deadline for connecting, sending and reading the answer. */
  timeoutMs: number;
  /** How much of the answer is kept. */
  bodyLimit: number;
}

export interface Answer {
  status: number;
  responseBody: string;
  retryAfter: string | undefined;
}

/** The deadline passed: whatever error the torn-down socket reported is really a timeout. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/** Aborted by the caller's signal (a stopping dispatcher out of time). */
class AbortedError extends Error {
  override readonly name = 'AbortError';
}

/**
 * Sends one POST and reads its answer within the deadline. `signal` tears the request down the way
 * `http.request`'s own `signal` option does (the request is destroyed and fails), listened to here
 * so that no stream bookkeeping is set up for it on every request: that option's was a tenth of the
 * sender's work per request.
 */
export function exchange(
  target: RequestTarget,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  limits: ExchangeLimits,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = target.transport.request({
      ...target.options,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      req.destroy();
    }, limits.timeoutMs);
    const abort = (): void => void req.destroy(new AbortedError('aborted'));
    signal?.addEventListener('abort', abort, { once: true });
    if (signal?.aborted === true) abort();
    const finish = (): void => {
      clearTimeout(deadline);
      signal?.removeEventListener('abort', abort);
    };
    const fail = (err: unknown): void => {
      finish();
      reject(timedOut ? new DeadlineError('deadline') : err);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      readLimited(res, limits.bodyLimit).then((responseBody) => {
        finish();
        resolve({ status: res.statusCode ?? 0, responseBody, retryAfter: header(res, 'retry-after') });
      }, fail);
    });
    req.end(body);
  });
}

function header(res: http.IncomingMessage, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Decodes each answer whole (no streaming state carries over between calls), so one serves all. */
const UTF8 = new TextDecoder();

/**
 * Keeps the first `limit` bytes of the answer. A longer body is cut off and its connection dropped,
 * so a receiver streaming megabytes cannot hold a delivery slot.
 */
function readLimited(res: http.IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (): void => {
      settled = true;
      resolve(UTF8.decode(Buffer.concat(chunks).subarray(0, limit)));
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit && !settled) {
        done();
        res.destroy();
      }
    });
    res.on('end', () => {
      if (!settled) done();
    });
    res.on('error', reject);
    // A connection torn down mid-answer may close the stream without an error event.
    res.on('close', () => {
      if (!settled) reject(new Error('connection closed before the answer was complete'));
    });
  });
}
