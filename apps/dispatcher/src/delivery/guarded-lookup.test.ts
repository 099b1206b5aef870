import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createGuardedLookup, type Resolver } from './guarded-lookup.js';
import { TargetRefusedError } from './target-policy.js';

const resolverFor =
  (addresses: LookupAddress[]): Resolver =>
  () =>
    Promise.resolve(addresses);

function lookupOnce(
  resolver: Resolver,
  all: boolean,
): Promise<{ err: unknown; address: unknown; family: unknown }> {
  const lookup = createGuardedLookup('public', resolver);
  return new Promise((resolve) => {
    lookup('hooks.example.test', { all }, (err, address, family) => resolve({ err, address, family }));
  });
}

describe('createGuardedLookup', () => {
  it('hands a public address to the socket in the single-address form', async () => {
    const result = await lookupOnce(resolverFor([{ address: '93.184.216.34', family: 4 }]), false);
    expect(result).toEqual({ err: null, address: '93.184.216.34', family: 4 });
  });

  it('hands every address over when the socket asks for all of them', async () => {
    const addresses = [
      { address: '2606:4700::1', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ];
    const result = await lookupOnce(resolverFor(addresses), true);
    expect(result.address).toEqual(addresses);
  });

  it('refuses a name that resolves to a private address at connect time', async () => {
    const result = await lookupOnce(resolverFor([{ address: '10.0.0.7', family: 4 }]), false);
    expect(result.err).toBeInstanceOf(TargetRefusedError);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const mixed = [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
    const result = await lookupOnce(resolverFor(mixed), true);
    expect(result.err).toBeInstanceOf(TargetRefusedError);
  });

  it('passes resolution failures on', async () => {
    const failing: Resolver = () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    const result = await lookupOnce(failing, false);
    expect((result.err as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});
