import type { TemplateWarning } from '@outreach/contract';
import type { Campaign as CampaignEntity } from '@outreach/db';
import { unknownTemplateVariables } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { toStepDef } from './edit-sequence.js';

/**
 * The variables of the campaign's templates (of one step, when `stepId` is given) that nothing
 * could fill, for the answer of a save. Saving is never refused for them: leads carrying the field
 * may be imported later, and starting the campaign checks the templates against its leads.
 */
export async function templateWarnings(
  ctx: OperationContext,
  campaign: CampaignEntity,
  stepId?: string,
): Promise<TemplateWarning[]> {
  const steps = campaign.steps.filter((step) => stepId === undefined || step.id === stepId);
  const leadVariableNames = await ctx.db.leads.variableNames(ctx.workspaceId, campaign.id);
  return unknownTemplateVariables(steps.map(toStepDef), {
    customVariables: campaign.customVariables,
    leadVariableNames,
  });
}
