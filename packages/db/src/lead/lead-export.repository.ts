import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { leadActionMarkId, type LeadActionMarkRecord } from '../action/lead-action-mark.schema.js';
import { toLead, type Lead } from './lead.entity.js';
import type { LeadRecord } from './lead.schema.js';

/** Leads read per round trip by an export. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * What a campaign's export reads: its leads a page at a time in the order they were added, the
 * custom variable names they use (the export's columns), and when each lead of a page last replied.
 * Nothing here holds more than a page, whatever the campaign's size.
 */
export class LeadExportRepository {
  constructor(
    private readonly leads: ScopedModel<LeadRecord>,
    private readonly marks: ScopedModel<LeadActionMarkRecord>,
  ) {}

  /**
   * The campaign's leads after the lead `afterId` (from the first with null), in the order they
   * were added, at most `limit`: the (workspace, campaign, _id) prefix of the lead index, so a page
   * costs a page wherever it starts.
   */
  async page(
    workspaceId: WorkspaceId,
    campaignId: string,
    afterId: string | null,
    limit = EXPORT_PAGE_SIZE,
  ): Promise<Lead[]> {
    const records = await this.leads.find(
      workspaceId,
      afterId === null ? { campaignId } : { campaignId, _id: { $gt: afterId } },
      { sort: { _id: 1 }, limit },
    );
    return records.map(toLead);
  }

  /**
   * Every custom variable name a lead of the campaign has, sorted. The database reads the
   * campaign's leads once and answers the names only; the API holds the names, never the leads.
   */
  async customVariableNames(workspaceId: WorkspaceId, campaignId: string): Promise<string[]> {
    const names = await this.leads.aggregate<{ _id: string }>(workspaceId, [
      { $match: { campaignId } },
      { $project: { names: { $objectToArray: '$customVariables' } } },
      { $unwind: '$names' },
      { $group: { _id: '$names.k' } },
    ]);
    return names.map((name) => name._id).sort();
  }

  /**
   * When each of these leads last replied, from the leads' action marks (kept as replies are
   * logged; a reply still waiting for the action follower shows once it has run). Leads that never
   * replied are left out.
   */
  async lastRepliedAt(workspaceId: WorkspaceId, leadIds: readonly string[]): Promise<Map<string, Date>> {
    if (leadIds.length === 0) return new Map();
    const records = await this.marks.find(workspaceId, {
      _id: { $in: leadIds.map((leadId) => leadActionMarkId(workspaceId, leadId)) },
      lastRepliedAt: { $exists: true },
    });
    return new Map(
      records.flatMap((record) =>
        record.lastRepliedAt ? [[record.leadId, record.lastRepliedAt] as const] : [],
      ),
    );
  }
}
