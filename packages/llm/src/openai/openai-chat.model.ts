/**
 * The `LanguageModel` adapter on the official `openai` client, for any OpenAI-compatible
 * chat-completions endpoint (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, OpenRouter...). Answers
 * are requested as strict JSON schema (`response_format: json_schema`) built from the zod schema and
 * validated again on arrival. The client's own retries are off: this adapter retries 429/5xx itself
 * so that every attempt and every backoff fits inside one total deadline.
 */
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { LanguageModel, StructuredAnswer, StructuredRequest } from '../port/language-model.port.js';
import { modelFailure } from '../port/language-model.port.js';
import { classifyOpenAiError } from './classify-openai-error.js';
import { readCompletion } from './read-completion.js';
import { backoffMs, DEFAULT_RETRY_POLICY, retryAfterMs, type RetryPolicy } from './retry-policy.js';

export interface OpenAiModelOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  /** Longest time one answer may take, every attempt and backoff included. */
  timeoutMs: number;
  retry?: RetryPolicy;
  /** Default answer size cap when the request names none. */
  maxOutputTokens?: number;
  /** For tests: a monotonic clock in ms, a sleep and a random source. */
  monotonicNow?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Extra headers for every request (e.g. an OpenRouter `HTTP-Referer`). */
  defaultHeaders?: Record<string, string>;
}

const DEFAULT_MAX_OUTPUT_TOKENS = 400;

export function createOpenAiLanguageModel(options: OpenAiModelOptions): LanguageModel {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
  });
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const now = options.monotonicNow ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms));
  const random = options.random ?? Math.random;

  async function answer<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>> {
    const deadline = now() + options.timeoutMs;
    const body = {
      model: options.model,
      messages: [
        { role: 'system' as const, content: request.instructions },
        { role: 'user' as const, content: request.input },
      ],
      response_format: zodResponseFormat(request.schema, request.task),
      max_completion_tokens: request.maxOutputTokens ?? options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    };
    for (let retry = 0; ; retry += 1) {
      const remaining = Math.floor(deadline - now());
      if (remaining <= 0) return modelFailure('timeout', `no answer within ${options.timeoutMs} ms`);
      try {
        const completion = await client.chat.completions.create(body, { timeout: remaining, maxRetries: 0 });
        return readCompletion(completion, request.schema);
      } catch (error) {
        const classified = classifyOpenAiError(error);
        if (!classified.retryable || retry >= policy.maxRetries)
          return { ok: false, failure: classified.failure };
        const wait = retryAfterMs(classified.headers, Date.now()) ?? backoffMs(policy, retry, random);
        // Waiting past the deadline would only end in a timeout: report the real cause now.
        if (now() + wait >= deadline) return { ok: false, failure: classified.failure };
        await sleep(wait);
      }
    }
  }

  return { model: options.model, answer };
}
