/**
 * De-risks the `openai` adapter against an OpenAI-compatible server over real HTTP: structured
 * answers validated by zod, and every failure mapped to a kind the features fall back on, with
 * retries of 429/5xx that honour retry-after and never outlast the configured timeout.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StructuredRequest } from '../src/port/language-model.port.js';
import { createLlmSimulator } from '../src/simulator/llm-simulator.js';
import { requestCount, useSimulator } from './simulated-model.harness.js';

const h = useSimulator();

const icpQuestion: StructuredRequest<{ matches: boolean; reason: string }> = {
  workspaceId: 'wks_1',
  task: 'icp_decision',
  instructions: 'Decide whether the lead fits the ICP.',
  input: JSON.stringify({ definition: 'CTO, VP engineering', lead: { headline: 'CTO at Acme' } }),
  schema: z.object({ matches: z.boolean(), reason: z.string() }),
};

describe('structured answers', () => {
  it('returns the answer parsed and validated, with the model name and token usage', async () => {
    const answer = await h.model().answer(icpQuestion);
    expect(answer).toMatchObject({
      ok: true,
      value: { matches: true, reason: 'simulated model: profile mentions "cto"' },
      model: h.simulator.model,
      cached: false,
    });
    expect(answer.ok && answer.usage?.totalTokens).toBeGreaterThan(0);
    const sent = h.simulator.requests.at(-1);
    expect(sent?.task).toBe('icp_decision');
    expect(sent?.messages.map((message) => message.role)).toEqual(['system', 'user']);
  });

  it('reports an answer that does not fit the schema as malformed', async () => {
    const answer = await h.model().answer({ ...icpQuestion, schema: z.object({ score: z.number() }) });
    expect(answer).toMatchObject({ ok: false, failure: { kind: 'malformed' } });
  });

  it('reports text that is not JSON, and an answer cut at the token limit, as malformed', async () => {
    h.simulator.injectFaults({ kind: 'malformed' }, { kind: 'truncated' });
    await expect(h.model().answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'malformed', message: 'the answer is not JSON' },
    });
    await expect(h.model().answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'malformed', message: 'the answer was cut off at the token limit' },
    });
  });

  it('reports a refusal', async () => {
    h.simulator.injectFaults({ kind: 'refusal' });
    await expect(h.model().answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'refusal', message: expect.stringContaining("can't help") },
    });
  });
});

describe('retries and time limits', () => {
  it('retries a 429 after the retry-after the endpoint asked for', async () => {
    const before = requestCount(h);
    h.simulator.injectFaults({ kind: 'rate_limit', retryAfterSeconds: 2 });
    await expect(h.model().answer(icpQuestion)).resolves.toMatchObject({ ok: true });
    expect(requestCount(h) - before).toBe(2);
    expect(h.waits).toEqual([2000]);
  });

  it('retries 5xx with exponential backoff, then gives up as unavailable', async () => {
    const before = requestCount(h);
    h.simulator.injectFaults(
      { kind: 'server_error' },
      { kind: 'server_error', status: 503 },
      { kind: 'server_error' },
    );
    const model = h.model({ retry: { maxRetries: 2, baseDelayMs: 400, maxDelayMs: 10_000 } });
    await expect(model.answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'unavailable' },
    });
    expect(requestCount(h) - before).toBe(3);
    // random() = 0 gives the fixed half of each ceiling: 400/2, then 800/2.
    expect(h.waits).toEqual([200, 400]);
  });

  it('does not wait for a retry-after that ends past the timeout: it reports the rate limit at once', async () => {
    const before = requestCount(h);
    h.simulator.injectFaults({ kind: 'rate_limit', retryAfterSeconds: 60 });
    await expect(h.model({ timeoutMs: 5_000 }).answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'rate_limited' },
    });
    expect(requestCount(h) - before).toBe(1);
    expect(h.waits).toEqual([]);
  });

  it('gives up on an endpoint that does not answer within the timeout', async () => {
    h.simulator.injectFaults({ kind: 'hang' });
    await expect(h.model({ timeoutMs: 300 }).answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'timeout' },
    });
    expect(h.waits).toEqual([]);
  });

  it('does not retry a request the endpoint rejects (wrong key)', async () => {
    const before = requestCount(h);
    await expect(h.model({ apiKey: 'sk-wrong' }).answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'rejected' },
    });
    expect(requestCount(h)).toBe(before);
    expect(h.waits).toEqual([]);
  });

  it('reports an endpoint that cannot be reached as unavailable', async () => {
    const closed = await createLlmSimulator().listen(0, '127.0.0.1');
    await closed.close();
    const model = h.model({
      baseURL: closed.baseURL,
      retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 10 },
    });
    await expect(model.answer(icpQuestion)).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'unavailable' },
    });
    expect(h.waits).toHaveLength(1);
  });
});
