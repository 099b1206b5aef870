import type { NewProviderEvent, StoredProviderEvent } from '@outreach/db';
import type { RunnerAccount } from './account-store.port.js';
import type { Lease } from './lead-store.port.js';

/**
 * The network's events: which accounts' feeds are read and where each stands, and the stored events
 * consumed under a lease.
 */
export interface RunnerProviderEventStore {
  /**
   * The connected sender accounts of every workspace, whose network events are read: replies and
   * acceptances keep arriving after a campaign ends. (A session loss reported by the feed of an
   * account disconnected meanwhile is read once it is reconnected, and recognised as stale by
   * its time, before `connectedAt`.)
   */
  listPollableAccounts(): Promise<RunnerAccount[]>;
  /**
   * Takes the account's reconciliation poll when it is due (`nextPollAt` null or past), moving it
   * to `nextPollAt`: one runner polls, the others see it taken. False when not due or taken.
   */
  claimAccountPoll(workspaceId: string, accountId: string, now: Date, nextPollAt: Date): Promise<boolean>;
  /**
   * Moves the account's feed cursor from `from` (the cursor the page was read from) to `cursor`;
   * false when another runner moved it first (the cursor never goes back).
   */
  saveEventCursor(
    workspaceId: string,
    accountId: string,
    move: { from: string | null; to: string },
  ): Promise<boolean>;
  /** Stores a provider event found by a reconciliation poll; false when it was stored already. */
  recordProviderEvent(event: NewProviderEvent): Promise<boolean>;
  claimProviderEvent(
    lease: Lease,
    providerAccountIds: readonly string[],
  ): Promise<StoredProviderEvent | null>;
  settleProviderEvent(id: string, owner: string, at: Date): Promise<void>;
  releaseProviderEvent(id: string, owner: string, retryAt: Date): Promise<void>;
}
