import type { AccountUsage } from '@outreach/contract';
import type { SenderAccount as SenderAccountEntity } from '@outreach/db';
import { remainingCapacity, usagePeriods, type AccountUsage as DomainUsage } from '@outreach/domain';
import type { OperationContext } from '../context.js';

/**
 * Usage counters are kept per account and period; the period keys are `day:<YYYY-MM-DD>` and
 * `week:<YYYY-Www>` in the account's time zone, which is how the runner counts what it consumes.
 */
export function usagePeriodKeys(now: Date, timezone: string): { day: string; week: string } {
  const periods = usagePeriods(now, timezone);
  return { day: `day:${periods.day.key}`, week: `week:${periods.week.key}` };
}

/** The account's caps, what it used today and this week, and what is left today. */
export async function accountUsage(
  ctx: OperationContext,
  account: SenderAccountEntity,
): Promise<AccountUsage> {
  const keys = usagePeriodKeys(ctx.productClock(), account.timezone);
  const [today, week] = await Promise.all([
    ctx.db.accountUsage.get(ctx.workspaceId, account.id, keys.day),
    ctx.db.accountUsage.get(ctx.workspaceId, account.id, keys.week),
  ]);
  const usage: DomainUsage = {
    today: {
      invitation: today.invitations,
      message: today.messages,
      inmail: today.inmails,
      profile_visit: today.profileVisits,
    },
    invitationsThisWeek: week.invitations,
  };
  return {
    accountId: account.id,
    limits: { ...account.limits },
    usedToday: {
      invitations: today.invitations,
      messages: today.messages,
      inmails: today.inmails,
      profileVisits: today.profileVisits,
    },
    usedThisWeek: { invitations: week.invitations },
    remainingToday: {
      invitations: remainingCapacity('invitation', account.limits, usage),
      messages: remainingCapacity('message', account.limits, usage),
      inmails: remainingCapacity('inmail', account.limits, usage),
      profileVisits: remainingCapacity('profile_visit', account.limits, usage),
    },
    cooldownUntil: account.cooldownUntil ? account.cooldownUntil.toISOString() : null,
  };
}
