import type { RunnerAccount, RunnerStore } from '../store/runner-store.port.js';

/**
 * The sender accounts as this runner last read them, for the decisions that may rest on a read a
 * few seconds old: whether a claimed lead's sender can act at all, and what its pacing gate and
 * cool-down say, before any network call. A lead's step reads its account here once instead of
 * once per lead; the read right before an action (`performAction`) always goes to the store and
 * refreshes the snapshot, and every change this runner makes to an account (a cool-down, a
 * restriction, a balance) drops it. The runner clears them at the start of every pass; changes made
 * elsewhere are seen at the next pass, and within `maxAgeMs` of real time in a long one.
 */
export interface AccountSnapshots {
  get(workspaceId: string, accountId: string): Promise<RunnerAccount | null>;
  /** The account as just read from the store. */
  remember(account: RunnerAccount): void;
  /** The account changed: the next `get` reads it again. */
  forget(accountId: string): void;
  /** Forgets every account (a new pass). */
  clear(): void;
}

export function createAccountSnapshots(
  store: Pick<RunnerStore, 'getAccount'>,
  monotonicNow: () => number,
  maxAgeMs: number,
): AccountSnapshots {
  const entries = new Map<string, { readAt: number; account: Promise<RunnerAccount | null> }>();
  return {
    get(workspaceId, accountId) {
      const now = monotonicNow();
      const entry = entries.get(accountId);
      if (entry !== undefined && now - entry.readAt < maxAgeMs) return entry.account;
      const account = store.getAccount(workspaceId, accountId);
      const fresh = { readAt: now, account };
      entries.set(accountId, fresh);
      // A failed read is not kept: the next caller reads again.
      account.catch(() => {
        if (entries.get(accountId) === fresh) entries.delete(accountId);
      });
      return account;
    },
    remember(account) {
      entries.set(account.id, { readAt: monotonicNow(), account: Promise.resolve(account) });
    },
    forget(accountId) {
      entries.delete(accountId);
    },
    clear() {
      entries.clear();
    },
  };
}
