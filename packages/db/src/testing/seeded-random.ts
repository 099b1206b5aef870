/**
 * A repeatable pseudo-random sequence in [0, 1) for property-style tests (xorshift32): a failing
 * seed reproduces the same data.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
}
