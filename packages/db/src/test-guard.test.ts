import { describe, expect, it } from 'vitest';
import { assertTestDatabase } from './test-guard.js';

describe('assertTestDatabase', () => {
  it('refuses outside tests and allows inside them', () => {
    expect(() => assertTestDatabase({ NODE_ENV: 'production' })).toThrow(/outside tests/);
    expect(() => assertTestDatabase({ VITEST: 'true' })).not.toThrow();
  });
});
