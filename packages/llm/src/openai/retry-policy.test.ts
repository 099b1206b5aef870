import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from './retry-policy.js';

describe('backoff', () => {
  const policy = { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 3_000 };

  it('doubles with each retry up to the ceiling, half of it random', () => {
    expect([0, 1, 2, 3].map((retry) => backoffMs(policy, retry, () => 0))).toEqual([250, 500, 1000, 1500]);
    expect(backoffMs(policy, 0, () => 1)).toBe(500);
  });
});

describe('retry-after', () => {
  it('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }), 0)).toBe(150);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), 0)).toBe(2000);
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 02 Mar 2026 10:00:05 GMT' }), now)).toBe(5000);
  });

  it('names no delay when the headers carry none it can read', () => {
    expect(retryAfterMs(undefined, 0)).toBeNull();
    expect(retryAfterMs(new Headers(), 0)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), 0)).toBeNull();
  });
});
