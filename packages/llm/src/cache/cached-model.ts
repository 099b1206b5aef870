/**
 * Serves an answer from the cache when the same question was answered before, so it is not paid for
 * twice; a hit spends no budget (place it outside `withDailyBudget`). A cached value is checked
 * against the schema again, and a cache that fails is skipped, never fatal.
 */
import type { Clock, LanguageModel, ModelLogger, StructuredRequest } from '../port/language-model.port.js';
import { silentLogger } from '../port/language-model.port.js';
import { cacheKey } from './cache-key.js';
import type { CompletionCache } from './completion-cache.port.js';

export interface CacheOptions {
  cache: CompletionCache;
  /** How long an answer is served again. */
  ttlMs: number;
  clock: Clock;
  logger?: ModelLogger;
}

export function withCache(inner: LanguageModel, options: CacheOptions): LanguageModel {
  const logger = options.logger ?? silentLogger;
  return {
    model: inner.model,
    async answer<T>(request: StructuredRequest<T>) {
      const key = cacheKey(inner.model, request);
      const { workspaceId } = request;
      const stored = await options.cache.get(workspaceId, key, options.clock()).catch((error: unknown) => {
        logger.warn({ workspaceId, err: error }, 'model cache unavailable');
        return undefined;
      });
      if (stored !== undefined) {
        const parsed = request.schema.safeParse(stored);
        if (parsed.success)
          return { ok: true, value: parsed.data, model: inner.model, cached: true, usage: null };
      }
      const answer = await inner.answer(request);
      if (answer.ok) {
        const expiresAt = new Date(options.clock().getTime() + options.ttlMs);
        await options.cache.set(workspaceId, key, answer.value, expiresAt).catch((error: unknown) => {
          logger.warn({ workspaceId, err: error }, 'model answer not cached');
        });
      }
      return answer;
    },
  };
}
