import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TargetAllowance } from '@outreach/domain';
import { createGuardedLookup, type Resolver } from './guarded-lookup.js';
import { assertAddressAllowed, ipLiteralOf, TargetRefusedError } from './target-policy.js';

export const USER_AGENT = 'Outreach-Webhooks/1.0 (+outreach-dispatcher)';
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Checked URLs kept at once; past that the cache starts over. */
const MAX_CHECKED_URLS = 1_000;
/** How much of a receiver's answer is kept in the attempt log. */
export const RESPONSE_BODY_LIMIT_BYTES = 1024;

export interface HttpSenderOptions {
  timeoutMs?: number;
  /**
   * Which addresses besides public ones deliveries may reach: none (`public`, the default),
   * loopback only (`loopback`, local runs) or any (`any`, tests of private networks).
   */
  targets?: TargetAllowance;
  /** Name resolution used when targets are checked; tests inject one to simulate DNS. */
  resolver?: Resolver;
  responseBodyLimitBytes?: number;
}

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Aborts the request (used when a stopping dispatcher runs out of time). */
  signal?: AbortSignal;
}

/** What happened to one POST: the receiver answered (any status), or no answer was obtained. */
export type SendOutcome =
  | {
      kind: 'response';
      status: number;
      durationMs: number;
      responseBody: string;
      retryAfter: string | undefined;
    }
  | { kind: 'error'; error: string; code: SendErrorCode; durationMs: number };

export type SendErrorCode = 'timeout' | 'aborted' | 'refused_target' | 'invalid_url' | 'network';

class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/**
 * Posts webhook bodies over http(s). Redirects are never followed (Node's client does not follow
 * them, and a 3xx is reported as the response it is). One deadline covers connecting, sending and
 * reading the answer. Keep-alive agents reuse connections; a reused socket was checked when it was
 * opened, so the address policy still holds for every request on it.
 */
export class HttpSender {
  private readonly timeoutMs: number;
  private readonly bodyLimit: number;
  private readonly targets: TargetAllowance;
  private readonly lookup: LookupFunction | undefined;
  private readonly httpAgent = new http.Agent({ keepAlive: true });
  private readonly httpsAgent = new https.Agent({ keepAlive: true });
  /** URLs that passed `checkedUrl`, by their text: the check depends on nothing else. */
  private readonly checkedUrls = new Map<string, URL>();

  constructor(options: HttpSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.bodyLimit = options.responseBodyLimitBytes ?? RESPONSE_BODY_LIMIT_BYTES;
    this.targets = options.targets ?? 'public';
    this.lookup = this.targets === 'any' ? undefined : createGuardedLookup(this.targets, options.resolver);
  }

  async post(request: OutgoingRequest): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = this.checkedUrl(request.url);
    } catch (err) {
      const code = err instanceof TargetRefusedError ? 'refused_target' : 'invalid_url';
      return { kind: 'error', code, error: (err as Error).message, durationMs: elapsed() };
    }
    try {
      const answer = await this.exchange(url, request);
      return { kind: 'response', ...answer, durationMs: elapsed() };
    } catch (err) {
      if (request.signal?.aborted)
        return { kind: 'error', code: 'aborted', error: 'aborted', durationMs: elapsed() };
      return { kind: 'error', ...describeFailure(err, this.timeoutMs), durationMs: elapsed() };
    }
  }

  /** Closes idle keep-alive connections, so a stopping process does not wait for them. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * The parsed URL, once its protocol and any IP literal in it are allowed. A subscription's URL is
   * checked once, not at every delivery (parsing it and an IP literal was a twentieth of the work
   * per delivery); the check of the addresses a host name resolves to is made at each connection.
   */
  private checkedUrl(raw: string): URL {
    const known = this.checkedUrls.get(raw);
    if (known !== undefined) return known;
    const url = this.parsedUrl(raw);
    if (this.checkedUrls.size >= MAX_CHECKED_URLS) this.checkedUrls.clear();
    this.checkedUrls.set(raw, url);
    return url;
  }

  private parsedUrl(raw: string): URL {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`unsupported protocol ${url.protocol}`);
    }
    // An IP literal skips name resolution, so the guarded lookup never sees it: check it here.
    const literal = ipLiteralOf(url.hostname);
    if (literal !== null) assertAddressAllowed(url.hostname, literal, this.targets);
    return url;
  }

  private exchange(
    url: URL,
    request: OutgoingRequest,
  ): Promise<{ status: number; responseBody: string; retryAfter: string | undefined }> {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = transport.request(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        ...(this.lookup ? { lookup: this.lookup } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      // Once the deadline fires, whatever error the torn-down socket reports is really a timeout.
      let timedOut = false;
      const deadline = setTimeout(() => {
        timedOut = true;
        req.destroy();
      }, this.timeoutMs);
      const finish = (fn: () => void): void => {
        clearTimeout(deadline);
        fn();
      };
      const fail = (err: unknown): void =>
        finish(() => reject(timedOut ? new DeadlineError('deadline') : err));
      req.on('error', fail);
      req.on('response', (res) => {
        readLimited(res, this.bodyLimit).then(
          (responseBody) =>
            finish(() =>
              resolve({ status: res.statusCode ?? 0, responseBody, retryAfter: header(res, 'retry-after') }),
            ),
          fail,
        );
      });
      req.end(request.body);
    });
  }
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

function describeFailure(err: unknown, timeoutMs: number): { code: SendErrorCode; error: string } {
  if (err instanceof DeadlineError)
    return { code: 'timeout', error: `no complete answer within ${timeoutMs} ms` };
  if (err instanceof TargetRefusedError) return { code: 'refused_target', error: err.message };
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return { code: 'network', error: code && !message.includes(code) ? `${code}: ${message}` : message };
}
