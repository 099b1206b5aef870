import { createRandom, keywordIcpMatcher, nextPollGapMs } from '@outreach/domain';
import { refreshAccountState, tierRefreshDue } from '../accounts/account-refresh.js';
import { reviewInvitations } from '../accounts/invitation-review.js';
import { createAccountSnapshots } from '../context/account-snapshots.js';
import { createPastUsage } from '../context/past-usage.js';
import { actFor } from '../accounts/call-meter.js';
import type { ClaimedLead } from '../context/claimed-lead.js';
import { detectCampaignCompletion } from '../completion/detect-campaign-completion.js';
import { consumeProviderEvents } from '../events/consume-provider-events.js';
import { reconcileAccountEvents } from '../events/reconcile-account-events.js';
import { executeLead } from '../leads/execute-lead.js';
import { runLeadImports, type HeldImport } from '../imports/run-lead-imports.js';
import type { RunnerMetrics } from '../telemetry/runner-metrics.js';
import { observedStep } from '../telemetry/step-telemetry.js';
import { startPollingLoop, type PollingLoop } from '../loop/polling-loop.js';
import { drainWithWorkers } from '../loop/worker-pool.js';
import { sendQueuedMessage } from '../outgoing/send-queued-message.js';
import { createKeywordReplyAnalyser } from '../screener/keyword-reply.analyser.js';
import { createCampaignClaimer, type CampaignClaimer } from './campaign-claimer.js';
import { createCounterCheck } from './counter-check.js';
import { createDerivedWrites } from './derived-writes.js';
import {
  defaultRunnerOptions,
  type RunnerContext,
  type RunnerDeps,
  type RunnerOptions,
} from '../context/runner-context.js';

/** What one pass did. */
export interface PassReport {
  /** Network events handled. */
  events: number;
  /** Queued conversation messages handled. */
  messages: number;
  /** Leads claimed and handled: their step executed, or put off with a reason. */
  leads: number;
  /** Pages of lead imports read (each judged and stored, or the job put off or ended). */
  imports: number;
}

export interface Runner {
  /**
   * One pass: read the network events of every sender account, send queued conversation messages,
   * execute due leads of active campaigns (with `concurrency` workers, up to `passBudget` leads),
   * then check the campaigns that ran out of due leads for completion.
   */
  runOnce(): Promise<PassReport>;
  /** Repeats passes until `stop`: back to back while there is work, `intervalMs` apart when idle. */
  start(intervalMs: number): void;
  /**
   * Stops claiming at once, lets in-flight steps finish until `deadlineMs`, then releases the
   * leases of those still running (their work is picked up by the next claimer, and the pending
   * idempotency keys make sure nothing is sent twice). Idempotent.
   */
  stop(deadlineMs: number): Promise<void>;
  /** Why provider work is halted (our provider credentials were refused), or null. */
  haltedBecause(): string | null;
}

export function createRunner(
  deps: RunnerDeps,
  options: Partial<RunnerOptions> & Pick<RunnerOptions, 'runnerId'>,
  /** Counts and times each lead's step (the process passes them when it keeps metrics). */
  metrics?: RunnerMetrics,
): Runner {
  let haltReason: string | null = null;
  const monotonicNow = deps.monotonicNow ?? (() => performance.now());
  const runnerOptions = { ...defaultRunnerOptions, ...options };
  const ctx: RunnerContext = {
    ...deps,
    halt(reason) {
      if (haltReason === null)
        deps.logger.fatal(
          { reason },
          'provider credentials refused: provider work stops until the configuration is fixed and the runner restarted',
        );
      haltReason = reason;
    },
    haltedBecause: () => haltReason,
    analyser: deps.analyser ?? createKeywordReplyAnalyser(),
    icpMatcher: deps.icpMatcher ?? keywordIcpMatcher,
    languageModel: deps.languageModel ?? null,
    monotonicNow,
    realClock: deps.realClock ?? (() => new Date()),
    options: runnerOptions,
    accounts: createAccountSnapshots(deps.store, monotonicNow, runnerOptions.accountSnapshotMs),
    pastUsage: createPastUsage(deps.store),
  };
  const { store, logger } = ctx;
  const inFlight = new Map<string, ClaimedLead>();
  /** The lead import a pass holds right now (at most one at a time). */
  const heldImport: { current: HeldImport | null } = { current: null };
  let claims = 0;
  const newOwner = () => `${ctx.options.runnerId}:${(claims += 1)}`;
  const lastCompletionCheck = new Map<string, number>();
  const recordedSignals = new Set<string>();
  /** Campaigns with a lead settled by this runner during the current pass. */
  const settledCampaigns = new Set<string>();
  let stopping = false;
  let loop: PollingLoop | undefined;
  let stopped: Promise<void> | undefined;

  let lastEventPoll: number | undefined;
  /** The current pass's claimer, whose leads claimed ahead go back when the runner stops. */
  let currentClaimer: CampaignClaimer | undefined;
  const { deriveActions, deriveIfDue, flushLeadCountsIfDue } = createDerivedWrites(
    ctx,
    newOwner,
    () => stopping,
  );
  const checkCounters = createCounterCheck(ctx);

  async function pollEvents(): Promise<number> {
    const now = ctx.monotonicNow();
    if (lastEventPoll !== undefined && now - lastEventPoll < ctx.options.eventPollMs) return 0;
    lastEventPoll = now;
    const accounts = await store.listPollableAccounts();
    for (const account of accounts) {
      if (stopping || haltReason !== null) break;
      await pollAccount(account);
    }
    return consumeProviderEvents(ctx, accounts, () => stopping);
  }

  /**
   * Webhooks are the primary source of events. The reconciliation poll is the safety net for lost
   * ones: a few times a day per account, in product time with jitter (Unipile asks to space such
   * checks out), taken by one runner through a conditional update of the account's `nextPollAt`.
   * The account's tier and InMail balance are read again daily on the same occasion, and its
   * invitations reviewed (stale ones withdrawn, the pile under its ceiling, the acceptance guard).
   */
  async function pollAccount(account: Awaited<ReturnType<typeof store.listPollableAccounts>>[number]) {
    const productNow = ctx.clock();
    if (account.nextPollAt !== null && account.nextPollAt > productNow) return;
    const unit = createRandom(`${account.id}:${productNow.toISOString()}`).next();
    const nextPollAt = new Date(productNow.getTime() + nextPollGapMs(ctx.options.reconcilePollsPerDay, unit));
    if (!(await store.claimAccountPoll(account.workspaceId, account.id, productNow, nextPollAt))) return;
    await actFor(account, async () => {
      if (tierRefreshDue(account, productNow)) await refreshAccountState(ctx, account);
      await reconcileAccountEvents(ctx, account);
      await reviewInvitations(ctx, account);
    });
  }

  function sendQueuedMessages(): Promise<number> {
    // Due on the product clock (when the reply may go), leased in real time (the runner's own work).
    const lease = () => ({
      owner: ctx.options.runnerId,
      now: ctx.realClock(),
      dueBy: ctx.clock(),
      leaseMs: ctx.options.leaseMs,
    });
    return drainWithWorkers({
      concurrency: ctx.options.concurrency,
      budget: ctx.options.passBudget,
      claim: () => store.claimQueuedMessage(lease()),
      handle: (message) => sendQueuedMessage(ctx, message),
      isStopping: () => stopping,
    });
  }

  async function runOnce(): Promise<PassReport> {
    // Our provider credentials were refused: nothing can go to the provider, and no account or
    // lead is to blame. The process stays up (and not ready) so that the cause is seen.
    if (haltReason !== null) return { events: 0, messages: 0, leads: 0, imports: 0 };
    ctx.accounts.clear();
    ctx.pastUsage.clear();
    const events = await pollEvents();
    const messages = await sendQueuedMessages();
    const claimer = createCampaignClaimer(ctx, await store.listActiveCampaigns(), newOwner);
    currentClaimer = claimer;
    const leads = await drainWithWorkers({
      concurrency: ctx.options.concurrency,
      budget: ctx.options.passBudget,
      claim: claimer.claim,
      handle: async (claimed) => {
        const { lead, owner } = claimed;
        const flight = `${owner}|${lead.id}`;
        inFlight.set(flight, claimed);
        try {
          // One trace per step, linked to the request that started the campaign.
          const verdict = await observedStep(metrics, claimed, () => executeLead(ctx, claimed));
          if (verdict?.kind === 'settle') settledCampaigns.add(lead.campaignId);
        } finally {
          inFlight.delete(flight);
        }
        await flushLeadCountsIfDue();
        await deriveIfDue();
      },
      isStopping: () => stopping,
    }).finally(() => claimer.releaseUnclaimed());
    const imports = await runLeadImports(ctx, newOwner, heldImport, () => stopping);
    await deriveActions();
    for (const campaign of claimer.drained()) {
      if (stopping || !completionCheckDue(campaign.id)) continue;
      await detectCampaignCompletion(ctx, campaign, recordedSignals);
    }
    settledCampaigns.clear();
    // A lead taken over from an expired lease: its holder died, maybe with counter moves it never
    // wrote. Its campaign goes first in line for a drift check, run now.
    const takenOver = claimer.takenOver();
    for (const campaign of takenOver)
      await store
        .checkCampaignCountersSoon(campaign.workspaceId, campaign.id)
        .catch((error: unknown) => logger.error({ err: error }, 'could not queue a counter check'));
    if (!stopping) await checkCounters({ now: takenOver.length > 0 });
    return { events, messages, leads, imports };
  }

  /**
   * A completion check is one or two indexed reads that stop at the first lead found, so a
   * campaign is checked right after every pass in which this runner settled one of its leads (the
   * campaign may have just finished). Campaigns this runner did not move are checked every
   * `completionCheckMs`, for changes made elsewhere (another runner, a user changing lead
   * statuses), which keeps an idle runner with many campaigns from re-reading them all each pass.
   */
  function completionCheckDue(campaignId: string): boolean {
    const now = ctx.monotonicNow();
    const last = lastCompletionCheck.get(campaignId);
    const due =
      settledCampaigns.has(campaignId) || last === undefined || now - last >= ctx.options.completionCheckMs;
    if (due) lastCompletionCheck.set(campaignId, now);
    return due;
  }

  async function releaseInFlight(): Promise<void> {
    await currentClaimer?.releaseUnclaimed();
    const importing = heldImport.current;
    if (importing !== null)
      await store
        .releaseLeadImport(importing.workspaceId, importing.importId, importing.owner)
        .catch((error: unknown) =>
          logger.error(
            { err: error, importId: importing.importId },
            'could not release a lead import at shutdown',
          ),
        );
    const claimed = [...inFlight.values()];
    await Promise.all(
      claimed.map(({ lead, owner }) =>
        store.releaseLead(lead.workspaceId, lead.id, owner).catch((error: unknown) => {
          logger.error({ err: error, leadId: lead.id }, 'could not release a lease at shutdown');
          return false;
        }),
      ),
    );
    if (claimed.length > 0)
      logger.info({ released: claimed.length }, 'released the leases of unfinished steps');
  }

  return {
    runOnce,
    haltedBecause: () => haltReason,
    start(intervalMs) {
      if (loop !== undefined || stopping) return;
      loop = startPollingLoop({
        intervalMs,
        pass: async () => {
          const report = await runOnce();
          const busy = report.leads + report.events + report.messages + report.imports > 0;
          if (busy) logger.debug(report, 'pass');
          return busy;
        },
        onError: (error) => logger.error({ err: error }, 'pass failed'),
      });
    },
    stop(deadlineMs) {
      stopped ??= (async () => {
        stopping = true;
        const finished = (loop?.stop() ?? Promise.resolve()).then(() => true);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), deadlineMs);
        });
        const inTime = await Promise.race([finished, deadline]);
        clearTimeout(timer);
        if (!inTime) await releaseInFlight();
        // Leads settled since the last pass's end (a pass cut short) are counted before the runner goes.
        await store
          .flushLeadCounts()
          .catch((error: unknown) => logger.error({ err: error }, 'could not write the last counter moves'));
      })();
      return stopped;
    },
  };
}
