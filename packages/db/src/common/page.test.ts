import { describe, expect, it } from 'vitest';
import { containsPattern, pageBounds } from './page.js';

describe('pageBounds', () => {
  it('defaults to the first 50 and caps the limit at 100', () => {
    expect(pageBounds({})).toEqual({ skip: 0, limit: 50 });
    expect(pageBounds({ offset: 20, limit: 500 })).toEqual({ skip: 20, limit: 100 });
    expect(pageBounds({ offset: -5, limit: 0 })).toEqual({ skip: 0, limit: 1 });
  });
});

describe('containsPattern', () => {
  it('matches the search text literally and case-insensitively', () => {
    expect(containsPattern('John.Doe').test('xx-john.doe-yy')).toBe(true);
    expect(containsPattern('John.Doe').test('johnXdoe')).toBe(false);
    expect(containsPattern('a+(b)').test('A+(B)')).toBe(true);
  });
});
