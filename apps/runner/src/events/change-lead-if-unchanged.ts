import type { RunnerContext } from '../context/runner-context.js';
import type { LeadStateChange, RunnerLead } from '../store/runner-store.port.js';

/** Re-reads allowed when the lead keeps changing under a decision; then the event gives up. */
const MAX_TRIES = 3;

/**
 * Applies the change `decide` makes of the lead, only if the lead is still as it was read: a user
 * (or a runner) who changed it meanwhile keeps their change, and the decision is made again from a
 * fresh read. `decide` answers null when there is nothing to change. Returns the lead as changed,
 * or null when nothing was written.
 */
export async function changeLeadIfUnchanged(
  ctx: RunnerContext,
  read: RunnerLead,
  decide: (lead: RunnerLead) => LeadStateChange | null,
): Promise<RunnerLead | null> {
  let lead: RunnerLead | null = read;
  for (let tries = 0; lead !== null && tries < MAX_TRIES; tries += 1) {
    const change = decide(lead);
    if (change === null) return null;
    const seen = { status: lead.status, internalStatus: lead.internalStatus, currentStep: lead.currentStep };
    const changed = await ctx.store.setLeadStateIf(lead.workspaceId, lead.id, seen, change);
    if (changed !== null) return changed;
    lead = await ctx.store.getLead(lead.workspaceId, lead.id);
  }
  if (lead !== null) ctx.logger.warn({ leadId: lead.id }, 'lead kept changing; event left unapplied');
  return null;
}
