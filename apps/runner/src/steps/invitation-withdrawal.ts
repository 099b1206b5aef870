import {
  LEAD_OUTCOMES,
  staleInvitationDue,
  usagePeriods,
  withdrawalMinute,
  WITHDRAWALS_PER_MINUTE,
} from '@outreach/domain';
import { withdrawalAllowanceOfAccount } from '../accounts/account-limits.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import { findInvitationId, withdrawalPort } from '../accounts/sent-invitations.js';
import { endIn, postpone, type LeadVerdict } from '../step-run/lead-verdict.js';
import { networkRead, verdictForFailure, type StepRun } from '../step-run/step-run.js';

/**
 * An invitation left unanswered past the campaign's timeout or the workspace's withdrawal age:
 * withdrawn when it is due for it (the workspace's `withdrawAfterDays`, 7 to 60), within the account's
 * daily withdrawal allowance (a `withdrawals` unit each, as many a day as the account's daily
 * invitations, at least the tier's `WITHDRAWALS_PER_DAY`; the call itself a metered write),
 * then the lead is closed `invitation_expired` with `invitationWithdrawnAt`. The lead keeps
 * `currentStep` and `invitationSentAt`, so an acceptance that arrives later still counts. Leads are
 * claimed most overdue first, so an account's oldest invitations go first. A lead whose invitation
 * id was never kept finds it among the pending invitations (by member id or public identifier); one
 * that is not found, or a network without withdrawals, is closed as before. A campaign timeout
 * shorter than the withdrawal age closes the lead without withdrawing: the account's review
 * withdraws that invitation once it is due (`invitation-review.ts`). An invitation the review
 * withdrew already is not withdrawn again.
 */
export async function expireInvitation(run: StepRun): Promise<LeadVerdict> {
  const { ctx, lead, account, now } = run;
  const port = withdrawalPort(ctx.network);
  const sentAt = lead.invitationSentAt;
  const withdrawnAt = lead.invitationWithdrawnAt ?? null;
  if (withdrawnAt !== null) return withdrawnVerdict(withdrawnAt);
  if (
    port === null ||
    sentAt === null ||
    !staleInvitationDue(sentAt, run.invitations.withdrawAfterDays, now)
  ) {
    return endIn(LEAD_OUTCOMES.invitationExpired);
  }
  const accountId = providerAccountOf(account);
  let invitationId = lead.invitationId ?? null;
  if (invitationId === null || invitationId === '') {
    const found = await networkRead(run, () => findInvitationId(port, accountId, lead));
    if (!found.ok) return keepPending(verdictForFailure(run, found.failure));
    if (found.value === null) return endIn(LEAD_OUTCOMES.invitationExpired);
    invitationId = found.value;
  }
  // A withdrawal is a write LinkedIn sees: at most two a minute, so leads whose invitations fall due
  // together do not withdraw in a burst (they take the next minutes).
  const minute = withdrawalMinute(now);
  const spaced = await ctx.store.consumeCapacity(lead.workspaceId, {
    accountId: account.id,
    period: minute.key,
    kind: 'withdrawals',
    key: `withdraw:${lead.id}:${invitationId}`,
    cap: WITHDRAWALS_PER_MINUTE,
    expiresAt: new Date(minute.end.getTime() + 24 * 60 * 60 * 1000),
  });
  if (!spaced) return postpone(minute.end, 'invitation_pending');
  const today = usagePeriods(now, account.timezone).day;
  const allowed = await ctx.store.consumeCapacity(lead.workspaceId, {
    accountId: account.id,
    period: `day:${today.key}`,
    kind: 'withdrawals',
    key: `withdraw:${lead.id}:${invitationId}`,
    cap: withdrawalAllowanceOfAccount(account, now),
    expiresAt: new Date(today.end.getTime() + 2 * 24 * 60 * 60 * 1000),
  });
  // The day's withdrawals are spent: the invitation stays out until the account's next day.
  if (!allowed) return postpone(today.end, 'invitation_pending');
  const id = invitationId;
  const withdrawn = await networkRead(run, () => port.withdrawInvitation({ accountId, invitationId: id }));
  if (!withdrawn.ok) return keepPending(verdictForFailure(run, withdrawn.failure));
  // `not_found` is done as well: nothing is pending under that id any more.
  ctx.logger.info(
    { leadId: lead.id, invitationId: id, outcome: withdrawn.value.outcome },
    'stale invitation withdrawn',
  );
  return withdrawnVerdict(withdrawn.value.at);
}

/** The lead closes `invitation_expired`, its invitation withdrawn at `at`. */
function withdrawnVerdict(at: Date): LeadVerdict {
  const expired = endIn(LEAD_OUTCOMES.invitationExpired);
  if (expired.kind !== 'settle') return expired;
  return { kind: 'settle', settlement: { ...expired.settlement, invitationWithdrawnAt: at } };
}

/** A withdrawal put off keeps the lead `invitation_pending`: its invitation is still out. */
function keepPending(verdict: LeadVerdict): LeadVerdict {
  if (verdict.kind !== 'postpone') return verdict;
  return {
    kind: 'postpone',
    postponement: { ...verdict.postponement, internalStatus: 'invitation_pending' },
  };
}
