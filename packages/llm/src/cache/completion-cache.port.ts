/**
 * Answers already paid for, per workspace, keyed by model and prompt (`cacheKey`). Only validated
 * answers are stored; failures are never cached, so a later call can still succeed.
 */
export interface CompletionCache {
  get(workspaceId: string, key: string, now: Date): Promise<unknown>;
  set(workspaceId: string, key: string, value: unknown, expiresAt: Date): Promise<void>;
}
