import type { RunnerContext } from '../context/runner-context.js';

/** Actions whose derived records one bulk write takes. */
const DERIVE_BATCH = 500;

/** The runner's writes of what its work changed beyond its own records, a batch at a time. */
export interface DerivedWrites {
  /**
   * Writes what the actions logged since (by this runner, or by one that died) change beyond their
   * own records, in batches: the leads' marks, the campaign counters and the daily roll-ups; and
   * first the counter moves of the leads this runner settled since. Before the drift check, which
   * leaves pending actions out.
   */
  deriveActions(): Promise<void>;
  /**
   * During a long pass, a worker that finished its lead writes the derived records once
   * `deriveEveryMs` passed since they last were (one worker at a time), so counters and
   * conversations lag the actions by seconds, not by the pass.
   */
  deriveIfDue(): Promise<void>;
  /**
   * The counter moves of the leads settled since the last flush are written once
   * `leadCountsEveryMs` passed (one worker at a time, one bulk write per workspace), besides with
   * every derivation: a runner killed loses at most that long of them from the counters.
   */
  flushLeadCountsIfDue(): Promise<void>;
}

export function createDerivedWrites(
  ctx: RunnerContext,
  newOwner: () => string,
  isStopping: () => boolean,
): DerivedWrites {
  const { store } = ctx;
  let lastDerive = ctx.monotonicNow();
  let deriving = false;
  let lastCountFlush = ctx.monotonicNow();
  let flushingCounts = false;

  async function deriveActions(): Promise<void> {
    lastDerive = ctx.monotonicNow();
    await store.flushLeadCounts();
    for (;;) {
      // Real time: the lease measures the follower's own writes, not anything a campaign schedules.
      const lease = { owner: newOwner(), now: ctx.realClock(), leaseMs: ctx.options.leaseMs };
      const taken = await store.deriveActions(lease, DERIVE_BATCH);
      if (taken < DERIVE_BATCH || isStopping()) return;
    }
  }

  return {
    deriveActions,
    async deriveIfDue() {
      if (deriving || isStopping() || ctx.monotonicNow() - lastDerive < ctx.options.deriveEveryMs) return;
      deriving = true;
      try {
        await deriveActions();
      } finally {
        deriving = false;
      }
    },
    async flushLeadCountsIfDue() {
      if (flushingCounts || ctx.monotonicNow() - lastCountFlush < ctx.options.leadCountsEveryMs) return;
      flushingCounts = true;
      lastCountFlush = ctx.monotonicNow();
      try {
        await store.flushLeadCounts();
      } finally {
        flushingCounts = false;
      }
    },
  };
}
