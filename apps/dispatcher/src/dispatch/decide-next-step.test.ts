import { describe, expect, it } from 'vitest';
import type { SendOutcome } from '../delivery/http-sender.js';
import { decideNextStep, toAttemptRecord } from './decide-next-step.js';

const now = new Date('2025-03-01T12:00:00Z');
const times = { now, realNow: now, timeScale: 1 };
const middle = (): number => 0.5;
const answer = (status: number, retryAfter?: string): SendOutcome => ({
  kind: 'response',
  status,
  durationMs: 12,
  responseBody: 'body',
  retryAfter,
});
const after = (ms: number): Date => new Date(now.getTime() + ms);

describe('decideNextStep', () => {
  it.each([200, 201, 204, 299])('counts %i as delivered', (status) => {
    expect(decideNextStep(1, answer(status), times, middle)).toEqual({ kind: 'delivered' });
  });

  it.each([301, 302, 307, 400, 404, 500, 502])('retries after %i', (status) => {
    expect(decideNextStep(1, answer(status), times, middle)).toEqual({ kind: 'retry', at: after(5_000) });
  });

  it('retries a timeout on the schedule', () => {
    const timeout: SendOutcome = { kind: 'error', code: 'timeout', error: 'late', durationMs: 15_000 };
    expect(decideNextStep(3, timeout, times, middle)).toEqual({ kind: 'retry', at: after(1_800_000) });
  });

  it('removes the subscription on 410 Gone', () => {
    expect(decideNextStep(1, answer(410), times, middle)).toEqual({
      kind: 'failed',
      reason: 'gone',
      removeSubscription: true,
    });
  });

  it('fails for good when the last attempt fails', () => {
    expect(decideNextStep(8, answer(500), times, middle)).toEqual({
      kind: 'failed',
      reason: 'attempts_exhausted',
      removeSubscription: false,
    });
  });

  it('honours a later Retry-After on 429 and 503', () => {
    expect(decideNextStep(1, answer(429, '60'), times, middle)).toEqual({ kind: 'retry', at: after(60_000) });
    expect(decideNextStep(1, answer(503, 'Sat, 01 Mar 2025 13:00:00 GMT'), times, middle)).toEqual({
      kind: 'retry',
      at: after(3_600_000),
    });
  });

  it('reads Retry-After in real time when the product clock is compressed', () => {
    // A demo's product clock runs 8,640 times faster and is days ahead of real time.
    const compressed = { now: new Date('2025-03-20T00:00:00Z'), realNow: now, timeScale: 8_640 };
    const later = (ms: number): Date => new Date(compressed.now.getTime() + ms);
    expect(decideNextStep(1, answer(429, '60'), compressed, middle)).toEqual({
      kind: 'retry',
      at: later(60_000 * 8_640),
    });
    expect(decideNextStep(1, answer(503, 'Sat, 01 Mar 2025 13:00:00 GMT'), compressed, middle)).toEqual({
      kind: 'retry',
      at: later(3_600_000 * 8_640),
    });
  });

  it('ignores Retry-After on other statuses', () => {
    expect(decideNextStep(1, answer(500, '60'), times, middle)).toEqual({ kind: 'retry', at: after(5_000) });
  });

  it('gives up at once on a URL that cannot be posted to', () => {
    const invalid: SendOutcome = { kind: 'error', code: 'invalid_url', error: 'bad', durationMs: 0 };
    expect(decideNextStep(1, invalid, times, middle)).toMatchObject({
      kind: 'failed',
      reason: 'invalid_url',
    });
  });
});

describe('toAttemptRecord', () => {
  it('keeps status, duration and body of an answer, and names an unfollowed redirect', () => {
    expect(toAttemptRecord(2, now, answer(302))).toEqual({
      attempt: 2,
      startedAt: now,
      durationMs: 12,
      statusCode: 302,
      responseBody: 'body',
      error: 'redirect not followed',
    });
  });

  it('keeps the error when no answer came', () => {
    const outcome: SendOutcome = { kind: 'error', code: 'network', error: 'ECONNREFUSED', durationMs: 3 };
    expect(toAttemptRecord(1, now, outcome)).toMatchObject({ statusCode: null, error: 'ECONNREFUSED' });
  });
});
