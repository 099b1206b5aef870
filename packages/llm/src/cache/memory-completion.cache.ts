import type { CompletionCache } from './completion-cache.port.js';

/** A cache kept in this process: for tests and single-process runs. */
export function createMemoryCompletionCache(): CompletionCache {
  const entries = new Map<string, { value: unknown; expiresAt: Date }>();
  return {
    get(workspaceId, key, now) {
      const entry = entries.get(`${workspaceId}\u0000${key}`);
      return Promise.resolve(entry && entry.expiresAt > now ? entry.value : undefined);
    },
    set(workspaceId, key, value, expiresAt) {
      entries.set(`${workspaceId}\u0000${key}`, { value, expiresAt });
      return Promise.resolve();
    },
  };
}
