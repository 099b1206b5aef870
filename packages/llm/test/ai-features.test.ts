/**
 * De-risks the AI features end to end through the official client and the simulator: the model
 * decides when it can, the same question is paid for once, and every fault (budget, timeout,
 * malformed answer, refusal) falls back to the keyword rules or to genericBody, saying so.
 */
import { chooseVariant, composeStepMessage, type LeadTag, type VariantDef } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { createMemoryBudgetStore } from '../src/budget/memory-budget.store.js';
import { createMemoryCompletionCache } from '../src/cache/memory-completion.cache.js';
import { createLanguageModel } from '../src/create-language-model.js';
import { generateAiValues } from '../src/features/ai-tools/generate-ai-values.js';
import { decideIcp } from '../src/features/icp/decide-icp.js';
import { decideIcpForVariants } from '../src/features/icp/decide-icp-for-variants.js';
import { icpMatcherFromDecisions } from '../src/features/icp/icp-decision.js';
import { analyseReply, type KeywordReplyRules } from '../src/features/screener/analyse-reply.js';
import { loadLlmConfig } from '../src/llm-config.js';
import type { LanguageModel } from '../src/port/language-model.port.js';
import { API_KEY, requestCount, useSimulator } from './simulated-model.harness.js';

const h = useSimulator();

let now = new Date('2026-03-02T10:00:00Z');
const clock = () => now;

function configuredModel(env: Record<string, string> = {}): LanguageModel {
  const config = loadLlmConfig({
    LLM_BASE_URL: h.running.baseURL,
    LLM_API_KEY: API_KEY,
    LLM_MODEL: h.simulator.model,
    LLM_TIMEOUT_MS: '15000',
    ...env,
  });
  const model = createLanguageModel(config, {
    budgetStore: createMemoryBudgetStore(),
    cache: createMemoryCompletionCache(),
    clock,
  });
  if (model === null) throw new Error('expected a configured model');
  return model;
}

const cto = { firstName: 'Ada', lastName: 'Byron', headline: 'CTO at Acme', companyName: 'Acme Robotics' };
const designer = { firstName: 'Bo', headline: 'Designer', companyName: 'Studio B' };

/** Stands in for the runner's keyword reply analyser, whose rules are its own concern. */
const keywordRules: KeywordReplyRules = {
  analyse: (reply) => Promise.resolve<LeadTag | null>(/\bno\b/i.test(reply) ? 'discarded' : null),
};

describe('ICP decisions', () => {
  it('lets the model decide, with its one-line reason', async () => {
    const decision = await decideIcp({
      model: h.model(),
      workspaceId: 'wks_1',
      lead: cto,
      definition: 'CTO',
      clock,
    });
    expect(decision).toMatchObject({
      matches: true,
      reason: 'simulated model: profile mentions "cto"',
      source: 'model',
      model: h.simulator.model,
      failure: null,
      decidedAt: now.toISOString(),
    });
    expect(decision.definitionKey).toMatch(/^icp_[0-9a-f]{24}$/);
  });

  it('decides by keywords without a model, as before', async () => {
    const decision = await decideIcp({
      model: null,
      workspaceId: 'wks_1',
      lead: designer,
      definition: 'CTO',
      clock,
    });
    expect(decision).toMatchObject({
      matches: false,
      reason: 'profile mentions none of "cto"',
      source: 'keyword',
      model: null,
      failure: null,
    });
  });

  it('asks the model once for the same question: the second answer comes from the cache', async () => {
    const model = configuredModel();
    const ask = () =>
      decideIcp({ model, workspaceId: 'wks_1', lead: cto, definition: 'VP engineering, CTO', clock });
    const before = requestCount(h);
    const first = await ask();
    const second = await ask();
    expect(requestCount(h) - before).toBe(1);
    expect(second).toMatchObject({ matches: first.matches, reason: first.reason, source: 'model' });
  });

  it('falls back to keywords once the workspace has used its daily budget, until the next UTC day', async () => {
    const model = configuredModel({ LLM_DAILY_BUDGET_CALLS: '1' });
    const ask = (definition: string, workspaceId = 'wks_1') =>
      decideIcp({ model, workspaceId, lead: cto, definition, clock });
    const before = requestCount(h);
    expect((await ask('CTO')).source).toBe('model');
    const refused = await ask('acme');
    expect(refused).toMatchObject({ matches: true, source: 'fallback', failure: 'budget_exhausted' });
    expect(refused.reason).toBe('profile mentions "acme"');
    expect((await ask('acme', 'wks_2')).source).toBe('model');
    expect(requestCount(h) - before).toBe(2);
    now = new Date('2026-03-03T00:00:01Z');
    expect((await ask('acme')).source).toBe('model');
  });

  it('falls back to keywords when the model does not answer within the timeout', async () => {
    h.simulator.injectFaults({ kind: 'hang' });
    const decision = await decideIcp({
      model: configuredModel({ LLM_TIMEOUT_MS: '300' }),
      workspaceId: 'wks_1',
      lead: cto,
      definition: 'CTO',
      clock,
    });
    expect(decision).toMatchObject({ matches: true, source: 'fallback', failure: 'timeout' });
  });

  it('decides each distinct definition of the enabled variants once, reusing what the lead holds', async () => {
    const variant = (id: string, icp: string | null, isDisabled = false): VariantDef => ({
      id,
      body: id,
      order: Number(id.slice(1)),
      isDisabled,
      icpDefinitionRaw: icp,
      aiTools: [],
    });
    const variants = [
      variant('v0', null),
      variant('v1', 'CTO'),
      variant('v2', ' cto '),
      variant('v3', 'banking', true),
    ];
    const known = await decideIcpForVariants({
      model: null,
      workspaceId: 'wks_1',
      lead: designer,
      variants,
      known: {},
      clock,
    });
    expect(Object.values(known.added)).toHaveLength(1);
    const again = await decideIcpForVariants({
      model: h.model(),
      workspaceId: 'wks_1',
      lead: designer,
      variants,
      known: known.all,
      clock,
    });
    expect(again.added).toEqual({});
    // A stored decision drives rotation even where keywords would disagree.
    const stored = Object.fromEntries(
      Object.entries(known.all).map(([key, decision]) => [key, { ...decision, matches: true }]),
    );
    expect(chooseVariant(variants, designer, 0, icpMatcherFromDecisions(stored))?.id).toBe('v1');
    expect(chooseVariant(variants, designer, 0, icpMatcherFromDecisions({}))?.id).toBe('v0');
  });
});

describe('screener reply analysis', () => {
  const analyse = (reply: string, model: LanguageModel | null) =>
    analyseReply({
      model,
      workspaceId: 'wks_1',
      reply,
      question: 'Do you hire engineers?',
      keywordRules,
      minConfidence: 0.7,
      clock,
    });

  it('tags what the model reads with enough confidence, with its reason', async () => {
    await expect(analyse('Sounds good, tell me more', h.model())).resolves.toMatchObject({
      tag: 'interested',
      label: 'interested',
      confidence: 0.85,
      reason: 'simulated model: the lead wants to hear more',
      source: 'model',
    });
  });

  it('tags nothing below the configured confidence, but keeps what the model read', async () => {
    const analysis = await analyse('Maybe, not sure yet', h.model());
    expect(analysis).toMatchObject({ tag: null, label: 'interested', confidence: 0.4, source: 'model' });
    expect(analysis.reason).toMatch(/below 0.7: no tag/);
  });

  it('falls back to the keyword rules on a malformed answer, and without a model', async () => {
    h.simulator.injectFaults({ kind: 'malformed' });
    await expect(analyse('No, thank you', h.model())).resolves.toMatchObject({
      tag: 'discarded',
      source: 'fallback',
      failure: 'malformed',
      reason: 'keyword rules read the reply as discarded',
    });
    await expect(analyse('Who is this?', null)).resolves.toMatchObject({
      tag: null,
      label: 'none',
      source: 'keyword',
      reason: 'no keyword rule matches the reply',
    });
  });
});

describe('AI tools', () => {
  const step = { genericBody: 'Hello {{firstName}}' };
  const variant = {
    id: 'v1',
    body: '{{ai.opening_line}} Could we talk?',
    aiTools: [
      { key: 'opening_line', name: 'Personalised opening line' },
      { key: 'company_hook', name: 'One-sentence company hook' },
    ],
  };

  it('writes the values the variant uses, and only those, into the rendered message', async () => {
    const before = requestCount(h);
    const ai = await generateAiValues({ model: h.model(), workspaceId: 'wks_1', lead: cto, variant });
    expect(requestCount(h) - before).toBe(1);
    expect(ai.outcomes).toEqual([{ key: 'opening_line', source: 'model', failure: null }]);
    expect(composeStepMessage(step, variant, cto, { aiValues: ai.values })).toMatchObject({
      ok: true,
      source: 'variant',
      text: 'Ada, your work as CTO at Acme caught my attention. Could we talk?',
    });
  });

  it('sends genericBody when the model refuses, never the placeholder', async () => {
    h.simulator.injectFaults({ kind: 'refusal' });
    const ai = await generateAiValues({ model: h.model(), workspaceId: 'wks_1', lead: cto, variant });
    expect(ai).toEqual({
      values: {},
      outcomes: [{ key: 'opening_line', source: 'fallback', failure: 'refusal' }],
    });
    expect(composeStepMessage(step, variant, cto, { aiValues: ai.values })).toMatchObject({
      ok: true,
      source: 'generic_body',
      text: 'Hello Ada',
    });
  });

  it('refuses an answer over the length cap: without genericBody the lead is paused with missing_variable', async () => {
    const verbose = { ...cto, summary: `write: ${'a very long opening line '.repeat(20)}` };
    const ai = await generateAiValues({ model: h.model(), workspaceId: 'wks_1', lead: verbose, variant });
    expect(ai.outcomes).toEqual([{ key: 'opening_line', source: 'fallback', failure: 'unusable_answer' }]);
    expect(composeStepMessage({ genericBody: null }, variant, verbose, { aiValues: ai.values })).toEqual({
      ok: false,
      internalStatus: 'missing_variable',
      missing: ['ai.opening_line'],
    });
  });

  it('produces nothing without a model, so the step behaves as before', async () => {
    await expect(
      generateAiValues({ model: null, workspaceId: 'wks_1', lead: cto, variant }),
    ).resolves.toEqual({
      values: {},
      outcomes: [{ key: 'opening_line', source: 'fallback', failure: 'not_configured' }],
    });
  });
});
