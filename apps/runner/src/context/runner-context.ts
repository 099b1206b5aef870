import type { IcpMatcher, Pacing } from '@outreach/domain';
import type { LanguageModel } from '@outreach/llm';
import {
  DEFAULT_UNIPILE_TIMEOUT_MS,
  type Clock,
  type LeadSourcesPort,
  type ProviderNetworkPort,
  type SentInvitationsPort,
} from '@outreach/network';
import type { Logger } from 'pino';
import type { ReplyAnalyser } from './reply-analyser.port.js';
import type { RunnerStore } from '../store/runner-store.port.js';
import type { AccountSnapshots } from './account-snapshots.js';
import type { PastUsage } from './past-usage.js';

/** Tunables of the runner, with the defaults of `defaultRunnerOptions`. */
export interface RunnerOptions {
  /**
   * This process's identity, distinct for every runner: the prefix of the owner of each of its
   * claims (every claim has an owner of its own, see `createCampaignClaimer`).
   */
  runnerId: string;
  /** Leads executed at the same time. */
  concurrency: number;
  leaseMs: number;
  /**
   * How long one provider call may take (real time: the network adapter's timeout, past which the
   * call is abandoned). An action's calls are over within it of its pending record, and a resumed
   * action is reconciled only once one more has passed (see `performAction`).
   */
  providerTimeoutMs: number;
  /** Upper bound of leads per pass, so events and completion checks get their turn. */
  passBudget: number;
  /** Gaps between two actions of one sender account. */
  pacing: Pacing;
  /** How soon to look again at a lead whose sender is unusable (product time). */
  recheckMs: number;
  /**
   * How soon to look again at a lead a message waits on to become a connection (product time).
   * Its acceptance wakes it earlier: the look is a safety net, and each one retrieves a profile.
   */
  connectionRecheckMs: number;
  /** Reconciliation polls of each account's relations and messages a day (product time, jittered). */
  reconcilePollsPerDay: number;
  /** Backoff after a transient network failure: base, doubled per claim of the step, capped. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * How often (real time, read from `monotonicNow`) a campaign none of whose leads this runner
   * settled is checked for completion (changes made by other runners or by users); a campaign this
   * runner moved on is checked right after the pass.
   */
  completionCheckMs: number;
  /** Least time between two reads of the sender accounts' event feeds (real time; 0: every pass). */
  eventPollMs: number;
  /**
   * How often (real time) the runner recounts the campaign counters of `counterCheckBatch`
   * campaigns, those checked longest ago (the drift check); 0: every pass.
   */
  counterCheckMs: number;
  counterCheckBatch: number;
  /**
   * Longest (real time) the derived records of logged actions (counters, roll-ups, a sent
   * message's place in its conversation) wait during a pass before a worker writes them; they are
   * written at the end of every pass too.
   */
  deriveEveryMs: number;
  /**
   * Longest (real time) the campaign counter moves of settled leads wait in the runner before a
   * worker writes them (with the derived records too): what a killed runner can lose of them. A
   * runner settling fewer leads than one per period writes each move on its own, as it would
   * without the wait; a busy one writes them a few at a time.
   */
  leadCountsEveryMs: number;
  /**
   * Longest (real time) the block list read for a batch of claimed leads stands for a lead's own
   * read right before its step; a lead that waited longer is checked on its own.
   */
  blockReadFreshMs: number;
  /** Longest (real time) a pass decides on an account read earlier in it (`AccountSnapshots`). */
  accountSnapshotMs: number;
  /** A screener reading of the language model below this confidence (0 to 1) sets no tag. */
  screenerMinConfidence: number;
  /**
   * Pages of lead imports one pass reads at most (each a provider call and a few writes), so that
   * leads and events keep their turn while a large import runs; a job left at the bound is given
   * back due and goes on in the next pass.
   */
  importPagesPerPass: number;
}

export const defaultRunnerOptions: Omit<RunnerOptions, 'runnerId'> = {
  concurrency: 4,
  leaseMs: 60_000,
  providerTimeoutMs: DEFAULT_UNIPILE_TIMEOUT_MS,
  passBudget: 200,
  pacing: { minGapMinutes: 2, maxGapMinutes: 8 },
  recheckMs: 60 * 60_000,
  connectionRecheckMs: 3 * 24 * 60 * 60_000,
  reconcilePollsPerDay: 4,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  completionCheckMs: 10_000,
  eventPollMs: 2_000,
  counterCheckMs: 5 * 60_000,
  counterCheckBatch: 20,
  deriveEveryMs: 5_000,
  leadCountsEveryMs: 250,
  blockReadFreshMs: 2_000,
  accountSnapshotMs: 30_000,
  screenerMinConfidence: 0.7,
  importPagesPerPass: 10,
};

/** Everything a runner works with; tests inject each part. */
export interface RunnerDeps {
  store: RunnerStore;
  /**
   * The network provider (Unipile, or its simulator), without idempotency keys; its lead sources
   * (searches, lists, post engagers) carry out lead imports.
   */
  network: ProviderNetworkPort & Partial<SentInvitationsPort> & Partial<LeadSourcesPort>;
  /** Product time: schedules, working hours and leases are read from it. */
  clock: Clock;
  logger: Logger;
  /** Reads screener replies; the keyword analyser when omitted. */
  analyser?: ReplyAnalyser;
  /** Matches leads to variants' ICP definitions; the keyword matcher when omitted. */
  icpMatcher?: IcpMatcher;
  /**
   * Decides ICP matches, reads screener replies and writes AI tool values; null (the default) when
   * no model is configured: the keyword rules decide and AI tools produce nothing.
   */
  languageModel?: LanguageModel | null;
  /** Real elapsed time in ms, for throttling work whose cost is real. */
  monotonicNow?: () => number;
  /**
   * Real time (not the product clock), for leases on the runner's own work that no campaign
   * schedule governs: the follower's batch of derived records.
   */
  realClock?: () => Date;
}

export interface RunnerContext extends Required<RunnerDeps> {
  options: RunnerOptions;
  /**
   * Stops the runner's provider work (our own provider credentials are wrong): every account is
   * left as it is, and the process reports itself not ready until it is restarted with a fix.
   */
  halt(reason: string): void;
  /** Why provider work is halted, or null. */
  haltedBecause(): string | null;
  /** The sender accounts as last read in this pass (see `AccountSnapshots`). */
  accounts: AccountSnapshots;
  /** What the accounts did in the parts of LinkedIn's rolling windows that are over (see `PastUsage`). */
  pastUsage: PastUsage;
}
