import { describe, expect, it } from 'vitest';
import { idempotencyKey } from './idempotency.js';

describe('idempotencyKey', () => {
  it('is the same for the same lead, step and attempt and differs across attempts', () => {
    expect(idempotencyKey('l1', 's1', 1)).toBe(idempotencyKey('l1', 's1', 1));
    expect(idempotencyKey('l1', 's1', 1)).not.toBe(idempotencyKey('l1', 's1', 2));
  });
});
