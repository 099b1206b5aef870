import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from './base-url.js';

describe('normalizeBaseUrl', () => {
  it('drops trailing slashes and rejects what is not a URL', () => {
    expect(normalizeBaseUrl('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(() => normalizeBaseUrl('not a url')).toThrow();
  });
});
