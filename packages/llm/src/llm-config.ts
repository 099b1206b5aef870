/**
 * The language-model settings, read from the environment. Without `LLM_BASE_URL` no model is
 * configured and every feature runs its deterministic rules (today's behaviour).
 */
import { z } from 'zod';

const optionalLimit = z.preprocess(
  (value) => (value === '' || value === 'unlimited' ? null : value),
  z.coerce.number().int().min(0).nullable(),
);

const llmEnvSchema = z.object({
  /** An OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  LLM_BASE_URL: z.url().optional(),
  /** Bearer key; local endpoints (Ollama, LM Studio, the simulator) accept any. */
  LLM_API_KEY: z.string().default(''),
  LLM_MODEL: z.string().min(1).optional(),
  /** Longest wait for one answer, retries included. */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Retries of 429 and 5xx answers within that time. */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Answers a workspace may ask for per UTC day; "unlimited" or empty for no limit. */
  LLM_DAILY_BUDGET_CALLS: optionalLimit.default(1000),
  /** Tokens a workspace may spend per UTC day; "unlimited" or empty for no limit. */
  LLM_DAILY_BUDGET_TOKENS: optionalLimit.default(null),
  /** How long an answer is served from the cache. */
  LLM_CACHE_TTL_HOURS: z.coerce.number().positive().default(720),
  /** A screener answer below this confidence tags nothing. */
  LLM_SCREENER_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.7),
});

export interface LlmConfig {
  /** Null when no model is configured. */
  endpoint: { baseURL: string; apiKey: string; model: string } | null;
  timeoutMs: number;
  maxRetries: number;
  budget: { callsPerDay: number | null; tokensPerDay: number | null };
  cacheTtlMs: number;
  screenerMinConfidence: number;
}

/** Reads the `LLM_*` variables; a bad value throws an error naming it. */
export function loadLlmConfig(env: Readonly<Record<string, string | undefined>>): LlmConfig {
  const parsed = llmEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid language-model configuration: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  if (config.LLM_BASE_URL !== undefined && config.LLM_MODEL === undefined) {
    throw new Error('invalid language-model configuration: LLM_MODEL: required when LLM_BASE_URL is set');
  }
  return {
    endpoint:
      config.LLM_BASE_URL === undefined || config.LLM_MODEL === undefined
        ? null
        : { baseURL: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL },
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    budget: { callsPerDay: config.LLM_DAILY_BUDGET_CALLS, tokensPerDay: config.LLM_DAILY_BUDGET_TOKENS },
    cacheTtlMs: config.LLM_CACHE_TTL_HOURS * 3_600_000,
    screenerMinConfidence: config.LLM_SCREENER_MIN_CONFIDENCE,
  };
}
