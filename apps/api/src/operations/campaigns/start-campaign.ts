import type { SuccessMessage } from '@outreach/contract';
import {
  assertNoTemplateGaps,
  STARTABLE_STATUSES,
  startCampaign as startRule,
  templateGaps,
  totalLeads,
} from '@outreach/domain';
import { toStepDef } from '../sequence/edit-sequence.js';
import { done, requireCampaign, type OperationContext } from '../context.js';
import { transitionOrExplain } from './campaign-transition.js';

/**
 * Paused or draft -> active, when the campaign has a usable sender account and at least one lead,
 * and no template would fail for a lead with no fallback (`template_variables_missing`: the lead
 * would be paused, or its invitation sent without the note). The runner begins processing its
 * leads from the next claim on.
 */
export async function startCampaign(ctx: OperationContext, campaignId: string): Promise<SuccessMessage> {
  const campaign = await requireCampaign(ctx, campaignId);
  const [senders, counts] = await Promise.all([
    ctx.db.senderAccounts.getMany(ctx.workspaceId, campaign.networkAccounts),
    ctx.db.leads.countByStatus(ctx.workspaceId, campaignId),
  ]);
  const check = { senders, leadCount: totalLeads(counts) };
  startRule({ status: campaign.status, ...check });
  const leads = await ctx.db.leads.listForTemplates(ctx.workspaceId, campaignId);
  assertNoTemplateGaps(templateGaps(campaign.steps.map(toStepDef), leads, campaign));
  await transitionOrExplain(ctx, campaignId, { from: STARTABLE_STATUSES, to: 'active' }, (status) =>
    startRule({ status, ...check }),
  );
  return done(`campaign ${campaign.name} started`);
}
