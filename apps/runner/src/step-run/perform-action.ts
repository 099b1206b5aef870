import { isSenderUsable, warmUpRestartAt, type ActionType, type CappedAction } from '@outreach/domain';
import { idempotencyKey, type CallDeadline } from '@outreach/network';
import {
  certainlyNotExecuted,
  classifyNetworkFailure,
  type NetworkFailure,
} from '../network-failures/classify-network-failure.js';
import { learnedFacts } from '../context/claimed-lead.js';
import { restingWaitReason } from '../accounts/account-safety.js';
import type { ExecutedAction, MessagePlan } from '../store/runner-store.port.js';
import { handBack, handBackUntil, postponeIntoWorkingHours, type LeadVerdict } from './lead-verdict.js';
import {
  heldByPacing,
  releaseCapacity,
  reserveCapacity,
  takePacingSlot,
  type ExtraUnit,
} from './sender-gates.js';
import { applyAccountEffects, resumedKey, type StepRun } from './step-run.js';

/**
 * What to send, decided only once the sender's gates let the action through. A message's text and
 * how it was made are recorded with the pending key (a retry sends the same text).
 * `campaignConfirmed`: a write `prepare` made (the variant rotation's turn) confirmed that the
 * campaign is active with the step in place, so it is not read again.
 */
export type PreparedAction<T> =
  | {
      ok: true;
      campaignConfirmed?: boolean;
      variantId: string | null;
      content?: string;
      plan?: MessagePlan;
      /** A unit taken with the caps when it can (an invitation's note); the call learns if it was. */
      extraUnit?: ExtraUnit;
      /** Hands `deadline` to the network: its write is not sent, or is abandoned, once it passed. */
      call: (idempotencyKey: string, taken: { extraUnit: boolean }, deadline: CallDeadline) => Promise<T>;
      /**
       * For an action resumed with an unknown outcome: asks the provider whether it happened since
       * `since` (the recorded pending time). The answer when it did; null when it did not, and only
       * then is the action sent. Without it the action is simply repeated (a profile visit).
       */
      reconcile?: (since: Date) => Promise<T | null>;
    }
  | { ok: false; verdict: LeadVerdict; campaignConfirmed?: boolean };

export type ActionAttempt<T> =
  | { kind: 'done'; result: T; idempotencyKey: string }
  /** Held back before the network was called (pacing, cap, nothing to send). */
  | { kind: 'held'; verdict: LeadVerdict }
  | { kind: 'failed'; failure: NetworkFailure };

/**
 * Runs one external action of a step, safe against crashes and retries:
 *
 * 1. A fresh attempt passes the account's pacing gap first. A resumed attempt (a key is pending
 *    from an attempt whose outcome is unknown) skips it: it was paced the first time.
 * 2. The sender account is read again (a cool-down another worker met since, a lost session);
 *    then `prepare` decides what to send, so a held-back lead does not consume a turn of the
 *    variant rotation; then the campaign is confirmed active with the step in place (pausing stops
 *    work before the next external call): by the write that took the rotation's turn, which only
 *    takes one while that holds, or else by a read.
 * 3. The idempotency key (lead, step, attempt) is recorded on the lead, under its lease, BEFORE
 *    anything is counted or sent, with when the attempt's provider calls will be over (one call
 *    timeout later, real time); the same write renews the lease, so the calls run under a whole
 *    lease however long the step took to get here. A runner that dies after that leaves the key
 *    behind; whoever claims the lead next resumes with it.
 * 4. A unit of the account's cap is taken for that key (atomically, once per key): a resumed
 *    attempt takes it again, which counts nothing when the first attempt had taken it, and takes
 *    it when the first attempt died before. A unit is given back only by its own action, when
 *    that certainly did not happen, so no unit is lost or counted twice across crashes. An extra
 *    unit (an invitation's note) is taken with the caps, after them, under the same rules.
 * 5. A resumed attempt (its first call may have acted: a crash, a timeout, a lost lease) first
 *    reconciles with the provider's state since the recorded pending time: an invitation pending or
 *    a relation there, a message with the same text in the chat, count as done and nothing is
 *    sent. Only an action the provider shows no trace of is sent again. Providers offer no
 *    idempotency keys: the key only names the attempt (for logs, analytics and cap units).
 *    It does not look while the first attempt's call may still be on its way, though (a look
 *    before it lands finds no trace, and the action would go twice): until the recorded end of
 *    that attempt's calls and one more call timeout (a call abandoned at its deadline can still
 *    arrive a little later), the lead is handed back, the claim not counted, and nobody claims it
 *    before then. Nothing was recorded or counted for this claim by then.
 * 6. The calls run under a deadline, the end recorded in 3: the write is not sent once it passed,
 *    and is abandoned when it comes (`CallDeadline`), so what 5 waits for holds. The runner's
 *    configuration keeps LEASE_MS at least twice the call timeout, so the lease renewed in 3
 *    outlasts both the calls and that wait: a lease that ran out does not hand a lead over early.
 */
export async function performAction<T>(
  run: StepRun,
  spec: { action: CappedAction; prepare: () => Promise<PreparedAction<T>> },
): Promise<ActionAttempt<T>> {
  const { ctx, campaign, lead, step } = run;
  const resumed = resumedKey(run);
  if (resumed === null) {
    const busyUntil = await takePacingSlot(run);
    if (busyUntil !== null) return held(heldByPacing(run, busyUntil));
  }

  // A rate limit another worker met since this lead was judged holds here too: the account is
  // read again right before the call, after the pacing gate was taken.
  const rest = await senderRest(run);
  if (rest !== null) return held(postponeIntoWorkingHours(campaign, rest.until, rest.reason));

  const prepared = await spec.prepare();
  // The campaign is confirmed once more right before the call: pausing it stops work before the
  // next external call, and a sequence edit since the pass began must not run a step that moved.
  // (A lead paused or changed by the user meanwhile has lost its lease, which the write of the
  // pending key below detects.)
  if (prepared.campaignConfirmed !== true && !(await campaignRunsStep(run))) return held(handBack);
  if (!prepared.ok) return held(prepared.verdict);
  if (resumed !== null && prepared.reconcile) {
    const quietAt = earlierCallsQuietAt(run);
    if (quietAt !== null && quietAt > ctx.realClock()) {
      ctx.logger.info(
        { leadId: lead.id, key: resumed, until: quietAt },
        "resumed action waits: its first attempt's call may still reach the provider",
      );
      return held(handBackUntil(quietAt));
    }
  }

  const key = resumed ?? idempotencyKey(lead.id, step.id, lead.attempts);
  // A resumed action keeps the time of its first attempt: reconciliation looks from there.
  const since = resumed === null ? ctx.clock() : (lead.pendingActionAt ?? new Date(0));
  const realNow = ctx.realClock().getTime();
  const callsEndBy = new Date(realNow + ctx.options.providerTimeoutMs);
  await ctx.store.recordPendingAction(lead.workspaceId, lead.id, run.owner, {
    key,
    stepId: step.id,
    variantId: prepared.variantId,
    at: since,
    ...(prepared.content === undefined ? {} : { content: prepared.content }),
    ...(prepared.plan === undefined ? {} : { plan: prepared.plan }),
    ...learnedFacts(run.learned),
    callsEndBy,
    leaseUntil: new Date(realNow + ctx.options.leaseMs),
  });
  const capacity = await reserveCapacity(run, spec.action, key, prepared.extraUnit);
  if (!capacity.ok) {
    const wait = postponeIntoWorkingHours(campaign, capacity.freesAt, 'awaiting_capacity');
    // Nothing was sent under a fresh key: it is forgotten. A resumed one is kept (its first
    // attempt may have acted), and resumes once the cap frees.
    return held(resumed === null && wait.kind === 'postpone' ? { ...wait, clearPendingAction: true } : wait);
  }
  try {
    if (resumed !== null && prepared.reconcile) {
      const earlier = await prepared.reconcile(since);
      if (earlier !== null) {
        ctx.logger.info(
          { leadId: lead.id, key },
          'resumed action found done at the provider; not sent again',
        );
        return { kind: 'done', result: earlier, idempotencyKey: key };
      }
    }
    const deadline = { msLeft: () => callsEndBy.getTime() - ctx.realClock().getTime() };
    const result = await prepared.call(key, { extraUnit: capacity.extraTaken }, deadline);
    return { kind: 'done', result, idempotencyKey: key };
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    // Only a fresh attempt's refusal proves the action never happened: a resumed one's first
    // attempt may have acted.
    if (resumed === null && certainlyNotExecuted(failure)) await releaseCapacity(run, capacity.slots);
    await applyAccountEffects(run, failure);
    return { kind: 'failed', failure };
  }
}

/**
 * When the pending attempt's calls can no longer reach the provider (real time): their recorded end
 * and one more call timeout, for a call abandoned at its deadline that is still on its way. Null
 * when the end was not recorded.
 */
function earlierCallsQuietAt(run: StepRun): Date | null {
  const { ctx, lead } = run;
  const endBy = lead.pendingActionCallsEndBy ?? null;
  return endBy === null ? null : new Date(endBy.getTime() + ctx.options.providerTimeoutMs);
}

/** Whether the campaign, read again now, is active with the lead's step where it was. */
async function campaignRunsStep(run: StepRun): Promise<boolean> {
  const { ctx, campaign, lead, step } = run;
  const current = await ctx.store.getCampaign(campaign.workspaceId, campaign.id);
  return current?.status === 'active' && current.steps[lead.currentStep]?.id === step.id;
}

/**
 * When the sender, read again now, can act again (its cool-down's end, or a recheck) and why the
 * lead waits until then; null if it can now.
 */
async function senderRest(
  run: StepRun,
): Promise<{ until: Date; reason: 'awaiting_capacity' | 'sender_unavailable' } | null> {
  const { ctx, account } = run;
  const now = ctx.clock();
  const sender = await ctx.store.getAccount(account.workspaceId, account.id);
  if (sender !== null) {
    ctx.accounts.remember(sender);
    run.account = sender;
  }
  if (sender === null || !isSenderUsable(sender) || ctx.haltedBecause() !== null)
    return { until: new Date(now.getTime() + ctx.options.recheckMs), reason: 'sender_unavailable' };
  return sender.cooldownUntil !== null && sender.cooldownUntil > now
    ? { until: sender.cooldownUntil, reason: restingWaitReason(sender) }
    : null;
}

function held<T>(verdict: LeadVerdict): ActionAttempt<T> {
  return { kind: 'held', verdict };
}

/** An executed action of the step, as the run's step produced it. */
export interface StepAction {
  type: ActionType;
  idempotencyKey: string;
  variantId: string | null;
  at: Date;
  sentMessage?: { content: string; externalId: string };
}

/** Logs an executed action for analytics, under the action's own idempotency key (logged once). */
export async function logExecutedAction(run: StepRun, action: StepAction): Promise<void> {
  await run.ctx.store.logAction(executedAction(run, action));
  await touchAccountAction(run, action.at);
}

/**
 * The step's verdict, with its executed action logged by the write that settles the lead (one
 * round trip fewer than `logExecutedAction`): for actions that no rolling window reads at once,
 * since the action joins the log with its derived records, seconds later. A verdict that settles
 * nothing logs the action on its own.
 */
export async function settledWithAction(
  run: StepRun,
  verdict: LeadVerdict,
  action: StepAction,
): Promise<LeadVerdict> {
  if (verdict.kind !== 'settle') {
    await logExecutedAction(run, action);
    return verdict;
  }
  await touchAccountAction(run, action.at);
  return { ...verdict, settlement: { ...verdict.settlement, loggedAction: executedAction(run, action) } };
}

function executedAction(run: StepRun, action: StepAction): ExecutedAction {
  const { lead, step, account } = run;
  return {
    idempotencyKey: action.idempotencyKey,
    workspaceId: lead.workspaceId,
    campaignId: lead.campaignId,
    leadId: lead.id,
    accountId: account.id,
    stepId: step.id,
    variantId: action.variantId,
    type: action.type,
    at: action.at,
    ...(action.sentMessage === undefined ? {} : { sentMessage: action.sentMessage }),
  };
}

/**
 * The account acted: an account idle for weeks before this starts its warm-up again. The time of
 * its last action only serves to tell such an idle spell (days), so it is written at most once per
 * `LAST_ACTION_GRAIN_MS` of actions (as last read right before this action).
 */
async function touchAccountAction(run: StepRun, at: Date): Promise<void> {
  const { ctx, account } = run;
  const restart = warmUpRestartAt(account.lastActionAt, at);
  const last = account.lastActionAt;
  if (restart === null && last !== null && Math.abs(at.getTime() - last.getTime()) < LAST_ACTION_GRAIN_MS)
    return;
  await ctx.store.touchAccountAction(account.workspaceId, account.id, at, restart);
}

/** How stale an account's recorded last action may be (see `logExecutedAction`). */
const LAST_ACTION_GRAIN_MS = 60 * 60_000;
