import {
  nextWorkingTime,
  stepDueAt,
  invitationExpiresAt,
  staleInvitationDueAt,
  type LeadInternalStatus,
  type LeadState,
} from '@outreach/domain';
import type { LeadPostponement, LeadSettlement, RunnerCampaign } from '../store/runner-store.port.js';

/**
 * What becomes of a claimed lead: its step settled (advanced, waiting on the network, or ended),
 * postponed to a later time with a reason, or handed back untouched (its campaign stopped; or,
 * with `heldUntil`, an earlier attempt's call may still reach the provider until then).
 */
export type LeadVerdict =
  | { kind: 'settle'; settlement: LeadSettlement }
  | {
      kind: 'postpone';
      postponement: LeadPostponement;
      /** The pending action certainly did not happen: forget its idempotency key. */
      clearPendingAction?: boolean;
    }
  | {
      kind: 'hand_back';
      /**
       * Real time (the lease's clock): the claim is not counted, and nobody may claim the lead
       * before then. Product time would not do: a compressed clock would make the wait vanish.
       */
      heldUntil?: Date;
    };

export const handBack: LeadVerdict = { kind: 'hand_back' };

/** Handed back uncounted, not to be claimed again before `heldUntil` (real time). */
export function handBackUntil(heldUntil: Date): LeadVerdict {
  return { kind: 'hand_back', heldUntil };
}

export function postpone(nextActionAt: Date, internalStatus: LeadInternalStatus): LeadVerdict {
  return { kind: 'postpone', postponement: { nextActionAt, internalStatus } };
}

/** Ends the lead's run in `state` (a final or paused state) without advancing. */
export function endIn(state: LeadState): LeadVerdict {
  return { kind: 'settle', settlement: { advanceBy: 0, ...state, nextActionAt: null } };
}

/**
 * The step at `currentStep` completed at `completedAt`. The next step is due `delay` whole days
 * later, moved into the campaign's working hours; with no next step the lead has finished.
 */
export function stepCompleted(
  campaign: Pick<RunnerCampaign, 'settings' | 'steps'>,
  currentStep: number,
  completedAt: Date,
  internalStatus?: LeadInternalStatus,
): LeadVerdict {
  const next = campaign.steps[currentStep + 1];
  if (next === undefined) {
    return {
      kind: 'settle',
      settlement: { advanceBy: 1, status: 'completed', internalStatus: 'finished', nextActionAt: null },
    };
  }
  const { timezone, workingHours } = campaign.settings;
  const due = stepDueAt(completedAt, next.delay, timezone);
  return {
    kind: 'settle',
    settlement: {
      advanceBy: 1,
      status: 'active',
      internalStatus: internalStatus ?? (next.delay > 0 ? 'awaiting_delay' : 'queued'),
      nextActionAt: nextWorkingTime(due, workingHours, timezone),
    },
  };
}

/**
 * The invitation is out since `sentAt` (kept on the lead): the step stays current until it is
 * accepted. The lead is looked at again when the invitation expires or is due for withdrawal
 * (`withdrawAfterDays`), whichever comes first (or sooner, when the acceptance is reported).
 */
export function awaitingAcceptance(
  campaign: Pick<RunnerCampaign, 'settings'>,
  sentAt: Date,
  withdrawAfterDays: number,
  invitationId?: string,
): LeadVerdict {
  return {
    kind: 'settle',
    settlement: {
      advanceBy: 0,
      status: 'active',
      internalStatus: 'invitation_pending',
      nextActionAt: invitationLookAt(campaign, sentAt, withdrawAfterDays),
      invitationSentAt: sentAt,
      // A reconciled send knows no id (''): the withdrawal then looks it up.
      ...(invitationId ? { invitationId } : {}),
    },
  };
}

/**
 * When a lead waiting for its invitation is looked at again: the campaign's timeout, or the
 * workspace's withdrawal age when that comes first (a withdrawn invitation ends the wait).
 */
export function invitationLookAt(
  campaign: Pick<RunnerCampaign, 'settings'>,
  sentAt: Date,
  withdrawAfterDays: number,
): Date {
  const expiry = invitationExpiry(campaign, sentAt);
  const withdrawal = staleInvitationDueAt(sentAt, withdrawAfterDays);
  return withdrawal < expiry ? withdrawal : expiry;
}

/** When an invitation sent at `sentAt` expires, by the campaign's current timeout. */
export function invitationExpiry(campaign: Pick<RunnerCampaign, 'settings'>, sentAt: Date): Date {
  const { timezone, invitationTimeoutDays } = campaign.settings;
  return invitationExpiresAt(sentAt, invitationTimeoutDays, timezone);
}

/** A wait that must land inside the campaign's working hours (a recheck, a cool-down's end). */
export function postponeIntoWorkingHours(
  campaign: Pick<RunnerCampaign, 'settings'>,
  at: Date,
  internalStatus: LeadInternalStatus,
): LeadVerdict {
  const { timezone, workingHours } = campaign.settings;
  return postpone(nextWorkingTime(at, workingHours, timezone), internalStatus);
}
