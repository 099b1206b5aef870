import { describe, expect, it } from 'vitest';
import { parseRetryAfterMs } from './retry-after.js';

const now = new Date('2025-03-01T12:00:00Z');

describe('parseRetryAfterMs', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfterMs('Sat, 01 Mar 2025 12:10:00 GMT', now)).toBe(600_000);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfterMs('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfterMs(undefined, now)).toBeNull();
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs('-5', now)).toBeNull();
    expect(parseRetryAfterMs('1.5', now)).toBeNull();
  });
});
