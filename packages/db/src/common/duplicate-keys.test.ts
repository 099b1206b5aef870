import { describe, expect, it } from 'vitest';
import { duplicatePositions, isDuplicateKeyError } from './duplicate-keys.js';

describe('duplicate key errors', () => {
  it('recognises a single duplicate key error and bulk errors made only of duplicates', () => {
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
    expect(isDuplicateKeyError({ writeErrors: [{ code: 11000, index: 0 }] })).toBe(true);
    expect(isDuplicateKeyError({ writeErrors: [{ code: 11000 }, { code: 121 }] })).toBe(false);
    expect(isDuplicateKeyError(new Error('network'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });

  it('lists the positions rejected as duplicates, in either error shape', () => {
    expect(
      duplicatePositions({ writeErrors: [{ code: 11000, index: 1 }, { err: { code: 11000, index: 3 } }] }),
    ).toEqual(new Set([1, 3]));
    // The driver reports a single write error as an object, not an array.
    expect(duplicatePositions({ writeErrors: { code: 11000, index: 2 } })).toEqual(new Set([2]));
  });

  it('refuses to explain away any failure that is not a duplicate', () => {
    expect(
      duplicatePositions({
        writeErrors: [
          { code: 11000, index: 0 },
          { code: 121, index: 1 },
        ],
      }),
    ).toBeNull();
    expect(duplicatePositions({ writeErrors: [{ code: 11000 }] })).toBeNull();
    expect(duplicatePositions(new Error('timeout'))).toBeNull();
  });
});
