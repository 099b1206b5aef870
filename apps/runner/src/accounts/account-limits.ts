import {
  callBudgets,
  effectiveLimits,
  limitValues,
  usagePeriods,
  withdrawalAllowanceOf,
  type EffectiveLimits,
  type LinkedinLimits,
  type ProviderCallKind,
} from '@outreach/domain';
import type { RunnerAccount } from '../store/runner-store.port.js';

/**
 * The limits the account is held to now: its tier, the user's settings, the warm-up and the
 * acceptance guard's last verdict.
 */
export function limitsOf(
  account: Pick<RunnerAccount, 'tier' | 'limitSettings' | 'warmUpStartedAt' | 'acceptanceGuard'>,
  now: Date,
): EffectiveLimits {
  return effectiveLimits({
    tier: account.tier,
    settings: account.limitSettings,
    warmUpStartedAt: account.warmUpStartedAt,
    now,
    acceptanceGuard: account.acceptanceGuard?.state ?? null,
  });
}

export function limitNumbersOf(
  account: Pick<RunnerAccount, 'tier' | 'limitSettings' | 'warmUpStartedAt' | 'acceptanceGuard'>,
  now: Date,
): LinkedinLimits {
  return limitValues(limitsOf(account, now));
}

/**
 * The withdrawals of stale invitations the account may make today: at least as many as it may send
 * invitations in a day before the acceptance guard (`withdrawalAllowance`).
 */
export function withdrawalAllowanceOfAccount(
  account: Pick<RunnerAccount, 'tier' | 'limitSettings' | 'warmUpStartedAt'>,
  now: Date,
): number {
  return withdrawalAllowanceOf({
    tier: account.tier,
    settings: account.limitSettings,
    warmUpStartedAt: account.warmUpStartedAt,
    now,
  });
}

/**
 * The day's budget of provider calls of one kind for the account. Withdrawals of stale invitations
 * are writes as well: the day's write budget holds the withdrawal allowance on top, and keeps it
 * when the acceptance guard cuts the invitations (the withdrawals are what lifts the account).
 */
export function callBudgetOf(
  account: Pick<RunnerAccount, 'tier' | 'limitSettings' | 'warmUpStartedAt'> &
    Partial<Pick<RunnerAccount, 'acceptanceGuard'>>,
  kind: ProviderCallKind,
  now: Date,
): number {
  const budget = callBudgets(limitNumbersOf(account, now))[kind];
  return kind === 'write' ? budget + withdrawalAllowanceOfAccount(account, now) : budget;
}

/** Where the window a limit answer closed ends, in the account's own calendar. */
export function nextWindowStart(window: 'day' | 'week', now: Date, timezone: string): Date {
  const periods = usagePeriods(now, timezone);
  return window === 'week' ? periods.week.end : periods.day.end;
}
