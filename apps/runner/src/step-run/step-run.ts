import { LEAD_OUTCOMES, type InvitationSettings, type StepDef } from '@outreach/domain';
import type { NetworkFailure } from '../network-failures/classify-network-failure.js';
import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import { retryDelayMs } from '../network-failures/retry-backoff.js';
import type { LearnedAboutLead } from '../context/claimed-lead.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerAccount, RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';
import { applyAccountEffects as accountEffects } from '../accounts/account-safety.js';
import { nextWindowStart } from '../accounts/account-limits.js';
import {
  awaitingAcceptance,
  endIn,
  postpone,
  postponeIntoWorkingHours,
  stepCompleted,
  type LeadVerdict,
} from './lead-verdict.js';

/** One claimed lead about to run one step, with everything re-read for it. */
export interface StepRun {
  ctx: RunnerContext;
  /** The owner of the lead's lease: this claim's, distinct from every other. */
  owner: string;
  campaign: RunnerCampaign;
  step: StepDef;
  lead: RunnerLead;
  /** The sender account as last read (right before the action, once `performAction` read it). */
  account: RunnerAccount;
  now: Date;
  /** The workspace's invitation settings: when an unanswered invitation is withdrawn. */
  invitations: InvitationSettings;
  /** What the step learnt about the lead, written with its next write under the lease. */
  learned: LearnedAboutLead;
}

/**
 * The idempotency key of an action of this step that was started and never settled (the runner
 * died, or the outcome was unknown), or null. Re-sending with it makes the network answer with what
 * it did the first time instead of acting again.
 */
export function resumedKey(run: Pick<StepRun, 'lead' | 'step'>): string | null {
  const key = run.lead.pendingActionKey;
  return key !== null && key.startsWith(`${run.lead.id}:${run.step.id}:`) ? key : null;
}

export type NetworkRead<T> = { ok: true; value: T } | { ok: false; failure: NetworkFailure };

/** A read from the network (no action): failures get their account-level effects and come back typed. */
export async function networkRead<T>(run: StepRun, read: () => Promise<T>): Promise<NetworkRead<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    await applyAccountEffects(run, failure);
    return { ok: false, failure };
  }
}

/** What a failure does to the sender account (see `applyAccountEffects` of the account safety). */
export async function applyAccountEffects(run: StepRun, failure: NetworkFailure): Promise<void> {
  await accountEffects(run.ctx, run.account, failure, run.now);
}

/**
 * The lead's fate after a failed network call. Failures that certainly did nothing drop the pending
 * idempotency key (the next try is a new attempt, paced and counted again); a transient failure keeps
 * it, so the retry is answered from the provider's memory if the first call did act. A key resumed
 * from an attempt whose outcome is still unknown is kept whatever this call answered: a refusal of
 * the retry (a rate limit, a lost session, no connection) says nothing of what the first call did,
 * and only a retry with the same key can learn it without acting twice.
 */
export function verdictForFailure(run: StepRun, failure: NetworkFailure): LeadVerdict {
  const { ctx, campaign, lead, now } = run;
  const later = (ms: number) => new Date(now.getTime() + ms);
  const fresh = resumedKey(run) === null ? forgetPendingAction : keepPendingAction;
  switch (failure.kind) {
    case 'rate_limited': {
      // The account rests until the window the limit bounds frees; so does the lead, never closed.
      const until =
        failure.retryAfterMs === null
          ? nextWindowStart(failure.window, now, run.account.timezone)
          : later(failure.retryAfterMs);
      return fresh(postponeIntoWorkingHours(campaign, until, 'awaiting_capacity'));
    }
    case 'budget_exhausted':
      return fresh(postponeIntoWorkingHours(campaign, failure.freesAt, 'awaiting_budget'));
    case 'session_expired':
      return fresh(postponeIntoWorkingHours(campaign, later(ctx.options.recheckMs), 'sender_unavailable'));
    case 'account_restricted':
      // Woken by a reconnection (or a new sender); the recheck is only a safety net.
      return fresh(postponeIntoWorkingHours(campaign, later(ctx.options.recheckMs), 'sender_restricted'));
    case 'configuration':
      // Nobody's fault but ours: the lead keeps its state and waits for the runner to be fixed.
      return keepPendingAction(postpone(later(ctx.options.recheckMs), lead.internalStatus));
    case 'not_connected':
    case 'inmail_credits':
      return fresh(
        postponeIntoWorkingHours(campaign, later(ctx.options.connectionRecheckMs), 'awaiting_connection'),
      );
    case 'already_connected':
      return stepCompleted(campaign, lead.currentStep, now, 'already_connected');
    case 'invitation_pending':
      return run.step.type === 'invitation'
        ? awaitingAcceptance(campaign, now, run.invitations.withdrawAfterDays)
        : endIn(LEAD_OUTCOMES.networkError);
    case 'cannot_invite_yet':
      // No retry loop: the network will not take this invitation within its window, so the lead
      // ends as an invitation that could not get through.
      return endIn(LEAD_OUTCOMES.invitationExpired);
    case 'transient': {
      const { retryBaseMs, retryMaxMs } = ctx.options;
      return postpone(
        later(retryDelayMs(lead.id, lead.attempts, retryBaseMs, retryMaxMs)),
        lead.internalStatus,
      );
    }
    case 'permanent':
      return endIn(LEAD_OUTCOMES.networkError);
  }
}

function forgetPendingAction(verdict: LeadVerdict): LeadVerdict {
  return verdict.kind === 'postpone' ? { ...verdict, clearPendingAction: true } : verdict;
}

function keepPendingAction(verdict: LeadVerdict): LeadVerdict {
  return verdict;
}
