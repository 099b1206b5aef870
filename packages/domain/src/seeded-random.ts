/**
 * Seeded randomness. Jitter must be reproducible (tests, sandbox runs, a runner re-planning the
 * same action), so every random draw comes from a source built from a seed, never `Math.random()`.
 */

export interface RandomSource {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
}

/** FNV-1a: turns a text seed into 32 bits, so "acc_1:2026-03-09T10:00" works as a seed. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and well spread for jitter; not for secrets. */
export function createRandom(seed: number | string): RandomSource {
  let state = (typeof seed === 'string' ? hashSeed(seed) : Math.trunc(seed)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
        throw new RangeError('int(min, max) needs integers with min <= max');
      }
      return min + Math.floor(next() * (max - min + 1));
    },
  };
}
