import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TargetAllowance } from '@outreach/domain';
import { Agent } from 'undici';
import { createGuardedLookup, type Resolver } from './guarded-lookup.js';
import { DeadlineError, exchange, type ExchangeLimits, type RequestTarget } from './post-exchange.js';
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

/**
 * Posts webhook bodies over http(s) with undici. Redirects are never followed (undici follows none
 * unless asked, and a 3xx is reported as the response it is). One deadline covers connecting,
 * sending and reading the answer. The agent keeps connections alive and reuses them; a reused
 * socket was checked when it was opened, so the address policy still holds for every request on it.
 */
export class HttpSender {
  private readonly timeoutMs: number;
  private readonly bodyLimit: number;
  private readonly targets: TargetAllowance;
  private readonly lookup: LookupFunction | undefined;
  private readonly agent: Agent;
  /** URLs that passed `checkedTarget`, by their text: the check depends on nothing else. */
  private readonly checkedUrls = new Map<string, RequestTarget>();
  private readonly limits: ExchangeLimits;

  constructor(options: HttpSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.bodyLimit = options.responseBodyLimitBytes ?? RESPONSE_BODY_LIMIT_BYTES;
    this.targets = options.targets ?? 'public';
    this.lookup = this.targets === 'any' ? undefined : createGuardedLookup(this.targets, options.resolver);
    this.limits = { timeoutMs: this.timeoutMs, bodyLimit: this.bodyLimit };
    this.agent = new Agent({
      // Every name is resolved, and its addresses checked, by the guarded lookup as the socket
      // connects. The exchange's own deadline ends a request; undici's timers only bound a
      // connection attempt the exchange has given up on.
      connect: { timeout: this.timeoutMs, ...(this.lookup ? { lookup: this.lookup } : {}) },
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }

  async post(request: OutgoingRequest): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    let target: RequestTarget;
    try {
      target = this.checkedTarget(request.url);
    } catch (err) {
      const code = err instanceof TargetRefusedError ? 'refused_target' : 'invalid_url';
      return { kind: 'error', code, error: (err as Error).message, durationMs: elapsed() };
    }
    try {
      const answer = await exchange(
        this.agent,
        target,
        request.body,
        request.headers,
        request.signal,
        this.limits,
      );
      return { kind: 'response', ...answer, durationMs: elapsed() };
    } catch (err) {
      if (request.signal?.aborted)
        return { kind: 'error', code: 'aborted', error: 'aborted', durationMs: elapsed() };
      return { kind: 'error', ...describeFailure(err, this.timeoutMs), durationMs: elapsed() };
    }
  }

  /** Closes idle keep-alive connections, so a stopping process does not wait for them. */
  close(): void {
    void this.agent.destroy();
  }

  /**
   * Where requests to this URL go, once its protocol and any IP literal in it are allowed. A
   * subscription's URL is parsed and checked once, not at every delivery (that, and turning the URL
   * into request options, was a tenth of the sender's work); the addresses a host name resolves to
   * are checked at each connection.
   */
  private checkedTarget(raw: string): RequestTarget {
    const known = this.checkedUrls.get(raw);
    if (known !== undefined) return known;
    const url = this.parsedUrl(raw);
    const target: RequestTarget = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      headers: credentialsOf(url),
    };
    if (this.checkedUrls.size >= MAX_CHECKED_URLS) this.checkedUrls.clear();
    this.checkedUrls.set(raw, target);
    return target;
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
}

/** Credentials in the URL (`https://user:pass@host/`) go as Basic authorization, as browsers send them. */
function credentialsOf(url: URL): Record<string, string> {
  if (url.username === '' && url.password === '') return {};
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

function describeFailure(err: unknown, timeoutMs: number): { code: SendErrorCode; error: string } {
  if (err instanceof DeadlineError)
    return { code: 'timeout', error: `no complete answer within ${timeoutMs} ms` };
  if (err instanceof TargetRefusedError) return { code: 'refused_target', error: err.message };
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return { code: 'network', error: code && !message.includes(code) ? `${code}: ${message}` : message };
}
