// De-risks one variant carrying two letters on the campaign page: the editor and the results both
// letter a variant from the order the API gives it, whatever its position on screen.
import { describe, expect, it } from 'vitest';
import { variantLetter } from './variant-letter.js';

describe('the letter of a variant', () => {
  it('letters the first variants A, B and C by their order', () => {
    expect([0, 1, 2].map(variantLetter)).toEqual(['A', 'B', 'C']);
  });

  it('goes on past Z with two letters instead of punctuation', () => {
    expect([25, 26, 27, 51, 52].map(variantLetter)).toEqual(['Z', 'AA', 'AB', 'AZ', 'BA']);
  });
});
