import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';

describe('DomainError', () => {
  it('carries a stable code next to its message', () => {
    const error = new DomainError('conflict', 'campaign is not active');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('conflict');
    expect(error.message).toBe('campaign is not active');
  });
});
