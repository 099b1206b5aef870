import type { Db, StepOutcome } from '@outreach/db';
import { asWorkspaceId } from '@outreach/db';

export type ProgressPlan = Record<string, Omit<StepOutcome, 'nextActionAt'>>;

const FAR_FUTURE = new Date('2999-01-01T00:00:00.000Z');

/**
 * Moves leads through the sequence the way the runner does (claim, then complete the step), so
 * the tests can set up leads part-way through. Leads not in the plan are released untouched
 * (runnable ones are kept out of further claims by a far-away next action time).
 */
export async function applyProgress(
  db: Db,
  workspace: string,
  campaignId: string,
  plan: ProgressPlan,
): Promise<void> {
  const workspaceId = asWorkspaceId(workspace);
  const owner = 'test-runner';
  const now = new Date(Date.now() + 60_000);
  for (;;) {
    const lead = await db.leadLeases.claimDue(workspaceId, campaignId, { owner, now, leaseMs: 60_000 });
    if (!lead) return;
    const outcome = plan[lead.id];
    if (!outcome) {
      await db.leadLeases.release(workspaceId, lead.id, owner, { nextActionAt: FAR_FUTURE });
      continue;
    }
    const runnable = outcome.status === 'waiting' || outcome.status === 'active';
    await db.leadLeases.completeStep(workspaceId, lead.id, owner, {
      ...outcome,
      nextActionAt: runnable ? FAR_FUTURE : null,
    });
  }
}
