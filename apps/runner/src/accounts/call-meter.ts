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

/**
 * Units of a budget taken at once when it is far from its cap. A runner spends them without a
 * round trip per call; those a runner holds when it dies are lost for the day (the budget is then
 * under-used by at most `BLOCK_UNITS - 1` calls per kind and account), and a runner stopping
 * gives back what it holds.
 */
export const BLOCK_UNITS = 5;
/** A budget below this many blocks is taken a unit at a time, so that no runner hoards its end. */
const BLOCKS_BEFORE_SINGLES = 4;

export interface CallMeterDeps {
  store: Pick<RunnerStore, 'consumeCallBudget' | 'releaseCallBudget'>;
  clock: Clock;
  /** The account a provider account id names, when no work is bound to one (`actFor`). */
  findAccount(providerAccountId: string): Promise<RunnerAccount | null>;
  /** Units taken at once (default `BLOCK_UNITS`; 1 takes each call's unit on its own). */
  blockUnits?: number;
  /**
   * Told of every call the meter sees, once decided: `metered` (a unit of the account's budget
   * taken), `refused` (the budget is spent: the call is not made), `unmetered` (reads of the
   * provider's own records, or no account of ours). For the process's metrics; must not throw.
   */
  observe?(call: ObservedCall): void;
}

/** A call as the meter decided it, for metrics: bounded values only, no account id. */
export interface ObservedCall {
  kind: ProviderCallKind | 'account_read';
  /** The account's tier, or `unknown` when the call names no account of ours. */
  tier: string;
  outcome: 'metered' | 'refused' | 'unmetered';
}

/** Units of one account's budget of one kind and day that this runner took and has not spent. */
interface HeldUnits {
  workspaceId: string;
  accountId: string;
  kind: UsageKind;
  period: string;
  units: number;
  /** The cap the units were taken under. */
  cap: number;
  /** A block was refused in this period: the budget is near its cap, units go one at a time. */
  singles: boolean;
}

export interface CallMeter {
  take(call: {
    accountId: string;
    kind: ProviderCallKind | 'account_read';
    operation: string;
  }): Promise<void>;
  /** Gives back every unit taken and not spent (at shutdown). */
  releaseHeld(): Promise<void>;
}

/**
 * The provider call meter: the adapter asks it before every HTTP call it makes for an account.
 * Each call of a kind LinkedIn sees (writes, profile retrievals, list reads) takes one unit of the
 * account's budget for its day (its own timezone, product time), taken with a conditional update,
 * so runners side by side never pass it; past it the call is refused before it leaves, with the time
 * the budget frees, and the work waits. Units are taken in blocks while the budget is far from its
 * cap (one update for several calls) and one at a time near it. Reads of the provider's own records
 * (account status, InMail balance) reach no LinkedIn page and are not budgeted.
 */
export function createCallMeter(deps: CallMeterDeps): CallMeter {
  const blockUnits = deps.blockUnits ?? BLOCK_UNITS;
  const held = new Map<string, HeldUnits>();

  async function giveBack(units: HeldUnits): Promise<void> {
    const count = units.units;
    if (count === 0) return;
    units.units = 0;
    const { workspaceId, accountId, kind, period } = units;
    await deps.store.releaseCallBudget(workspaceId, { accountId, kind, period, units: count });
  }

  return {
    async take(call) {
      if (call.kind === 'account_read') {
        deps.observe?.({
          kind: call.kind,
          tier: actingAccount.getStore()?.tier ?? 'unknown',
          outcome: 'unmetered',
        });
        return;
      }
      const account = actingAccount.getStore() ?? (await deps.findAccount(call.accountId));
      if (account === null) {
        deps.observe?.({ kind: call.kind, tier: 'unknown', outcome: 'unmetered' });
        return;
      }
      const metered = (outcome: ObservedCall['outcome']) =>
        deps.observe?.({ kind: call.kind, tier: account.tier, outcome });
      const now = deps.clock();
      const day = usagePeriods(now, account.timezone).day;
      const kind = COUNTER[call.kind];
      const period = `day:${day.key}`;
      const heldKey = `${account.id}|${kind}`;
      const cap = callBudgetOf(account, call.kind, now);
      let units = held.get(heldKey);
      if (units !== undefined && units.period === period && cap < units.cap) {
        // The budget was lowered since (a user setting, a tier change): what is held goes back and
        // the lower cap is checked against the counter again.
        await giveBack(units);
        units.singles = true;
      }
      if (units?.period !== period) {
        units = {
          workspaceId: account.workspaceId,
          accountId: account.id,
          kind,
          period,
          units: 0,
          cap,
          singles: false,
        };
        held.set(heldKey, units);
      }
      units.cap = Math.min(units.cap, cap);
      if (units.units > 0) {
        units.units -= 1;
        metered('metered');
        return;
      }
      const slot = {
        accountId: account.id,
        period,
        kind,
        cap,
        expiresAt: new Date(day.end.getTime() + DAY_MS),
      };
      if (blockUnits > 1 && !units.singles && cap >= blockUnits * BLOCKS_BEFORE_SINGLES) {
        if (await deps.store.consumeCallBudget(account.workspaceId, { ...slot, units: blockUnits })) {
          units.units += blockUnits - 1;
          metered('metered');
          return;
        }
        units.singles = true;
      }
      if (!(await deps.store.consumeCallBudget(account.workspaceId, slot))) {
        metered('refused');
        throw new CallBudgetExhaustedError(call.kind, day.end);
      }
      metered('metered');
    },

    async releaseHeld() {
      const all = [...held.values()];
      held.clear();
      for (const units of all) await giveBack(units);
    },
  };
}
