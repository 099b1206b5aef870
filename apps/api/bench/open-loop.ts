import { Pool } from 'undici';

/**
 * An open-loop load generator: requests start on a fixed schedule whatever the answers do (as
 * independent clients would send them), so a slow server meets more and more requests in flight
 * instead of a politely waiting client. Latency counts from when the request was due, so time a
 * request waited for a free connection counts against the server too.
 */

export interface OpenLoopRun {
  /** Requests a second. */
  rate: number;
  durationMs: number;
  /** The client gives up after this long: the request counts as timed out. */
  timeoutMs: number;
}

export interface Outcome {
  /** HTTP status, or 0 when the request failed without one (timeout, reset). */
  status: number;
  latencyMs: number;
  /** A `Retry-After` came with a 503. */
  retryAfter: boolean;
}

export interface LoadTarget {
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** Connections the client may open at once. */
  connections: number;
}

const TICK_MS = 5;

export async function runOpenLoop(target: LoadTarget, run: OpenLoopRun): Promise<Outcome[]> {
  const pool = new Pool(target.origin, {
    connections: target.connections,
    headersTimeout: run.timeoutMs,
    bodyTimeout: run.timeoutMs,
  });
  const outcomes: Outcome[] = [];
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  const total = Math.round((run.rate * run.durationMs) / 1000);

  const one = async (dueAt: number) => {
    const signal = AbortSignal.timeout(run.timeoutMs);
    try {
      const res = await pool.request({ method: 'GET', path: target.path, headers: target.headers, signal });
      await res.body.dump();
      outcomes.push({
        status: res.statusCode,
        latencyMs: performance.now() - dueAt,
        retryAfter: res.statusCode === 503 && res.headers['retry-after'] !== undefined,
      });
    } catch {
      outcomes.push({ status: 0, latencyMs: performance.now() - dueAt, retryAfter: false });
    }
  };

  while (sent < total) {
    const elapsed = performance.now() - started;
    const due = Math.min(total, Math.floor((elapsed * run.rate) / 1000));
    for (; sent < due; sent += 1) inFlight.push(one(started + (sent * 1000) / run.rate));
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(inFlight);
  await pool.close();
  return outcomes;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface Summary {
  requests: number;
  ok: number;
  overloaded: number;
  overloadedWithoutRetryAfter: number;
  other5xx: number;
  otherStatus: number;
  failed: number;
  /** Share of all requests answered (any status) within `withinMs`. */
  answeredWithin: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Latency of the successful answers only. */
  okP95Ms: number;
  /** Latency of the 503 answers only. */
  overloadedP95Ms: number;
  achievedOkPerSecond: number;
}

export function summarize(outcomes: readonly Outcome[], durationMs: number, withinMs: number): Summary {
  const latencies = outcomes.map((o) => o.latencyMs);
  const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300);
  const overloaded = outcomes.filter((o) => o.status === 503);
  return {
    requests: outcomes.length,
    ok: ok.length,
    overloaded: overloaded.length,
    overloadedWithoutRetryAfter: overloaded.filter((o) => !o.retryAfter).length,
    other5xx: outcomes.filter((o) => o.status >= 500 && o.status !== 503).length,
    otherStatus: outcomes.filter(
      (o) => o.status !== 0 && (o.status < 200 || (o.status >= 300 && o.status < 500)),
    ).length,
    failed: outcomes.filter((o) => o.status === 0).length,
    answeredWithin:
      outcomes.length === 0
        ? 0
        : outcomes.filter((o) => o.status !== 0 && o.latencyMs <= withinMs).length / outcomes.length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    okP95Ms: percentile(
      ok.map((o) => o.latencyMs),
      95,
    ),
    overloadedP95Ms: percentile(
      overloaded.map((o) => o.latencyMs),
      95,
    ),
    achievedOkPerSecond: ok.length / (durationMs / 1000),
  };
}
