import { composeInvitationNote, LEAD_OUTCOMES } from '@outreach/domain';
import { recordInvitationAccepted } from '../events/record-invitation-accepted.js';
import {
  awaitingAcceptance,
  endIn,
  invitationExpiry,
  postpone,
  stepCompleted,
  type LeadVerdict,
} from '../leads/lead-verdict.js';
import { logExecutedAction, performAction } from '../leads/perform-action.js';
import { networkRead, resumedKey, verdictForFailure, type StepRun } from '../leads/step-run.js';

/**
 * Sends the connection request, with the step's `genericBody` rendered as its note (left out when
 * it cannot be rendered or exceeds the network's 300 characters: the invitation still does the
 * step's job). A lead already connected skips the step; one with an invitation already out waits
 * for it. The step completes only when the invitation is accepted.
 */
export async function runInvitationStep(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, step, lead, account, now } = run;
  // A resumed attempt re-sends with its key even though the network now shows the invitation
  // pending (it is ours): the replay returns the original answer, and the send is logged once.
  if (resumedKey(run) === null) {
    const relationship = await networkRead(run, () =>
      ctx.network.getRelationship({ accountId: account.id, publicIdentifier: lead.publicIdentifier }),
    );
    if (!relationship.ok) return verdictForFailure(run, relationship.failure);
    if (relationship.value === 'connected') {
      return stepCompleted(campaign, lead.currentStep, now, 'already_connected');
    }
    if (relationship.value === 'invitation_pending') return awaitingAcceptance(campaign, now);
  }

  const note = composeInvitationNote(step, lead, campaign);
  if (note.omitted !== null) {
    ctx.logger.info(
      { leadId: lead.id, stepId: step.id, reason: note.omitted },
      'invitation sent without its note',
    );
  }
  const attempt = await performAction(run, {
    action: 'invitation',
    prepare: async () => ({
      ok: true,
      variantId: null,
      call: (idempotencyKey) =>
        ctx.network.sendInvitation({
          accountId: account.id,
          publicIdentifier: lead.publicIdentifier,
          ...(note.note === null ? {} : { note: note.note }),
          idempotencyKey,
        }),
    }),
  });
  if (attempt.kind === 'held') return attempt.verdict;
  if (attempt.kind === 'failed') return verdictForFailure(run, attempt.failure);

  const { sentAt } = attempt.result;
  await logExecutedAction(run, {
    type: 'invitation_sent',
    idempotencyKey: attempt.idempotencyKey,
    variantId: null,
    at: sentAt,
  });
  // A resumed invitation went out in an earlier attempt; its acceptance may have been reported
  // while the lead was not yet marked pending (the event poll then had nothing to wake). The
  // relationship says whether it was.
  if (resumedKey(run) !== null) return resolveResumedInvitation(run, sentAt);
  return awaitingAcceptance(campaign, sentAt);
}

/**
 * A resumed invitation is out since `sentAt`: accepted already, the step completes now; otherwise
 * the lead waits for the acceptance, marked pending. When the look itself fails, the lead is marked
 * pending and looked at again soon rather than at the invitation's expiry, since an acceptance
 * reported before it was marked may be the only one there will be.
 */
async function resolveResumedInvitation(run: StepRun, sentAt: Date): Promise<LeadVerdict> {
  const { ctx, campaign, step, lead, account, now } = run;
  const relationship = await networkRead(run, () =>
    ctx.network.getRelationship({ accountId: account.id, publicIdentifier: lead.publicIdentifier }),
  );
  if (relationship.ok && relationship.value === 'connected') {
    await recordInvitationAccepted(ctx, { lead, step, accountId: account.id, acceptedAt: now });
    return stepCompleted(campaign, lead.currentStep, now);
  }
  const pending = awaitingAcceptance(campaign, sentAt);
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
 * campaign's timeout has passed since the invitation went out (`invitationSentAt`), and otherwise
 * waits for it. (A lead stored before the send time was kept is claimed at its expiry only.)
 */
export async function checkPendingInvitation(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, step, lead, account, now } = run;
  const relationship = await networkRead(run, () =>
    ctx.network.getRelationship({ accountId: account.id, publicIdentifier: lead.publicIdentifier }),
  );
  if (!relationship.ok) return stillPending(verdictForFailure(run, relationship.failure));
  if (relationship.value !== 'connected') {
    const expiresAt =
      lead.invitationSentAt === null ? now : invitationExpiry(campaign, lead.invitationSentAt);
    return expiresAt > now
      ? postpone(expiresAt, 'invitation_pending')
      : endIn(LEAD_OUTCOMES.invitationExpired);
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
