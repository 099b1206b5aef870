import type { RunnerContext } from '../context/runner-context.js';

/**
 * The campaign counters' drift check, every `counterCheckMs` of real time (the first one that long
 * after the runner starts, so a runner that only runs a few passes adds no work). Each check
 * recounts a batch of campaigns, those checked longest ago; a campaign counted for the first time
 * (stored before the counters) is only reported, while a difference on a maintained campaign (or a
 * day of its roll-ups rebuilt) is a writer that missed its counters (or a crash between two
 * writes), worth a warning. Asked to run `now` (a campaign was put first in line), it runs
 * whatever the time since the last.
 */
export function createCounterCheck(ctx: RunnerContext): (when?: { now: boolean }) => Promise<void> {
  let last = ctx.monotonicNow();
  return async (when = { now: false }) => {
    const now = ctx.monotonicNow();
    if (!when.now && ctx.options.counterCheckMs > 0 && now - last < ctx.options.counterCheckMs) return;
    last = now;
    let checks: Awaited<ReturnType<typeof ctx.store.checkCampaignCounters>>;
    try {
      checks = await ctx.store.checkCampaignCounters(ctx.options.counterCheckBatch);
    } catch (error) {
      // The check is housekeeping: a failure waits for the next one instead of failing the pass.
      ctx.logger.error({ err: error }, 'campaign counters check failed');
      return;
    }
    for (const check of checks) {
      if (check.differences.length === 0 && check.rollupDays.length === 0) continue;
      const { workspaceId, campaignId, differences, rollupDays } = check;
      const details = { workspaceId, campaignId, differences, rollupDays };
      if (check.firstCheck) ctx.logger.info(details, 'campaign counters counted for the first time');
      else ctx.logger.warn(details, 'campaign counters or roll-ups drifted; the exact values are stored');
    }
  };
}
