import {
  createRandom,
  cappedActionForStep,
  INVITATION_SETTINGS_DEFAULTS,
  isSenderUsable,
  LEAD_OUTCOMES,
  planAction,
  type StepType,
} from '@outreach/domain';
import type { RunnerContext } from '../context/runner-context.js';
import { checkPendingInvitation, runInvitationStep, stillPending } from '../steps/invitation-step.js';
import { runMessageStep } from '../steps/message-step.js';
import { runProfileVisitStep } from '../steps/profile-visit-step.js';
import type { ClaimedLead } from '../context/claimed-lead.js';
import type { RunnerLead } from '../store/runner-store.port.js';
import {
  endIn,
  handBack,
  postpone,
  postponeIntoWorkingHours,
  type LeadVerdict,
} from '../step-run/lead-verdict.js';
import { heldByPacing } from '../step-run/sender-gates.js';
import { resumedKey, type StepRun } from '../step-run/step-run.js';
import { limitNumbersOf } from '../accounts/account-limits.js';
import { actFor } from '../accounts/call-meter.js';
import { restingWaitReason } from '../accounts/account-safety.js';

const STEP_EXECUTORS: Record<StepType, (run: StepRun) => Promise<LeadVerdict>> = {
  invitation: runInvitationStep,
  message: runMessageStep,
  screener: runMessageStep,
  visit_profile: runProfileVisitStep,
};

/** Caps and pacing are checked by the action itself (atomically); the plan looks at time only. */
const NO_USAGE = { today: {}, invitationsThisWeek: 0 } as const;

/**
 * Decides what a claimed lead does now. Everything that can have changed since the lead was
 * scheduled is read again before any external call: its sender must be connected and usable, the
 * time must be inside working hours, outside the sender's cool-down and past its pacing gap, and
 * the lead must not be blocked (workspace or campaign block). Cheap checks that hold a lead back
 * come first. Then the step's executor runs; right before its action, the campaign is read again
 * (pausing stops work there).
 */
export async function judgeLead(ctx: RunnerContext, claimed: ClaimedLead): Promise<LeadVerdict> {
  const { lead, owner, campaign, learned } = claimed;
  const now = ctx.clock();
  const step = campaign.steps[lead.currentStep];
  if (step === undefined)
    return (await sequenceStillEnded(ctx, lead)) ? endIn(LEAD_OUTCOMES.finished) : handBack;
  const account = lead.accountId === null ? null : await ctx.accounts.get(lead.workspaceId, lead.accountId);
  const invitationOut = step.type === 'invitation' && lead.internalStatus === 'invitation_pending';
  if (account === null || !isSenderUsable(account)) {
    // A restricted sender is named as such: the user must act (reconnect, or give the lead another
    // sender); its leads wait, never close. Reconnecting wakes them.
    const reason = account?.status === 'restricted' ? 'sender_restricted' : 'sender_unavailable';
    const recheckAt = new Date(now.getTime() + ctx.options.recheckMs);
    const recheck = postponeIntoWorkingHours(campaign, recheckAt, reason);
    return invitationOut ? stillPending(recheck) : recheck;
  }

  // Only an invitation step needs the workspace's invitation settings (read once a pass).
  const invitations =
    step.type === 'invitation'
      ? await ctx.pastUsage.invitationSettings(lead.workspaceId)
      : INVITATION_SETTINGS_DEFAULTS;
  const run: StepRun = { ctx, owner, campaign, step, lead, account, now, invitations, learned };
  if (invitationOut) return checkPendingInvitation(run);

  const plan = planAction({
    now,
    dueAt: now,
    action: cappedActionForStep(step.type),
    campaign: campaign.settings,
    sender: {
      timezone: account.timezone,
      limits: limitNumbersOf(account, now),
      usage: NO_USAGE,
      cooldownUntil: account.cooldownUntil,
      lastActionAt: null,
    },
    random: createRandom(`${account.id}:${now.toISOString()}`),
    pacing: ctx.options.pacing,
  });
  if (plan.kind === 'wait') {
    // Of the reasons to wait, only the sender's rest is `sender_unavailable`: say which rest.
    const reason = plan.reason === 'sender_unavailable' ? restingWaitReason(account) : plan.reason;
    return postpone(plan.until, reason);
  }
  // A first look at the pacing gate, before any network call; the action takes the gate atomically.
  if (resumedKey(run) === null && account.pacedUntil !== null && account.pacedUntil > now) {
    return heldByPacing(run, account.pacedUntil);
  }
  // Blocks are read last, right before the step's first network call, so that a block set while
  // the lead waited is seen.
  if (await isBlockedNow(ctx, claimed)) return endIn(LEAD_OUTCOMES.blocked);
  return actFor(account, () => STEP_EXECUTORS[step.type](run));
}

/**
 * Whether the lead may not be contacted, as the block list says now: the read made for its batch
 * when it was claimed stands for it while younger than `blockReadFreshMs` (a lead handed to a
 * worker at once: a few milliseconds, one read for the batch instead of one per lead); a lead that
 * waited longer, or was claimed alone, reads it again.
 */
async function isBlockedNow(
  ctx: RunnerContext,
  { lead, campaign, blockRead }: ClaimedLead,
): Promise<boolean> {
  if (blockRead !== undefined && ctx.monotonicNow() - blockRead.at <= ctx.options.blockReadFreshMs)
    return blockRead.blocked;
  return ctx.store.isBlocked(lead.workspaceId, campaign.id, lead.publicIdentifier);
}

/**
 * A lead past the end of the sequence as listed at the start of the pass has finished, unless a
 * step was appended since (the lead was reopened for it): the fresh sequence decides, and a lead
 * with a step to run is handed back to the next pass.
 */
async function sequenceStillEnded(ctx: RunnerContext, lead: RunnerLead): Promise<boolean> {
  const fresh = await ctx.store.getCampaign(lead.workspaceId, lead.campaignId);
  return fresh === null || fresh.steps[lead.currentStep] === undefined;
}
