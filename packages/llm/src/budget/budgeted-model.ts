/**
 * Spends the workspace's daily budget: a call is reserved before the endpoint is asked, and the
 * tokens it reports are added afterwards. Out of budget, the answer is a `budget_exhausted` failure
 * and the endpoint is not asked. A budget store that cannot be reached counts as out of budget:
 * spending uncounted could run past the limit the owner set.
 */
import type { Clock, LanguageModel, ModelLogger, StructuredRequest } from '../port/language-model.port.js';
import { modelFailure, silentLogger } from '../port/language-model.port.js';
import { budgetDay, type BudgetLimits, type BudgetStore } from './budget-store.port.js';

export interface BudgetOptions {
  store: BudgetStore;
  limits: BudgetLimits;
  clock: Clock;
  logger?: ModelLogger;
}

export function withDailyBudget(inner: LanguageModel, options: BudgetOptions): LanguageModel {
  const logger = options.logger ?? silentLogger;
  return {
    model: inner.model,
    async answer<T>(request: StructuredRequest<T>) {
      const { workspaceId } = request;
      const day = budgetDay(options.clock());
      let reserved: boolean;
      try {
        reserved = await options.store.tryReserveCall(workspaceId, day, options.limits);
      } catch (error) {
        logger.warn({ workspaceId, err: error }, 'model budget store unavailable');
        return modelFailure<T>('budget_exhausted', 'the model budget could not be checked');
      }
      if (!reserved)
        return modelFailure<T>('budget_exhausted', `the daily model budget of ${day} is used up`);
      const answer = await inner.answer(request);
      const tokens = answer.ok ? (answer.usage?.totalTokens ?? 0) : 0;
      if (tokens > 0) {
        await options.store.addTokens(workspaceId, day, tokens).catch((error: unknown) => {
          logger.warn({ workspaceId, tokens, err: error }, 'model tokens not counted');
        });
      }
      return answer;
    },
  };
}
