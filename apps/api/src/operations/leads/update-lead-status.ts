import type { LeadStatusResult } from '@outreach/contract';
import type { UpdateLeadStatusBody } from '../inputs.js';
import { leadStatusSetByUser } from '@outreach/domain';
import { HttpError } from '../../http/http-error.js';
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
  const { lead, updated } = await setStatusFromCurrent(ctx, leadId, input.status);
  const runnable = updated.status === 'waiting' || updated.status === 'active';
  if (updated.status === 'waiting')
    await ctx.db.campaigns.countWaitingLeadsGiven(ctx.workspaceId, lead.campaignId);
  if (runnable) {
    const campaign = await ctx.db.campaigns.get(ctx.workspaceId, lead.campaignId);
    if (campaign) await pauseIfCompleted(ctx, campaign);
  }
  return { success: true, message: `lead status set to ${updated.status}`, leadId, status: updated.status };
}

/**
 * The new state is computed from the lead as read and written only if the lead is still in that
 * state (status and reason): a write that lost to another one (a user, the runner) is computed
 * again from what that one left, so concurrent changes end as some order of them would, one by
 * one. Each lost round means another write landed, so a few rounds settle any real contention.
 */
async function setStatusFromCurrent(ctx: OperationContext, leadId: string, status: unknown) {
  for (let round = 1; ; round += 1) {
    const lead = await requireLead(ctx, leadId);
    const next = leadStatusSetByUser(lead, status);
    const runnable = next.status === 'waiting' || next.status === 'active';
    const expected = { status: lead.status, internalStatus: lead.internalStatus };
    const updated = await ctx.db.leads.setStatusIf(ctx.workspaceId, leadId, expected, {
      ...next,
      nextActionAt: runnable ? ctx.productClock() : null,
    });
    if (updated) return { lead, updated };
    if (round >= STATUS_ROUNDS) {
      throw new HttpError(409, `lead ${leadId} kept changing while its status was set; nothing changed`, {
        code: 'version_conflict',
      });
    }
  }
}

const STATUS_ROUNDS = 8;
