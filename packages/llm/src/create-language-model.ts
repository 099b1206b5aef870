/**
 * The model the features use: the `openai` adapter, behind the daily budget, behind the cache (a
 * cached answer costs nothing). Null when no endpoint is configured.
 */
import type { BudgetStore } from './budget/budget-store.port.js';
import { withDailyBudget } from './budget/budgeted-model.js';
import { withCache } from './cache/cached-model.js';
import type { CompletionCache } from './cache/completion-cache.port.js';
import type { LlmConfig } from './llm-config.js';
import { createOpenAiLanguageModel } from './openai/openai-chat.model.js';
import { DEFAULT_RETRY_POLICY } from './openai/retry-policy.js';
import type { Clock, LanguageModel, ModelLogger } from './port/language-model.port.js';

export interface LanguageModelDeps {
  budgetStore: BudgetStore;
  cache: CompletionCache;
  clock: Clock;
  logger?: ModelLogger;
}

export function createLanguageModel(config: LlmConfig, deps: LanguageModelDeps): LanguageModel | null {
  if (config.endpoint === null) return null;
  const logging = deps.logger ? { logger: deps.logger } : {};
  const endpoint = createOpenAiLanguageModel({
    ...config.endpoint,
    // The openai client refuses an empty key; local endpoints ignore it.
    apiKey: config.endpoint.apiKey === '' ? 'not-needed' : config.endpoint.apiKey,
    timeoutMs: config.timeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, maxRetries: config.maxRetries },
  });
  const budgeted = withDailyBudget(endpoint, {
    store: deps.budgetStore,
    limits: config.budget,
    clock: deps.clock,
    ...logging,
  });
  return withCache(budgeted, { cache: deps.cache, ttlMs: config.cacheTtlMs, clock: deps.clock, ...logging });
}
