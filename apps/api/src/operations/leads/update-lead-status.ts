import type { LeadStatusResult } from '@outreach/contract';
import type { UpdateLeadStatusBody } from '../inputs.js';
import { leadStatusSetByUser } from '@outreach/domain';
import { pauseIfCompleted } from '../campaigns/campaign-transition.js';
import { requireLead, type OperationContext } from '../context.js';

/**
 * Sets a lead's status by hand. `waiting` and `active` make the lead due now; the other statuses
 * take it off the runner's schedule. Resuming a lead of a completed campaign pauses the campaign,
 * so nothing is sent before it is started again.
 */
export async function updateLeadStatus(
  ctx: OperationContext,
  leadId: string,
  input: UpdateLeadStatusBody,
): Promise<LeadStatusResult> {
  const lead = await requireLead(ctx, leadId);
  const next = leadStatusSetByUser(lead, input.status);
  const runnable = next.status === 'waiting' || next.status === 'active';
  const updated = await ctx.db.leads.setStatus(ctx.workspaceId, leadId, {
    ...next,
    nextActionAt: runnable ? ctx.clock() : null,
  });
  await ctx.db.campaignCounters.recordStatusChange(
    ctx.workspaceId,
    lead.campaignId,
    lead.status,
    updated.status,
  );
  if (updated.status === 'waiting')
    await ctx.db.campaigns.countWaitingLeadsGiven(ctx.workspaceId, lead.campaignId);
  if (runnable) {
    const campaign = await ctx.db.campaigns.get(ctx.workspaceId, lead.campaignId);
    if (campaign) await pauseIfCompleted(ctx, campaign);
  }
  return { success: true, message: `lead status set to ${updated.status}`, leadId, status: updated.status };
}
