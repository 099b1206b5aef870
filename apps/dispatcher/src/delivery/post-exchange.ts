import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/** Where a checked URL's requests go, as undici's `dispatch` takes it. */
export interface RequestTarget {
  /** `http(s)://host:port`. */
  origin: string;
  /** The path with its query. */
  path: string;
  /** Headers the URL itself adds: `authorization` when it carries credentials. */
  headers: Readonly<Record<string, string>>;
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

/** The deadline passed before the answer was complete (or before a connection was made). */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/** Aborted by the caller's signal (a stopping dispatcher out of time). */
class AbortedError extends Error {
  override readonly name = 'AbortError';
}

/** Ends the exchange once the kept part of a long answer is in; never reported. */
class BodyLimitReached extends Error {}

/**
 * Sends one POST through undici's `dispatch` and reads its answer within the deadline. The
 * exchange is a handler of undici's low-level interface, not a response stream: with undici's
 * lighter client, a request costs the dispatcher's thread about half of what it cost through
 * Node's `http` client (timed alone against the benchmark's receiver; see the README).
 *
 * The outcome is settled at the deadline or at the caller's abort even while the connection is
 * still being made (undici can abort a request only once it has a connection); a request that gets
 * one after that is dropped before anything is written.
 */
export function exchange(
  dispatcher: Dispatcher,
  target: RequestTarget,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  limits: ExchangeLimits,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const exchange = new Exchange(resolve, reject, limits, signal);
    if (signal?.aborted === true) return exchange.fail(new AbortedError('aborted'));
    try {
      dispatcher.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headers: { ...target.headers, ...headers },
          body,
        },
        exchange,
      );
    } catch (err) {
      // A request undici refuses to build (an invalid header value) fails like any other.
      exchange.fail(err);
    }
  });
}

class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private settled = false;
  private status = 0;
  private retryAfter: string | undefined;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly deadline: NodeJS.Timeout;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (err: unknown) => void,
    private readonly limits: ExchangeLimits,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.deadline = setTimeout(() => this.fail(new DeadlineError('deadline')), limits.timeoutMs);
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // Settled while the connection was being made: nothing is sent.
    if (this.settled) controller.abort(new AbortedError('aborted'));
  }

  onResponseStart(_: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.status = statusCode;
    const value = headers['retry-after'];
    this.retryAfter = Array.isArray(value) ? value[0] : value;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
    // A longer answer is cut off and its connection dropped, so a receiver streaming megabytes
    // cannot hold a delivery slot.
    if (this.size >= this.limits.bodyLimit) {
      this.answer();
      controller.abort(new BodyLimitReached());
    }
  }

  onResponseEnd(): void {
    if (!this.settled) this.answer();
  }

  onResponseError(_: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  /** Settles with an error, tearing the request down if it is under way. */
  fail(error: unknown): void {
    if (this.settled) return;
    this.finish();
    this.reject(error);
    if (this.controller !== null && !this.controller.aborted) this.controller.abort(error as Error);
  }

  private readonly onAbort = (): void => this.fail(new AbortedError('aborted'));

  private answer(): void {
    this.finish();
    const kept = Buffer.concat(this.chunks).subarray(0, this.limits.bodyLimit);
    this.resolve({ status: this.status, responseBody: UTF8.decode(kept), retryAfter: this.retryAfter });
  }

  private finish(): void {
    this.settled = true;
    clearTimeout(this.deadline);
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}

/** Decodes each answer whole (no streaming state carries over between calls), so one serves all. */
const UTF8 = new TextDecoder();
