import type { CompletionCache } from './completion-cache.port.js';

/** The shape of a workspace-scoped answer repository (e.g. `@outreach/db`'s `db.modelAnswers`). */
export interface AnswerRepository<W> {
  get(workspaceId: W, key: string, now: Date): Promise<unknown>;
  set(workspaceId: W, key: string, value: unknown, expiresAt: Date): Promise<void>;
}

/**
 * A cache over a repository whose methods take a typed workspace id:
 * `completionCacheOver(db.modelAnswers, asWorkspaceId)`.
 */
export function completionCacheOver<W>(
  repository: AnswerRepository<W>,
  workspaceIdOf: (id: string) => W,
): CompletionCache {
  return {
    get: (workspaceId, key, now) => repository.get(workspaceIdOf(workspaceId), key, now),
    set: (workspaceId, key, value, expiresAt) =>
      repository.set(workspaceIdOf(workspaceId), key, value, expiresAt),
  };
}
