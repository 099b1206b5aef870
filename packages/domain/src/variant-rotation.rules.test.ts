/**
 * Rotation: which variant a lead gets. Deterministic given the step's counter, even across
 * disabled variants and ICP-restricted pools.
 */
import { describe, expect, it } from 'vitest';
import type { LeadProfile } from './model.types.js';
import { variant } from './testing/fixtures.js';
import {
  chooseVariant,
  enabledVariants,
  pickByCounter,
  rotationCandidates,
  rotationPoolKey,
  type IcpMatcher,
} from './variant-rotation.rules.js';

/** Matches when the lead's headline contains the ICP text: enough to test the pools. */
const headlineMatcher: IcpMatcher = {
  matches: (icp, lead) => (lead.headline ?? '').toLowerCase().includes(icp.toLowerCase()),
};

const cto: LeadProfile = { headline: 'CTO at Acme' };
const designer: LeadProfile = { headline: 'Designer' };

describe('rotation by order, skipping disabled variants', () => {
  const variants = [
    variant({ id: 'c', order: 2 }),
    variant({ id: 'a', order: 0 }),
    variant({ id: 'b', order: 1, isDisabled: true }),
  ];

  it('offers the enabled variants ordered by order', () => {
    expect(enabledVariants(variants).map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('picks candidates[counter % n], so consecutive counters alternate', () => {
    const picks = [0, 1, 2, 3, 4].map(
      (counter) => chooseVariant(variants, designer, counter, headlineMatcher)?.id,
    );
    expect(picks).toEqual(['a', 'c', 'a', 'c', 'a']);
  });

  it('splits traffic evenly over many leads', () => {
    const three = [
      variant({ id: 'x', order: 0 }),
      variant({ id: 'y', order: 1 }),
      variant({ id: 'z', order: 2 }),
    ];
    const counts = new Map<string, number>();
    for (let counter = 0; counter < 300; counter += 1) {
      const id = chooseVariant(three, designer, counter, headlineMatcher)?.id ?? '';
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ x: 100, y: 100, z: 100 });
  });
});

describe('ICP-restricted candidate pools', () => {
  const variants = [
    variant({ id: 'general', order: 0 }),
    variant({ id: 'for-cto', order: 1, icpDefinitionRaw: 'cto' }),
    variant({ id: 'for-cto-2', order: 2, icpDefinitionRaw: 'acme' }),
    variant({ id: 'for-sales', order: 3, icpDefinitionRaw: 'sales' }),
    variant({ id: 'general-2', order: 4, icpDefinitionRaw: '  ' }),
  ];

  it('lets only the matching ICP variants compete for a lead who matches some', () => {
    expect(rotationCandidates(variants, cto, headlineMatcher).map((item) => item.id)).toEqual([
      'for-cto',
      'for-cto-2',
    ]);
  });

  it('gives a lead who matches no ICP the variants without an ICP definition', () => {
    expect(rotationCandidates(variants, designer, headlineMatcher).map((item) => item.id)).toEqual([
      'general',
      'general-2',
    ]);
  });

  it('ignores a disabled variant even when its ICP matches', () => {
    const withDisabled = variants.map((item) =>
      item.id === 'for-cto' ? { ...item, isDisabled: true } : item,
    );
    expect(rotationCandidates(withDisabled, cto, headlineMatcher).map((item) => item.id)).toEqual([
      'for-cto-2',
    ]);
  });

  it('falls back to every enabled variant when all target ICPs the lead does not match', () => {
    const targeted = [
      variant({ id: 'x', order: 0, icpDefinitionRaw: 'sales' }),
      variant({ id: 'y', order: 1, icpDefinitionRaw: 'finance' }),
    ];
    expect(rotationCandidates(targeted, designer, headlineMatcher).map((item) => item.id)).toEqual([
      'x',
      'y',
    ]);
  });

  it('rotates round-robin inside the pool', () => {
    expect([7, 8].map((counter) => chooseVariant(variants, cto, counter, headlineMatcher)?.id)).toEqual([
      'for-cto-2',
      'for-cto',
    ]);
  });
});

describe('rotationPoolKey', () => {
  it('names the ICP pool and the general pool differently, each by its candidates in order', () => {
    const variants = [
      variant({ id: 'general', order: 0 }),
      variant({ id: 'for-cto', order: 1, icpDefinitionRaw: 'cto' }),
      variant({ id: 'for-cto-2', order: 2, icpDefinitionRaw: 'acme' }),
    ];
    const forCto = rotationCandidates(variants, cto, headlineMatcher);
    const general = rotationCandidates(variants, designer, headlineMatcher);
    expect(rotationPoolKey(forCto)).toBe('for-cto+for-cto-2');
    expect(rotationPoolKey(forCto)).not.toBe(rotationPoolKey(general));
  });
});

describe('pickByCounter', () => {
  it('returns null without candidates', () => {
    expect(pickByCounter([], 3)).toBeNull();
    expect(chooseVariant([], designer, 0, headlineMatcher)).toBeNull();
  });

  it('stays in range for negative, fractional and non-finite counters', () => {
    expect(pickByCounter(['a', 'b', 'c'], -1)).toBe('c');
    expect(pickByCounter(['a', 'b', 'c'], 4.9)).toBe('b');
    expect(pickByCounter(['a', 'b', 'c'], Number.NaN)).toBe('a');
  });
});
