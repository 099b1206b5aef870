import { AsyncLocalStorage } from 'node:async_hooks';
import { usagePeriods, type ProviderCallKind } from '@outreach/domain';
import { CallBudgetExhaustedError } from '@outreach/network';
import type { Clock } from '@outreach/network';
import type { RunnerAccount, RunnerStore, UsageKind } from '../store/runner-store.port.js';
import { callBudgetOf } from './account-limits.js';

/** The sender account the current work acts for, so the call meter charges the right budget. */
export const actingAccount = new AsyncLocalStorage<RunnerAccount>();

/** Runs `work` with its provider calls charged to `account`'s budgets. */
export function actFor<T>(account: RunnerAccount, work: () => Promise<T>): Promise<T> {
  return actingAccount.run(account, work);
}

const COUNTER: Record<ProviderCallKind, UsageKind> = {
  write: 'callsWrite',
  profile_read: 'callsProfileRead',
  list_read: 'callsListRead',
};

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CallMeterDeps {
  store: Pick<RunnerStore, 'consumeCallBudget'>;
  clock: Clock;
  /** The account a provider account id names, when no work is bound to one (`actFor`). */
  findAccount(providerAccountId: string): Promise<RunnerAccount | null>;
}

/**
 * The provider call meter: the adapter asks it before every HTTP call it makes for an account.
 * Each call of a kind LinkedIn sees (writes, profile retrievals, list reads) takes one unit of the
 * account's budget for its day (its own timezone, product time), with one conditional update, so
 * runners side by side never pass it; past it the call is refused before it leaves, with the time
 * the budget frees, and the work waits. Reads of the provider's own records (account status, InMail
 * balance) reach no LinkedIn page and are not budgeted.
 */
export function createCallMeter(deps: CallMeterDeps) {
  return {
    async take(call: { accountId: string; kind: ProviderCallKind | 'account_read'; operation: string }) {
      if (call.kind === 'account_read') return;
      const account = actingAccount.getStore() ?? (await deps.findAccount(call.accountId));
      if (account === null) return;
      const now = deps.clock();
      const day = usagePeriods(now, account.timezone).day;
      const taken = await deps.store.consumeCallBudget(account.workspaceId, {
        accountId: account.id,
        period: `day:${day.key}`,
        kind: COUNTER[call.kind],
        cap: callBudgetOf(account, call.kind, now),
        expiresAt: new Date(day.end.getTime() + DAY_MS),
      });
      if (!taken) throw new CallBudgetExhaustedError(call.kind, day.end);
    },
  };
}
