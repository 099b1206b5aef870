import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from './concurrency-limiter.js';

describe('ConcurrencyLimiter', () => {
  it('stops one key at its own limit while others still get slots', () => {
    const limiter = new ConcurrencyLimiter(4, 2);
    expect(limiter.tryAcquire('slow')).toBe(true);
    expect(limiter.tryAcquire('slow')).toBe(true);
    expect(limiter.tryAcquire('slow')).toBe(false);
    expect(limiter.tryAcquire('fast')).toBe(true);
    expect(limiter.held).toBe(3);
    expect(limiter.heldByKey()).toEqual(
      new Map([
        ['slow', 2],
        ['fast', 1],
      ]),
    );
    expect(limiter.hasRoom()).toBe(true);
  });

  it('caps the total across keys', () => {
    const limiter = new ConcurrencyLimiter(2, 2);
    expect(limiter.tryAcquire('a')).toBe(true);
    expect(limiter.tryAcquire('b')).toBe(true);
    expect(limiter.hasRoom()).toBe(false);
    expect(limiter.tryAcquire('c')).toBe(false);
  });

  it('frees a slot on release', () => {
    const limiter = new ConcurrencyLimiter(1, 1);
    limiter.tryAcquire('a');
    expect(limiter.tryAcquire('b')).toBe(false);
    limiter.release('a');
    expect(limiter.heldByKey()).toEqual(new Map());
    expect(limiter.tryAcquire('b')).toBe(true);
  });

  it('refuses a release that was never acquired', () => {
    expect(() => new ConcurrencyLimiter(1, 1).release('a')).toThrow(/without acquire/);
  });
});
