import type { LeadForTemplates } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadRecord } from './lead.schema.js';

/*
 * What template checks read of a campaign's leads: the names of their custom fields (a variable
 * named after one is not a typo) and, when the campaign is started, each lead's profile and
 * progress. Both are single aggregations that return only those fields.
 */

/** The distinct custom field names of the campaign's leads, as stored. */
export async function leadVariableNames(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  campaignId: string,
): Promise<string[]> {
  const rows = await records.aggregate<{ _id: string }>(workspaceId, [
    { $match: { campaignId } },
    { $project: { names: { $objectToArray: { $ifNull: ['$customVariables', {}] } } } },
    { $unwind: '$names' },
    { $group: { _id: '$names.k' } },
  ]);
  return rows.map((row) => row._id).sort();
}

const TEMPLATE_FIELDS = [
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'companyName',
  'headline',
  'website',
  'summary',
  'customVariables',
  'status',
  'currentStep',
] as const;

/** The campaign's leads that may still run a step (not completed or error), as templates read them. */
export async function leadsForTemplates(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  campaignId: string,
): Promise<LeadForTemplates[]> {
  return records.aggregate<LeadForTemplates>(workspaceId, [
    { $match: { campaignId, status: { $in: ['waiting', 'active', 'paused'] } } },
    { $project: { _id: 0, ...Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, 1])) } },
  ]);
}
