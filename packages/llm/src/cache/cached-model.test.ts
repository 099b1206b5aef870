/** The cache in front of the model: same question answered once; a broken cache never breaks an answer. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LanguageModel, StructuredRequest } from '../port/language-model.port.js';
import { withCache } from './cached-model.js';
import type { CompletionCache } from './completion-cache.port.js';
import { createMemoryCompletionCache } from './memory-completion.cache.js';

function countingModel(value: unknown): LanguageModel & { calls: number } {
  const model = {
    model: 'm1',
    calls: 0,
    answer<T>(request: StructuredRequest<T>) {
      model.calls += 1;
      const parsed = request.schema.safeParse(value);
      return Promise.resolve(
        parsed.success
          ? { ok: true as const, value: parsed.data, model: 'm1', cached: false, usage: null }
          : { ok: false as const, failure: { kind: 'malformed' as const, message: 'off schema' } },
      );
    },
  };
  return model;
}

const request = (
  input: string,
  schema: z.ZodType = z.object({ ok: z.boolean() }),
): StructuredRequest<unknown> => ({
  workspaceId: 'wks_1',
  task: 't',
  instructions: 'i',
  input,
  schema,
});

describe('answer cache', () => {
  let now = new Date('2026-03-02T10:00:00Z');
  const clock = () => now;

  it('serves the same question from the cache until it expires, and a new question from the model', async () => {
    const inner = countingModel({ ok: true });
    const model = withCache(inner, { cache: createMemoryCompletionCache(), ttlMs: 60_000, clock });
    await model.answer(request('a'));
    await expect(model.answer(request('a'))).resolves.toMatchObject({
      ok: true,
      cached: true,
      value: { ok: true },
    });
    await model.answer(request('b'));
    expect(inner.calls).toBe(2);
    now = new Date(now.getTime() + 60_001);
    await expect(model.answer(request('a'))).resolves.toMatchObject({ cached: false });
    expect(inner.calls).toBe(3);
  });

  it('does not serve an answer cached for another answer shape, nor cache failures', async () => {
    const inner = countingModel({ ok: true });
    const model = withCache(inner, { cache: createMemoryCompletionCache(), ttlMs: 60_000, clock });
    await model.answer(request('a'));
    await model.answer(request('a', z.object({ ok: z.boolean(), why: z.string() })));
    await model.answer(request('a', z.object({ ok: z.boolean(), why: z.string() })));
    expect(inner.calls).toBe(3);
  });

  it('answers from the model when the cache fails', async () => {
    const broken: CompletionCache = {
      get: () => Promise.reject(new Error('down')),
      set: () => Promise.reject(new Error('down')),
    };
    const model = withCache(countingModel({ ok: true }), { cache: broken, ttlMs: 60_000, clock });
    await expect(model.answer(request('a'))).resolves.toMatchObject({ ok: true, cached: false });
  });
});
