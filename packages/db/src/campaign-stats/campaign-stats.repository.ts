import { LEAD_STATUSES, type LeadStatus } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import { countsPipeline, toCounts, type CountsRow } from '../action/action-analytics.js';
import type { ActionRecord } from '../action/action.schema.js';
import { DERIVED } from '../action/lead-day-rows.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadStatusCounts } from '../lead/lead.repository.js';
import type { LeadRecord } from '../lead/lead.schema.js';

/** What a campaign's `progress` and `analytics` summary are computed from, since its creation. */
export interface CampaignSummary {
  /** Leads per status; progress is the share in a final status. */
  leadCounts: LeadStatusCounts;
  totalLeads: number;
  invitationsSent: number;
  invitationsAccepted: number;
  /**
   * Distinct leads sent a message or an InMail, distinct leads that replied, and distinct leads
   * messaged that replied after their first message.
   */
  leadsMessaged: number;
  leadsReplied: number;
  leadsRespondedToMessages: number;
}

export interface LeadWindowQuery {
  /** The campaigns whose leads count (an empty list counts nothing). */
  campaignIds: readonly string[];
  /** Inclusive start of the window. */
  from: Date;
  /** Exclusive end of the window. */
  to: Date;
  /** Only leads assigned to this sender account. */
  accountId?: string;
}

export interface LeadWindowCounts {
  /** Leads added within the window. */
  added: number;
  /** Leads that are completed and completed within the window. */
  completed: number;
}

/**
 * Reads for campaign summaries and analytics that combine leads and actions. Each method costs a
 * fixed number of queries whatever the number of campaigns: a page of campaigns is summarised by
 * one aggregation over leads and one over actions (the scoped aggregations cannot join the two).
 */
export class CampaignStatsRepository {
  constructor(
    private readonly leads: ScopedModel<LeadRecord>,
    private readonly actions: ScopedModel<ActionRecord>,
  ) {}

  /** Every campaign of `campaignIds` (unknown ones read as empty) with its summary counts. */
  async summaries(
    workspaceId: WorkspaceId,
    campaignIds: readonly string[],
  ): Promise<Map<string, CampaignSummary>> {
    const ids = [...new Set(campaignIds)];
    const [leadRows, actionRows] = await Promise.all([
      this.leads.aggregate<{ _id: { campaignId: string; status: LeadStatus }; count: number }>(workspaceId, [
        { $match: { campaignId: { $in: ids } } },
        { $group: { _id: { campaignId: '$campaignId', status: '$status' }, count: { $sum: 1 } } },
      ]),
      this.actions.aggregate<CountsRow>(workspaceId, [
        { $match: { campaignId: { $in: ids }, ...DERIVED } },
        ...countsPipeline('$campaignId'),
      ]),
    ]);
    const summaries = new Map(ids.map((id) => [id, emptySummary()]));
    for (const row of leadRows) {
      const summary = summaries.get(row._id.campaignId);
      if (!summary) continue;
      summary.leadCounts[row._id.status] = row.count;
      summary.totalLeads += row.count;
    }
    for (const row of actionRows) {
      const summary = summaries.get(row._id as string);
      if (!summary) continue;
      const counts = toCounts(row);
      summary.invitationsSent = counts.invitationsSent;
      summary.invitationsAccepted = counts.invitationsAccepted;
      summary.leadsMessaged = counts.leadsMessaged;
      summary.leadsReplied = counts.leadsReplied;
      summary.leadsRespondedToMessages = counts.leadsRespondedToMessages;
    }
    return summaries;
  }

  /**
   * Leads added to the campaigns within `[from, to)`, and leads completed within it (status
   * `completed`, `completedAt` in the window): two counts, each over its own index.
   */
  async leadsInWindow(workspaceId: WorkspaceId, query: LeadWindowQuery): Promise<LeadWindowCounts> {
    if (query.campaignIds.length === 0) return { added: 0, completed: 0 };
    const base: QueryFilter<LeadRecord> = { campaignId: { $in: [...query.campaignIds] } };
    if (query.accountId !== undefined) base.accountId = query.accountId;
    const window = { $gte: query.from, $lt: query.to };
    const [added, completed] = await Promise.all([
      this.leads.count(workspaceId, { ...base, createdAt: window }),
      this.leads.count(workspaceId, { ...base, completedAt: window, status: 'completed' }),
    ]);
    return { added, completed };
  }
}

function emptySummary(): CampaignSummary {
  return {
    leadCounts: Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as LeadStatusCounts,
    totalLeads: 0,
    invitationsSent: 0,
    invitationsAccepted: 0,
    leadsMessaged: 0,
    leadsReplied: 0,
    leadsRespondedToMessages: 0,
  };
}
