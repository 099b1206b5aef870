import {
  composeInvitationNote,
  invitationNote,
  LEAD_OUTCOMES,
  mayInviteAgain,
  NOTE_QUOTA_DAYS,
  reinviteAllowedAt,
  usagePeriods,
} from '@outreach/domain';
import { limitNumbersOf } from '../accounts/account-limits.js';
import { recordInvitationAccepted } from '../events/record-invitation-accepted.js';
import {
  awaitingAcceptance,
  endIn,
  invitationLookAt,
  postpone,
  postponeIntoWorkingHours,
  stepCompleted,
  type LeadVerdict,
} from '../step-run/lead-verdict.js';
import { expireInvitation } from './invitation-withdrawal.js';
import { logExecutedAction, performAction } from '../step-run/perform-action.js';
import type { ExtraUnit } from '../step-run/sender-gates.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import { leadRef, resolvedLead } from '../step-run/provider-lead.js';
import { networkRead, resumedKey, verdictForFailure, type StepRun } from '../step-run/step-run.js';

/**
 * Sends the connection request, with the step's `genericBody` rendered as its note (left out when
 * it cannot be rendered or exceeds the network's 300 characters: the invitation still does the
 * step's job). A lead already connected skips the step; one with an invitation already out waits
 * for it. The step completes only when the invitation is accepted.
 */
export async function runInvitationStep(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, step, lead, account, now } = run;
  // LinkedIn refuses a new invitation to a person within 21 days of a withdrawal, and the refusal
  // (422 `cannot_resend_yet`) would cool the whole account down: the lead waits for the day it may.
  if (resumedKey(run) === null) {
    const withdrawnAt = await ctx.store.lastInvitationWithdrawalAt(lead.workspaceId, lead.publicIdentifier);
    if (!mayInviteAgain(withdrawnAt, now) && withdrawnAt !== null) {
      ctx.logger.info({ leadId: lead.id, withdrawnAt }, 'invitation waits: this person was withdrawn lately');
      return postponeIntoWorkingHours(campaign, reinviteAllowedAt(withdrawnAt), 'awaiting_delay');
    }
  }
  const member = await resolvedLead(run);
  if (!member.ok) return verdictForFailure(run, member.failure);
  const { relationship, ...ref } = member.value;
  const accountId = providerAccountOf(account);
  // No separate read of the relationship: a lead just resolved came with it, and otherwise the
  // invitation's own answer says "already connected" or "already invited". Each read retrieves a
  // profile from the account's small daily allowance. A resumed attempt is reconciled instead (in
  // performAction): the invitation now pending may be its own, and must then be logged once.
  if (resumedKey(run) === null) {
    if (relationship === 'connected')
      return stepCompleted(campaign, lead.currentStep, now, 'already_connected');
    if (relationship === 'invitation_pending')
      return awaitingAcceptance(campaign, now, run.invitations.withdrawAfterDays);
  }

  const composed = composeInvitationNote(step, lead, campaign);
  if (composed.omitted !== null) {
    ctx.logger.info(
      { leadId: lead.id, stepId: step.id, reason: composed.omitted },
      'invitation sent without its note',
    );
  }
  const attempt = await performAction(run, {
    action: 'invitation',
    prepare: async () => {
      // The note's unit is taken with the invitation's own, once the pacing gate and the caps let
      // it go: an attempt held back must not spend one of the few notes a free account has a month.
      const note = await noteWithinQuota(run, composed.note);
      return {
        ok: true,
        variantId: null,
        ...(note === null ? {} : { extraUnit: note.unit }),
        call: async (_key, taken, deadline) => {
          if (note !== null && !taken.extraUnit)
            ctx.logger.info({ leadId: lead.id }, 'invitation sent without its note: the note quota is used');
          return ctx.network.sendInvitation({
            accountId,
            lead: ref,
            ...(note !== null && taken.extraUnit ? { note: note.text } : {}),
            deadline,
          });
        },
        reconcile: async (since) => {
          const outcome = await ctx.network.reconcileInvitation({ accountId, lead: ref, since });
          return outcome === 'sent'
            ? { invitationId: '', providerId: ref.providerId ?? '', sentAt: since }
            : null;
        },
      };
    },
  });
  if (attempt.kind === 'held') return attempt.verdict;
  if (attempt.kind === 'failed') return verdictForFailure(run, attempt.failure);

  const { sentAt, invitationId } = attempt.result;
  await logExecutedAction(run, {
    type: 'invitation_sent',
    idempotencyKey: attempt.idempotencyKey,
    variantId: null,
    at: sentAt,
  });
  // A resumed invitation went out in an earlier attempt; its acceptance may have been reported
  // while the lead was not yet marked pending (the event poll then had nothing to wake). The
  // relationship says whether it was.
  if (resumedKey(run) !== null) return resolveResumedInvitation(run, sentAt, invitationId);
  return awaitingAcceptance(campaign, sentAt, run.invitations.withdrawAfterDays, invitationId);
}

/**
 * A resumed invitation is out since `sentAt`: accepted already, the step completes now; otherwise
 * the lead waits for the acceptance, marked pending. When the look itself fails, the lead is marked
 * pending and looked at again soon rather than at the invitation's expiry, since an acceptance
 * reported before it was marked may be the only one there will be.
 */
async function resolveResumedInvitation(
  run: StepRun,
  sentAt: Date,
  invitationId: string,
): Promise<LeadVerdict> {
  const { ctx, campaign, step, lead, account, now } = run;
  const relationship = await networkRead(run, () =>
    ctx.network.getRelationship({ accountId: providerAccountOf(account), lead: leadRef(lead) }),
  );
  if (relationship.ok && relationship.value === 'connected') {
    await recordInvitationAccepted(ctx, { lead, step, accountId: account.id, acceptedAt: now });
    return stepCompleted(campaign, lead.currentStep, now);
  }
  const pending = awaitingAcceptance(campaign, sentAt, run.invitations.withdrawAfterDays, invitationId);
  if (relationship.ok || pending.kind !== 'settle') return pending;
  const recheckAt = new Date(now.getTime() + ctx.options.recheckMs);
  const { nextActionAt } = pending.settlement;
  return {
    kind: 'settle',
    settlement: {
      ...pending.settlement,
      nextActionAt: nextActionAt !== null && nextActionAt < recheckAt ? nextActionAt : recheckAt,
    },
  };
}

/**
 * Looks at an invitation that is out. The lead is claimed in this state when its invitation
 * expires, when the acceptance was reported by the network's events, to retry that look after a
 * failure, or after a wait for its sender; a lead not connected yet is expired only once the
 * campaign's timeout, or the workspace's withdrawal age, has passed since the invitation went out
 * (`invitationSentAt`), and otherwise waits for it. (A lead stored before the send time was kept is claimed at its expiry only.)
 */
export async function checkPendingInvitation(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, step, lead, account, now } = run;
  const relationship = await networkRead(run, () =>
    ctx.network.getRelationship({ accountId: providerAccountOf(account), lead: leadRef(lead) }),
  );
  if (!relationship.ok) return stillPending(verdictForFailure(run, relationship.failure));
  if (relationship.value !== 'connected') {
    const expiresAt =
      lead.invitationSentAt === null
        ? now
        : invitationLookAt(campaign, lead.invitationSentAt, run.invitations.withdrawAfterDays);
    if (expiresAt > now) return postpone(expiresAt, 'invitation_pending');
    return lead.invitationSentAt === null ? endIn(LEAD_OUTCOMES.invitationExpired) : expireInvitation(run);
  }
  await recordInvitationAccepted(ctx, { lead, step, accountId: account.id, acceptedAt: now });
  return stepCompleted(campaign, lead.currentStep, now);
}

/**
 * A look at a pending invitation that had to be put off keeps the lead `invitation_pending`: the
 * invitation is still out, and its acceptance must still be recognised when it is reported.
 */
export function stillPending(verdict: LeadVerdict): LeadVerdict {
  if (verdict.kind !== 'postpone') return verdict;
  return {
    kind: 'postpone',
    postponement: { ...verdict.postponement, internalStatus: 'invitation_pending' },
  };
}

/**
 * The note the tier lets this invitation carry: at most 200 characters on a free account (300
 * otherwise), and only within the quota of noted invitations of the last 31 days (day counters,
 * summed: LinkedIn's month is a rolling one), with the day's unit of that quota it takes: the days
 * before today are read once a pass (`PastUsage`), and today's unit is taken with what they leave
 * of the quota as its cap. Past either, the invitation goes without its note.
 */
async function noteWithinQuota(
  run: StepRun,
  note: string | null,
): Promise<{ text: string; unit: ExtraUnit } | null> {
  const { ctx, account, now } = run;
  if (note === null) return null;
  const limits = limitNumbersOf(account, now);
  // Today's notes are counted by today's unit, taken under what the days before leave of the quota.
  const notedBefore = await ctx.pastUsage.notesBeforeToday(account, now);
  const verdict = invitationNote(account.tier, note, notedBefore, limits);
  if (verdict.note === null) {
    ctx.logger.info({ leadId: run.lead.id, reason: verdict.dropped }, 'invitation sent without its note');
    return null;
  }
  const today = usagePeriods(now, account.timezone).day;
  // One unit per action key: a resumed attempt does not count its note twice.
  return {
    text: verdict.note,
    unit: {
      kind: 'notedInvitations',
      period: `day:${today.key}`,
      cap: limits.notedInvitationsPerMonth - notedBefore,
      expiresAt: new Date(today.end.getTime() + (NOTE_QUOTA_DAYS + 1) * 24 * 60 * 60 * 1000),
    },
  };
}
