import { describe, expect, it } from 'vitest';
import { loadLlmConfig } from './llm-config.js';

describe('language-model configuration', () => {
  it('configures no model without LLM_BASE_URL, with the documented defaults', () => {
    expect(loadLlmConfig({})).toEqual({
      endpoint: null,
      timeoutMs: 10_000,
      maxRetries: 2,
      budget: { callsPerDay: 1000, tokensPerDay: null },
      cacheTtlMs: 720 * 3_600_000,
      screenerMinConfidence: 0.7,
    });
  });

  it('reads the endpoint, limits and thresholds', () => {
    const config = loadLlmConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3.2',
      LLM_TIMEOUT_MS: '2500',
      LLM_DAILY_BUDGET_CALLS: 'unlimited',
      LLM_DAILY_BUDGET_TOKENS: '50000',
      LLM_SCREENER_MIN_CONFIDENCE: '0.5',
    });
    expect(config).toMatchObject({
      endpoint: { baseURL: 'http://127.0.0.1:11434/v1', apiKey: '', model: 'llama3.2' },
      timeoutMs: 2500,
      budget: { callsPerDay: null, tokensPerDay: 50_000 },
      screenerMinConfidence: 0.5,
    });
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => loadLlmConfig({ LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => loadLlmConfig({ LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadLlmConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/LLM_MODEL: required/);
    expect(() => loadLlmConfig({ LLM_SCREENER_MIN_CONFIDENCE: '2' })).toThrow(/LLM_SCREENER_MIN_CONFIDENCE/);
  });
});
