import type { LeadTagsResult } from '@outreach/contract';
import type { TagLeadBody } from '../inputs.js';
import { TAG_EVENTS, toEventLead, transitionKeys } from '@outreach/domain';
import { requireLead, type OperationContext } from '../context.js';

/**
 * Tags a lead by hand and fires the tag's event. The event goes to the outbox first, with an id
 * derived from (event type, lead): if the process stops between the two writes, repeating the call
 * completes the tag without a second event, and a tag set earlier (by hand or by the screener)
 * fires nothing new.
 */
export async function tagLead(
  ctx: OperationContext,
  leadId: string,
  input: TagLeadBody,
): Promise<LeadTagsResult> {
  const lead = await requireLead(ctx, leadId);
  const now = ctx.productClock();
  if (!lead.tags.includes(input.tag)) {
    await ctx.db.events.insert(ctx.workspaceId, {
      type: TAG_EVENTS[input.tag],
      transitionKey: transitionKeys.leadTagged(lead.id),
      timestamp: now,
      data: {
        campaignId: lead.campaignId,
        leadId: lead.id,
        lead: toEventLead(lead),
        tag: input.tag,
        source: 'manual',
        analysis: null,
        taggedAt: now.toISOString(),
      },
    });
  }
  const { lead: tagged, added } = await ctx.db.leads.addTag(ctx.workspaceId, leadId, input.tag);
  return {
    success: true,
    message: added ? `lead tagged ${input.tag}` : `lead was already tagged ${input.tag}`,
    leadId,
    tags: tagged.tags,
  };
}
