import type { AccountUsage, LimitUsage } from '@outreach/contract';
import { CALL_USAGE, LIMIT_USAGE, type SenderAccount as SenderAccountEntity } from '@outreach/db';
import {
  callBudgets,
  inmailApiOf,
  LIMIT_KEYS,
  limitValues,
  NOTE_QUOTA_DAYS,
  lastDayPeriodKeys,
  remainingCapacity,
  warmUpStage,
  withdrawalAllowanceOf,
  type LimitKey,
  type ProviderCallKind,
} from '@outreach/domain';
import { SEARCH_RESULTS_PER_DAY } from '@outreach/domain';
import { accountLimitsAt, toApiRestriction } from '../../mappers/account.mapper.js';
import { invitationHygieneView } from './invitation-hygiene-view.js';
import type { OperationContext } from '../context.js';

/**
 * The account's limits and usage now, in the product clock: each limit with what decided it and
 * what is used and left in its own period (the account's day, ISO week or month), the call
 * budgets of the day, the warm-up, a running cooldown, a restriction, the InMail credits and the
 * account's invitations (pile, withdrawals, acceptance guard). One read of the counters (day, week
 * and month together).
 */
export async function accountUsage(
  ctx: OperationContext,
  account: SenderAccountEntity,
): Promise<AccountUsage> {
  const now = ctx.productClock();
  const usage = await ctx.db.accountUsage.current(ctx.workspaceId, account.id, now, account.timezone);
  const effective = accountLimitsAt(account, now);
  const values = limitValues(effective);
  // LinkedIn counts its weekly invitation cap and the free tier's notes over rolling windows: the
  // view shows what the runner holds the account to (the last 7 days of invitations from the action
  // log, the last 31 days of noted invitations from the day counters).
  const [invitationsLast7Days, notedLast31Days, workspace] = await Promise.all([
    ctx.db.actions
      .recentTimesOfAccount(ctx.workspaceId, {
        accountId: account.id,
        type: 'invitation_sent',
        since: new Date(now.getTime() - 7 * DAY_MS),
        limit: 500,
      })
      .then((times) => times.length),
    ctx.db.accountUsage.sum(
      ctx.workspaceId,
      account.id,
      'notedInvitations',
      lastDayPeriodKeys(now, account.timezone, NOTE_QUOTA_DAYS),
    ),
    ctx.db.workspaces.get(ctx.workspaceId),
  ]);
  const usedOf = (key: LimitKey) => {
    if (key === 'invitationsPerWeek') return invitationsLast7Days;
    if (key === 'notedInvitationsPerMonth') return notedLast31Days;
    return usage[LIMIT_USAGE[key].period][LIMIT_USAGE[key].kind];
  };
  const limits = Object.fromEntries(
    LIMIT_KEYS.map((key): [LimitKey, LimitUsage] => {
      const limit = effective[key];
      const used = usedOf(key);
      return [
        key,
        {
          limit: limit.value,
          source: limit.source,
          tierDefault: limit.tierDefault,
          ceiling: limit.ceiling,
          userSetting: limit.userSetting,
          period: LIMIT_USAGE[key].period,
          used,
          left: Math.max(0, limit.value - used),
        },
      ];
    }),
  ) as Record<LimitKey, LimitUsage>;
  // The provider's balance of the tier's InMail product, when read, bounds what is left this month.
  const product = inmailApiOf(account.tier);
  const credits = product && account.inmailBalance ? account.inmailBalance[product] : null;
  if (credits !== null)
    limits.inmailsPerMonth.left = Math.min(limits.inmailsPerMonth.left, Math.max(0, credits));

  // The write budget holds the day's withdrawals on top, as the runner meters them (`callBudgetOf`).
  const withdrawalAllowance = withdrawalAllowanceOf({
    tier: account.tier,
    settings: account.limitSettings,
    warmUpStartedAt: account.warmUpStartedAt,
    now,
  });
  const base = callBudgets(values);
  const budgets = { ...base, write: base.write + withdrawalAllowance };
  const call = (kind: ProviderCallKind) => {
    const used = usage.day[CALL_USAGE[kind]];
    return { budget: budgets[kind], used, left: Math.max(0, budgets[kind] - used) };
  };
  const stage = warmUpStage(account.warmUpStartedAt, now);
  const cooling = account.cooldownUntil !== null && account.cooldownUntil > now;
  const today = usage.day;
  const domainUsage = {
    today: {
      invitation: today.invitations,
      message: today.messages,
      inmail: today.inmails,
      profile_visit: today.profileVisits,
    },
    invitationsThisWeek: usage.week.invitations,
  };
  return {
    accountId: account.id,
    tier: account.tier,
    tierCheckedAt: account.tierCheckedAt ? account.tierCheckedAt.toISOString() : null,
    limits,
    calls: {
      write: call('write'),
      profileRead: call('profile_read'),
      listRead: call('list_read'),
      // Lead imports' search results, counted per result read (`SEARCH_RESULTS_PER_DAY` of the tier).
      searchResults: searchResultsOf(account, usage.day.searchResults),
    },
    warmUp:
      stage.week === null || stage.endsAt === null
        ? null
        : { week: stage.week, share: stage.share, endsAt: stage.endsAt.toISOString() },
    cooldown:
      cooling && account.cooldownUntil
        ? { until: account.cooldownUntil.toISOString(), reason: account.cooldownReason }
        : null,
    restriction: toApiRestriction(account),
    inmailBalance: account.inmailBalance
      ? {
          classic: account.inmailBalance.classic,
          salesNavigator: account.inmailBalance.sales_navigator,
          recruiter: account.inmailBalance.recruiter,
          checkedAt: account.inmailBalance.checkedAt.toISOString(),
        }
      : null,
    usedToday: {
      invitations: today.invitations,
      messages: today.messages,
      inmails: today.inmails,
      profileVisits: today.profileVisits,
    },
    usedThisWeek: { invitations: usage.week.invitations },
    remainingToday: {
      invitations: remainingCapacity('invitation', values, domainUsage),
      messages: remainingCapacity('message', values, domainUsage),
      inmails: remainingCapacity('inmail', values, domainUsage),
      profileVisits: remainingCapacity('profile_visit', values, domainUsage),
    },
    cooldownUntil: account.cooldownUntil ? account.cooldownUntil.toISOString() : null,
    invitations: invitationHygieneView(
      account,
      workspace?.invitationSettings ?? {},
      usage.day.withdrawals,
      withdrawalAllowance,
    ),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function searchResultsOf(account: SenderAccountEntity, used: number) {
  const budget = SEARCH_RESULTS_PER_DAY[account.tier];
  return { budget, used, left: Math.max(0, budget - used) };
}
