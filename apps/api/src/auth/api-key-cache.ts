import { createHash } from 'node:crypto';

/** Who is calling: the key's own id (for rate limiting and logs) and the workspace it belongs to. */
export interface Caller<WorkspaceId extends string = string> {
  apiKeyId: string;
  workspaceId: WorkspaceId;
}

/** Finds the active (not revoked) key whose SHA-256 hex digest is `hash`. */
export type LookupKeyByHash<C extends Caller> = (hash: string) => Promise<C | null>;

export interface ApiKeyResolverOptions<C extends Caller> {
  lookup: LookupKeyByHash<C>;
  /** How long a resolved key is trusted; a revoked key stops working at most this long after. */
  cacheMs: number;
  /** Bounded so that a flood of distinct keys cannot grow memory without limit. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<C> {
  caller: Promise<C | null>;
  expiresAt: number;
}

export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

/**
 * Resolves API keys to callers with a short cache in front of the database. Only the hash is used
 * as cache key, and misses are not cached, so a key created a moment ago works at once.
 */
export function createApiKeyResolver<C extends Caller>(options: ApiKeyResolverOptions<C>) {
  const { lookup, cacheMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<C>>();

  function remember(hash: string, caller: Promise<C | null>): void {
    if (entries.size >= maxEntries) {
      // Map iteration order is insertion order: the first key is the oldest entry.
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(hash, { caller, expiresAt: now() + cacheMs });
  }

  return {
    async resolve(plaintext: string): Promise<C | null> {
      const hash = hashApiKey(plaintext);
      const cached = entries.get(hash);
      if (cached && cached.expiresAt > now()) return cached.caller;
      entries.delete(hash);
      // Concurrent requests with the same key share one lookup.
      const pending = lookup(hash);
      if (cacheMs > 0) remember(hash, pending);
      const caller = await pending.catch((error: unknown) => {
        entries.delete(hash);
        throw error;
      });
      if (caller === null) entries.delete(hash);
      return caller;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type ApiKeyResolver<C extends Caller> = ReturnType<typeof createApiKeyResolver<C>>;
