import { describe, expect, it } from 'vitest';
import { createApiKeyResolver, hashApiKey, type Caller } from './api-key-cache.js';

function fakeLookup(known: Map<string, Caller>) {
  const calls: string[] = [];
  const lookup = async (hash: string) => {
    calls.push(hash);
    return known.get(hash) ?? null;
  };
  return { lookup, calls };
}

describe('createApiKeyResolver', () => {
  const caller = { apiKeyId: 'key_1', workspaceId: 'ws_1' };

  it('looks keys up by their SHA-256 hex digest, never by the plaintext', async () => {
    const { lookup, calls } = fakeLookup(new Map([[hashApiKey('secret'), caller]]));
    const resolver = createApiKeyResolver({ lookup, cacheMs: 1000 });
    await expect(resolver.resolve('secret')).resolves.toEqual(caller);
    expect(calls).toEqual(['2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b']);
  });

  it('serves a resolved key from the cache until the cache time has passed', async () => {
    let now = 0;
    const { lookup, calls } = fakeLookup(new Map([[hashApiKey('secret'), caller]]));
    const resolver = createApiKeyResolver({ lookup, cacheMs: 1000, now: () => now });
    await resolver.resolve('secret');
    now = 999;
    await resolver.resolve('secret');
    expect(calls).toHaveLength(1);
    now = 1000;
    await resolver.resolve('secret');
    expect(calls).toHaveLength(2);
  });

  it('honours a revocation once the cached entry expires', async () => {
    let now = 0;
    const known = new Map([[hashApiKey('secret'), caller]]);
    const resolver = createApiKeyResolver({ lookup: fakeLookup(known).lookup, cacheMs: 500, now: () => now });
    await expect(resolver.resolve('secret')).resolves.toEqual(caller);
    known.clear();
    now = 501;
    await expect(resolver.resolve('secret')).resolves.toBeNull();
  });

  it('does not cache unknown keys, so a key created a moment later works at once', async () => {
    const known = new Map<string, Caller>();
    const resolver = createApiKeyResolver({ lookup: fakeLookup(known).lookup, cacheMs: 60_000 });
    await expect(resolver.resolve('fresh')).resolves.toBeNull();
    known.set(hashApiKey('fresh'), caller);
    await expect(resolver.resolve('fresh')).resolves.toEqual(caller);
  });

  it('shares one lookup between concurrent requests with the same key', async () => {
    const { lookup, calls } = fakeLookup(new Map([[hashApiKey('secret'), caller]]));
    const resolver = createApiKeyResolver({ lookup, cacheMs: 1000 });
    await Promise.all([resolver.resolve('secret'), resolver.resolve('secret'), resolver.resolve('secret')]);
    expect(calls).toHaveLength(1);
  });

  it('evicts the oldest entry when the cache is full', async () => {
    const known = new Map([
      [hashApiKey('a'), caller],
      [hashApiKey('b'), caller],
    ]);
    const { lookup, calls } = fakeLookup(known);
    const resolver = createApiKeyResolver({ lookup, cacheMs: 60_000, maxEntries: 1 });
    await resolver.resolve('a');
    await resolver.resolve('b');
    await resolver.resolve('a');
    expect(calls).toEqual([hashApiKey('a'), hashApiKey('b'), hashApiKey('a')]);
  });

  it('does not remember a failed lookup', async () => {
    let fail = true;
    const resolver = createApiKeyResolver({
      lookup: async () => {
        if (fail) throw new Error('database down');
        return caller;
      },
      cacheMs: 60_000,
    });
    await expect(resolver.resolve('secret')).rejects.toThrow('database down');
    fail = false;
    await expect(resolver.resolve('secret')).resolves.toEqual(caller);
  });
});
