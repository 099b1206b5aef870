import type { LeadForTemplates, LeadStatus, LeadTag, ReplyAnalysisRecord } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import type { ActionRecord } from '../action/action.schema.js';
import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import { NotFoundError } from '../common/db-errors.js';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toLead, type Lead } from './lead.entity.js';
import { findByProviderId, findByPublicIdentifier } from './lead-lookups.js';
import type { LeadProfileField, LeadRecord } from './lead.schema.js';
import { newLeadRecord, type NewLead } from './lead-new-record.js';
import { addTag, fillEmptyProfile, recordScreenerAnalysis, removeTag } from './lead-details.js';
import { assignSenders, listNotStarted, wakeParkedBySender } from './lead-senders.js';
import { adjustAfterStepDelete, adjustAfterStepInsert } from './lead-progress.js';
import {
  countByStatusForCampaigns,
  deleteLeads,
  expectationFilter,
  writeLeadStatus,
  zeroCounts,
  type LeadExpectation,
  type LeadStatusChange,
  type LeadStatusCounts,
} from './lead-status.js';
import { leadsForTemplates, leadVariableNames } from './lead-templates.js';

export type { LeadExpectation, LeadStatusChange, LeadStatusCounts } from './lead-status.js';
export type { NewLead } from './lead-new-record.js';

/** A campaign's leads by id (ids grow with time, so oldest first), a page per index walk. */
const LEAD_ORDER: KeysetOrder = { list: 'leads', keys: [['_id', 1]] };

export class LeadRepository {
  constructor(
    private readonly records: ScopedModel<LeadRecord>,
    private readonly counters: CampaignCountersRepository,
    private readonly clock: () => Date,
    /** The action log: a deleted lead's actions logged with its outcome go there first. */
    private readonly actions: ScopedModel<ActionRecord>,
  ) {}

  /**
   * Adds leads as `waiting`, due now. A profile already in the campaign (or twice in `leads`) is
   * refused by the unique (workspace, campaign, publicIdentifier) index and counted as a duplicate, so
   * concurrent imports of the same list cannot add anyone twice. The campaign counters count the
   * leads added.
   */
  async addMany(
    workspaceId: WorkspaceId,
    campaignId: string,
    leads: readonly NewLead[],
  ): Promise<{ added: number; duplicates: number; leads: Lead[] }> {
    const now = this.clock();
    const records = leads.map((lead) => newLeadRecord(campaignId, lead, now));
    const { inserted, duplicates } = await this.records.insertManyCountingDuplicates(workspaceId, records);
    await this.counters.recordLeadsAdded(workspaceId, campaignId, inserted);
    return { added: inserted.length, duplicates, leads: inserted.map(toLead) };
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<Lead | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toLead(record) : null;
  }

  /** The workspace's leads among `ids`; unknown ids are left out. */
  async getMany(workspaceId: WorkspaceId, ids: readonly string[]): Promise<Lead[]> {
    const records = await this.records.find(workspaceId, { _id: { $in: [...ids] } });
    return records.map(toLead);
  }

  /**
   * A campaign's leads in the order they were added, optionally of one status. With `knownTotal`
   * (the campaign's counters) nothing is counted: the page costs one query whatever the size.
   */
  async list(
    workspaceId: WorkspaceId,
    campaignId: string,
    query: PageRequest & { status?: LeadStatus } = {},
    knownTotal?: number,
  ): Promise<Page<Lead>> {
    const filter: QueryFilter<LeadRecord> = { campaignId };
    if (query.status !== undefined) filter.status = query.status;
    const { skip, limit } = pageBounds(query);
    const [total, page] = await Promise.all([
      knownTotal ?? this.records.count(workspaceId, filter),
      this.records.page(workspaceId, filter, { order: LEAD_ORDER, after: query.after, skip, limit }),
    ]);
    return { total, items: page.records.map(toLead), nextCursor: page.nextCursor };
  }

  /** Leads per status in one campaign: progress, start checks and completion detection. */
  async countByStatus(workspaceId: WorkspaceId, campaignId: string): Promise<LeadStatusCounts> {
    const counts = await this.countByStatusForCampaigns(workspaceId, [campaignId]);
    return counts.get(campaignId) ?? zeroCounts();
  }

  /** The same for many campaigns in one aggregation (a campaign list's progress column). */
  countByStatusForCampaigns(
    workspaceId: WorkspaceId,
    campaignIds: readonly string[],
  ): Promise<Map<string, LeadStatusCounts>> {
    return countByStatusForCampaigns(this.records, workspaceId, campaignIds);
  }

  /**
   * Deletes a campaign's leads by id, all or nothing, and returns the leads it deleted as they
   * were when it claimed them: if any id is not a lead of this campaign in this workspace, nothing
   * is deleted and NotFoundError lists the unknown ids. The leads are claimed first
   * (`claimForRemoval`), so of requests deleting overlapping leads, one deletes its leads and the
   * others get NotFoundError, never a success that deleted nothing. `realNow` (HTTP time) bounds a
   * claim left by a request that died before deleting. The campaign counters count the leads
   * deleted, as they were when claimed; actions logged with their step outcomes and not yet in
   * the log go there first.
   */
  async deleteMany(
    workspaceId: WorkspaceId,
    campaignId: string,
    ids: readonly string[],
    realNow: Date,
  ): Promise<Lead[]> {
    const deleted = await deleteLeads(
      this.records,
      this.counters,
      this.actions,
      workspaceId,
      campaignId,
      ids,
      realNow,
    );
    return deleted.map(toLead);
  }

  /**
   * Sets the status chosen by the caller. Any lease is dropped: a runner that was working on
   * the lead finds its lease gone when it reports back, and cannot overwrite the new status.
   */
  async setStatus(workspaceId: WorkspaceId, id: string, change: LeadStatusChange): Promise<Lead> {
    const record = await writeLeadStatus(
      this.records,
      this.counters,
      workspaceId,
      { _id: id },
      change,
      this.clock(),
    );
    if (!record) throw new NotFoundError('lead', [id]);
    return toLead(record);
  }

  /**
   * `setStatus`, only if the lead is still as the caller saw it (`expected`: its step, status
   * and reason, each optional): one conditional update, so a change decided from an earlier read
   * (a network event about the lead) never overwrites a change made since, by a user or a runner.
   * Returns null when the lead no longer matches; the caller re-reads and decides again.
   */
  async setStatusIf(
    workspaceId: WorkspaceId,
    id: string,
    expected: LeadExpectation,
    change: LeadStatusChange,
  ): Promise<Lead | null> {
    const filter = expectationFilter(id, expected);
    const record = await writeLeadStatus(
      this.records,
      this.counters,
      workspaceId,
      filter,
      change,
      this.clock(),
    );
    if (record) return toLead(record);
    if (!(await this.get(workspaceId, id))) throw new NotFoundError('lead', [id]);
    return null;
  }

  /**
   * Whether the campaign has at least one lead in one of `statuses`: one indexed read that stops
   * at the first match (the completion check asks this instead of counting every lead).
   */
  async existsWithStatus(
    workspaceId: WorkspaceId,
    campaignId: string,
    statuses: readonly LeadStatus[],
  ): Promise<boolean> {
    const found = await this.records.find(
      workspaceId,
      { campaignId, status: { $in: [...statuses] } },
      { limit: 1 },
    );
    return found.length > 0;
  }

  /**
   * Whether a lead of the campaign is paused by the runner until a template or variable is fixed
   * (`missing_variable`): such a campaign is not completed. Served by the status index.
   */
  existsAwaitingFix(workspaceId: WorkspaceId, campaignId: string): Promise<boolean> {
    return this.records.exists(workspaceId, {
      campaignId,
      status: 'paused',
      internalStatus: 'missing_variable',
    });
  }

  /** The distinct custom field names of the campaign's leads (see lead-templates.ts). */
  variableNames(workspaceId: WorkspaceId, campaignId: string): Promise<string[]> {
    return leadVariableNames(this.records, workspaceId, campaignId);
  }

  /** The campaign's not-finished leads as the start check renders templates for them. */
  listForTemplates(workspaceId: WorkspaceId, campaignId: string): Promise<LeadForTemplates[]> {
    return leadsForTemplates(this.records, workspaceId, campaignId);
  }

  /** Fills in the lead's empty profile fields from the network's (see lead-details.ts). */
  fillEmptyProfile(
    workspaceId: WorkspaceId,
    id: string,
    seen: Partial<Record<LeadProfileField, string | null>>,
  ): Promise<Lead | null> {
    return fillEmptyProfile(this.records, workspaceId, id, seen, this.clock());
  }

  /** Makes the leads parked for this reconnected sender due at `now` (see lead-senders.ts). */
  wakeParkedBySender(workspaceId: WorkspaceId, accountId: string, now: Date): Promise<number> {
    return wakeParkedBySender(this.records, workspaceId, accountId, now, this.clock());
  }

  /** Adds a tag; `added` is true only for the call that added it (the tag event fires once). */
  addTag(workspaceId: WorkspaceId, id: string, tag: LeadTag): Promise<{ lead: Lead; added: boolean }> {
    return addTag(this.records, workspaceId, id, tag, this.clock());
  }

  /** Keeps how the lead's latest reply to a screener was read (shown on the lead). */
  recordScreenerAnalysis(workspaceId: WorkspaceId, id: string, analysis: ReplyAnalysisRecord): Promise<void> {
    return recordScreenerAnalysis(this.records, workspaceId, id, analysis, this.clock());
  }

  removeTag(workspaceId: WorkspaceId, id: string, tag: LeadTag): Promise<Lead> {
    return removeTag(this.records, workspaceId, id, tag, this.clock());
  }

  /** Keeps every lead on its next step after a step is inserted at `index` (see lead-progress). */
  adjustAfterStepInsert(
    workspaceId: WorkspaceId,
    campaignId: string,
    insert: { index: number; previousLength: number; reopenAt: Date },
  ): Promise<{ shifted: number; reopened: number }> {
    return adjustAfterStepInsert(this.records, this.counters, workspaceId, campaignId, {
      ...insert,
      now: this.clock(),
    });
  }

  /** Keeps every lead on its next step after the step at `index` is deleted (see lead-progress). */
  adjustAfterStepDelete(
    workspaceId: WorkspaceId,
    campaignId: string,
    removal: { index: number; previousLength: number },
  ): Promise<{ shifted: number; finished: number }> {
    return adjustAfterStepDelete(this.records, this.counters, workspaceId, campaignId, {
      ...removal,
      now: this.clock(),
    });
  }

  /** Leads that have not begun the sequence: their sender may still be changed. */
  listNotStarted(
    workspaceId: WorkspaceId,
    campaignId: string,
  ): Promise<Array<{ id: string; accountId: string | null }>> {
    return listNotStarted(this.records, workspaceId, campaignId);
  }

  /** Applies a redistribution of senders, to leads not started only (see lead-senders.ts). */
  assignSenders(
    workspaceId: WorkspaceId,
    campaignId: string,
    assignments: ReadonlyArray<{ leadId: string; accountId: string; from?: string | null }>,
  ): Promise<number> {
    return assignSenders(this.records, workspaceId, campaignId, assignments, this.clock());
  }

  /** The workspace's leads with this public identifier, in every campaign (see lead-lookups.ts). */
  findByPublicIdentifier(workspaceId: WorkspaceId, publicIdentifier: string): Promise<Lead[]> {
    return findByPublicIdentifier(this.records, workspaceId, publicIdentifier);
  }

  /** The workspace's leads with this provider member id (one per campaign that holds the profile). */
  findByProviderId(workspaceId: WorkspaceId, providerId: string): Promise<Lead[]> {
    return findByProviderId(this.records, workspaceId, providerId);
  }

  /**
   * Marks the lead's invitation accepted at `at`, once: a conditional update that leaves an earlier
   * mark as it is and changes nothing else (status, lease, schedule). True when this call set it.
   */
  async markInvitationAccepted(workspaceId: WorkspaceId, id: string, at: Date): Promise<boolean> {
    const result = await this.records.updateOne(
      workspaceId,
      { _id: id, invitationAcceptedAt: { $exists: false } },
      { $set: { invitationAcceptedAt: at } },
    );
    return result.modified === 1;
  }

  /** Stores the provider's member id of the lead (resolved once; the same member id every time). */
  async setProviderId(workspaceId: WorkspaceId, id: string, providerId: string): Promise<void> {
    await this.records.updateOne(workspaceId, { _id: id }, { $set: { providerId } });
  }
}
