/** The daily budget: counted per workspace and UTC day, in calls and tokens, failing closed. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LanguageModel, StructuredRequest } from '../port/language-model.port.js';
import type { BudgetStore } from './budget-store.port.js';
import { withDailyBudget } from './budgeted-model.js';
import { createMemoryBudgetStore } from './memory-budget.store.js';

const spender: LanguageModel & { calls: number } = {
  model: 'm1',
  calls: 0,
  answer<T>(request: StructuredRequest<T>) {
    spender.calls += 1;
    const value = request.schema.parse({});
    return Promise.resolve({
      ok: true as const,
      value,
      model: 'm1',
      cached: false,
      usage: { promptTokens: 30, completionTokens: 10, totalTokens: 40 },
    });
  },
};

const request = (workspaceId: string): StructuredRequest<object> => ({
  workspaceId,
  task: 't',
  instructions: 'i',
  input: 'x',
  schema: z.object({}),
});
const clock = () => new Date('2026-03-02T23:59:59Z');

describe('daily model budget', () => {
  it('stops asking once the day’s tokens reach the limit, and counts each workspace apart', async () => {
    const store = createMemoryBudgetStore();
    const model = withDailyBudget(spender, { store, limits: { callsPerDay: null, tokensPerDay: 80 }, clock });
    await model.answer(request('wks_1'));
    await model.answer(request('wks_1'));
    await expect(model.answer(request('wks_1'))).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'budget_exhausted', message: 'the daily model budget of 2026-03-02 is used up' },
    });
    await expect(model.answer(request('wks_2'))).resolves.toMatchObject({ ok: true });
    await expect(store.usage('wks_1', '2026-03-02')).resolves.toEqual({ calls: 2, tokens: 80 });
  });

  it('counts as exhausted when the budget cannot be checked, without asking the model', async () => {
    const broken: BudgetStore = {
      tryReserveCall: () => Promise.reject(new Error('down')),
      addTokens: () => Promise.resolve(),
      usage: () => Promise.resolve({ calls: 0, tokens: 0 }),
    };
    const before = spender.calls;
    const model = withDailyBudget(spender, {
      store: broken,
      limits: { callsPerDay: 5, tokensPerDay: null },
      clock,
    });
    await expect(model.answer(request('wks_1'))).resolves.toMatchObject({
      failure: { kind: 'budget_exhausted' },
    });
    expect(spender.calls).toBe(before);
  });
});
