/**
 * The budget and the cache on MongoDB, as the runner and API use them: through `@outreach/db`'s
 * workspace-scoped repositories, behind the real `openai` adapter and the simulator. Dates lie in
 * the future because the TTL monitor removes expired records in real time.
 */
import { asWorkspaceId, connectDb, type Db } from '@outreach/db';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetStoreOver } from '../src/budget/repository-budget.store.js';
import { completionCacheOver } from '../src/cache/repository-completion.cache.js';
import { createLanguageModel } from '../src/create-language-model.js';
import { decideIcp } from '../src/features/icp/decide-icp.js';
import { loadLlmConfig } from '../src/llm-config.js';
import { API_KEY, requestCount, useSimulator } from './simulated-model.harness.js';

const h = useSimulator();
let db: Db;
beforeAll(async () => {
  db = await connectDb(testDatabaseUri());
});
afterAll(() => db.close());

const clock = () => new Date('2099-05-04T09:00:00Z');
const workspaceId = 'ws_cccccccccccccccccccccccc';
const lead = { firstName: 'Ada', headline: 'Head of Data at Nimbus' };

function mongoBackedModel(calls: string) {
  const config = loadLlmConfig({
    LLM_BASE_URL: h.running.baseURL,
    LLM_API_KEY: API_KEY,
    LLM_MODEL: h.simulator.model,
    LLM_DAILY_BUDGET_CALLS: calls,
  });
  const model = createLanguageModel(config, {
    budgetStore: budgetStoreOver(db.modelUsage, asWorkspaceId),
    cache: completionCacheOver(db.modelAnswers, asWorkspaceId),
    clock,
  });
  if (!model) throw new Error('expected a configured model');
  return model;
}

describe('MongoDB-backed budget and cache', () => {
  it('serves a repeated question from MongoDB, even to a new process, and counts only paid calls', async () => {
    const before = requestCount(h);
    const first = await decideIcp({
      model: mongoBackedModel('10'),
      workspaceId,
      lead,
      definition: 'head of data',
      clock,
    });
    const again = await decideIcp({
      model: mongoBackedModel('10'),
      workspaceId,
      lead,
      definition: 'head of data',
      clock,
    });
    expect(first).toMatchObject({ matches: true, source: 'model' });
    expect(again).toMatchObject({ matches: true, source: 'model', reason: first.reason });
    expect(requestCount(h) - before).toBe(1);
    const usage = await db.modelUsage.usage(asWorkspaceId(workspaceId), '2099-05-04');
    expect(usage.calls).toBe(1);
    expect(usage.tokens).toBeGreaterThan(0);
  });

  it('falls back to keywords once the workspace used its calls of the day', async () => {
    const model = mongoBackedModel('2');
    const decision = await decideIcp({ model, workspaceId, lead, definition: 'nimbus', clock });
    expect(decision.source).toBe('model');
    await expect(decideIcp({ model, workspaceId, lead, definition: 'cfo', clock })).resolves.toMatchObject({
      matches: false,
      source: 'fallback',
      failure: 'budget_exhausted',
    });
  });
});
