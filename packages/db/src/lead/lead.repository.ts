import {
  LEAD_STATUSES,
  type LeadForTemplates,
  type LeadInternalStatus,
  type LeadStatus,
  type LeadTag,
  normalizePublicIdentifier,
  type ReplyAnalysisRecord,
} from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { NotFoundError } from '../common/db-errors.js';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import { claimForRemoval } from '../common/removal-claim.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toLead, type Lead } from './lead.entity.js';
import {
  LEAD_PROFILE_FIELDS,
  type LeadProfile,
  type LeadProfileField,
  type LeadRecord,
} from './lead.schema.js';
import { withCompletion } from './lead-completion.js';
import { adjustAfterStepDelete, adjustAfterStepInsert } from './lead-progress.js';
import { leadsForTemplates, leadVariableNames } from './lead-templates.js';

export interface NewLead extends Partial<LeadProfile> {
  /** Already normalised by the caller (trimmed, lower case, URL-decoded). */
  publicIdentifier: string;
  entityUrn?: string | null;
  customVariables?: Record<string, string>;
  accountId?: string | null;
}

export interface LeadStatusChange {
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  /** When the runner should pick the lead up (waiting or active); null for the other statuses. */
  nextActionAt: Date | null;
}

/** What a conditional change expects the lead to still be; fields left out are not checked. */
export interface LeadExpectation {
  currentStep?: number;
  status?: LeadStatus;
  internalStatus?: LeadInternalStatus;
}

export type LeadStatusCounts = Record<LeadStatus, number>;

function zeroCounts(): LeadStatusCounts {
  return Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as LeadStatusCounts;
}

/** A campaign's leads by id (ids grow with time, so oldest first), a page per index walk. */
const LEAD_ORDER: KeysetOrder = { list: 'leads', keys: [['_id', 1]] };

export class LeadRepository {
  constructor(
    private readonly records: ScopedModel<LeadRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Adds leads as `waiting`, due now. A profile already in the campaign (or twice in `leads`) is
   * refused by the unique (workspace, campaign, publicIdentifier) index and counted as a duplicate, so
   * concurrent imports of the same list cannot add anyone twice.
   */
  async addMany(
    workspaceId: WorkspaceId,
    campaignId: string,
    leads: readonly NewLead[],
  ): Promise<{ added: number; duplicates: number; leads: Lead[] }> {
    const now = this.clock();
    const records = leads.map((lead) => this.newRecord(campaignId, lead, now));
    const { inserted, duplicates } = await this.records.insertManyCountingDuplicates(workspaceId, records);
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

  /** A campaign's leads in the order they were added, optionally of one status. */
  async list(
    workspaceId: WorkspaceId,
    campaignId: string,
    query: PageRequest & { status?: LeadStatus } = {},
  ): Promise<Page<Lead>> {
    const filter: QueryFilter<LeadRecord> = { campaignId };
    if (query.status !== undefined) filter.status = query.status;
    const { skip, limit } = pageBounds(query);
    const [total, page] = await Promise.all([
      this.records.count(workspaceId, filter),
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
  async countByStatusForCampaigns(
    workspaceId: WorkspaceId,
    campaignIds: readonly string[],
  ): Promise<Map<string, LeadStatusCounts>> {
    const rows = await this.records.aggregate<{
      _id: { campaignId: string; status: LeadStatus };
      count: number;
    }>(workspaceId, [
      { $match: { campaignId: { $in: [...campaignIds] } } },
      { $group: { _id: { campaignId: '$campaignId', status: '$status' }, count: { $sum: 1 } } },
    ]);
    const counts = new Map(campaignIds.map((id) => [id, zeroCounts()]));
    for (const row of rows) {
      const campaign = counts.get(row._id.campaignId);
      if (campaign) campaign[row._id.status] = row.count;
    }
    return counts;
  }

  /**
   * Deletes a campaign's leads by id, all or nothing, and returns the leads it deleted as they
   * were when it claimed them: if any id is not a lead of this campaign in this workspace, nothing
   * is deleted and NotFoundError lists the unknown ids. The leads are claimed first
   * (`claimForRemoval`), so of requests deleting overlapping leads, one deletes its leads and the
   * others get NotFoundError, never a success that deleted nothing. `realNow` (HTTP time) bounds a
   * claim left by a request that died before deleting.
   */
  async deleteMany(
    workspaceId: WorkspaceId,
    campaignId: string,
    ids: readonly string[],
    realNow: Date,
  ): Promise<Lead[]> {
    const ours = await claimForRemoval(this.records, workspaceId, {
      entity: 'lead',
      scope: { campaignId },
      ids,
      realNow,
    });
    const claimed = await this.records.find(workspaceId, ours);
    await this.records.deleteMany(workspaceId, ours);
    return claimed.map(toLead);
  }

  /**
   * Sets the status chosen by the caller. Any lease is dropped: a runner that was working on
   * the lead finds its lease gone when it reports back, and cannot overwrite the new status.
   */
  async setStatus(workspaceId: WorkspaceId, id: string, change: LeadStatusChange): Promise<Lead> {
    const record = await this.records.findOneAndUpdate(workspaceId, { _id: id }, this.statusUpdate(change));
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
    const filter: QueryFilter<LeadRecord> = { _id: id };
    if (expected.currentStep !== undefined) filter.currentStep = expected.currentStep;
    if (expected.status !== undefined) filter.status = expected.status;
    if (expected.internalStatus !== undefined) filter.internalStatus = expected.internalStatus;
    const record = await this.records.findOneAndUpdate(workspaceId, filter, this.statusUpdate(change));
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

  /**
   * Fills in the lead's empty profile fields from what the network showed of the profile: a field
   * the user gave (or an earlier visit filled) is never overwritten, and empty values change
   * nothing. One pipeline update, so each field is judged on the stored lead. Returns the lead.
   */
  async fillEmptyProfile(
    workspaceId: WorkspaceId,
    id: string,
    seen: Partial<Record<LeadProfileField, string | null>>,
  ): Promise<Lead | null> {
    const fill: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(seen)) {
      if (!LEAD_PROFILE_FIELDS.includes(field as LeadProfileField)) continue;
      if (typeof value !== 'string' || value.trim() === '') continue;
      const stored = `$${field}`;
      fill[field] = { $cond: [{ $in: [{ $ifNull: [stored, ''] }, ['']] }, value.trim(), stored] };
    }
    if (Object.keys(fill).length === 0) return this.get(workspaceId, id);
    const record = await this.records.findOneAndUpdate(workspaceId, { _id: id }, [
      { $set: { ...fill, updatedAt: this.clock() } },
    ]);
    return record ? toLead(record) : null;
  }

  /**
   * Makes the runnable leads parked for this sender account (`sender_unavailable`, or
   * `sender_restricted` once LinkedIn restricted it) due at `now`:
   * the account was reconnected, so they need not wait for their next recheck. Returns how many.
   */
  async wakeParkedBySender(workspaceId: WorkspaceId, accountId: string, now: Date): Promise<number> {
    let woken = 0;
    // One update per reason, each served by its own partial index.
    for (const internalStatus of ['sender_unavailable', 'sender_restricted'] as const) {
      const { modified } = await this.records.updateMany(
        workspaceId,
        { accountId, internalStatus, nextActionAt: { $gt: now } },
        { $set: { nextActionAt: now, updatedAt: this.clock() } },
      );
      woken += modified;
    }
    return woken;
  }

  /** Adds a tag; `added` is true only for the call that added it (the tag event fires once). */
  async addTag(workspaceId: WorkspaceId, id: string, tag: LeadTag): Promise<{ lead: Lead; added: boolean }> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, tags: { $ne: tag } },
      { $push: { tags: tag }, $set: { updatedAt: this.clock() } },
    );
    if (record) return { lead: toLead(record), added: true };
    const current = await this.get(workspaceId, id);
    if (!current) throw new NotFoundError('lead', [id]);
    return { lead: current, added: false };
  }

  /** Keeps how the lead's latest reply to a screener was read (shown on the lead). */
  async recordScreenerAnalysis(
    workspaceId: WorkspaceId,
    id: string,
    analysis: ReplyAnalysisRecord,
  ): Promise<void> {
    await this.records.updateOne(
      workspaceId,
      { _id: id },
      { $set: { screenerAnalysis: analysis, updatedAt: this.clock() } },
    );
  }

  async removeTag(workspaceId: WorkspaceId, id: string, tag: LeadTag): Promise<Lead> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id },
      { $pull: { tags: tag }, $set: { updatedAt: this.clock() } },
    );
    if (!record) throw new NotFoundError('lead', [id]);
    return toLead(record);
  }

  /** Keeps every lead on its next step after a step is inserted at `index` (see lead-progress). */
  adjustAfterStepInsert(
    workspaceId: WorkspaceId,
    campaignId: string,
    insert: { index: number; previousLength: number; reopenAt: Date },
  ): Promise<{ shifted: number; reopened: number }> {
    return adjustAfterStepInsert(this.records, workspaceId, campaignId, { ...insert, now: this.clock() });
  }

  /** Keeps every lead on its next step after the step at `index` is deleted (see lead-progress). */
  adjustAfterStepDelete(
    workspaceId: WorkspaceId,
    campaignId: string,
    removal: { index: number; previousLength: number },
  ): Promise<{ shifted: number; finished: number }> {
    return adjustAfterStepDelete(this.records, workspaceId, campaignId, { ...removal, now: this.clock() });
  }

  /** Leads that have not begun the sequence: their sender may still be changed. */
  async listNotStarted(
    workspaceId: WorkspaceId,
    campaignId: string,
  ): Promise<Array<{ id: string; accountId: string | null }>> {
    const records = await this.records.find(
      workspaceId,
      { campaignId, ...NOT_STARTED },
      { sort: { _id: 1 } },
    );
    return records.map((record) => ({ id: record._id, accountId: record.accountId ?? null }));
  }

  /**
   * Applies a redistribution of senders. Each update is conditional on the lead still not having
   * started, so a lead the runner began in the meantime keeps the sender it was contacted from,
   * and, given `from`, on the lead still having the sender the redistribution was computed from
   * (a concurrent redistribution may have moved it). Returns how many leads changed sender.
   */
  assignSenders(
    workspaceId: WorkspaceId,
    campaignId: string,
    assignments: ReadonlyArray<{ leadId: string; accountId: string; from?: string | null }>,
  ): Promise<number> {
    const updatedAt = this.clock();
    return this.records.bulkUpdate(
      workspaceId,
      assignments.map(({ leadId, accountId, from }) => ({
        filter: {
          _id: leadId,
          campaignId,
          ...NOT_STARTED,
          ...(from === undefined ? {} : { accountId: from }),
        },
        update: { $set: { accountId, updatedAt } },
      })),
    );
  }

  /** The workspace's leads with this public identifier, in every campaign. */
  async findByPublicIdentifier(workspaceId: WorkspaceId, publicIdentifier: string): Promise<Lead[]> {
    // Leads are stored normalised; an identifier from the network may differ in case or encoding.
    const records = await this.records.find(
      workspaceId,
      { publicIdentifier: normalizePublicIdentifier(publicIdentifier) },
      { sort: { _id: 1 } },
    );
    return records.map(toLead);
  }

  /** The workspace's leads with this provider member id (one per campaign that holds the profile). */
  async findByProviderId(workspaceId: WorkspaceId, providerId: string): Promise<Lead[]> {
    const records = await this.records.find(workspaceId, { providerId }, { sort: { _id: 1 } });
    return records.map(toLead);
  }

  /** Stores the provider's member id of the lead (resolved once; the same member id every time). */
  async setProviderId(workspaceId: WorkspaceId, id: string, providerId: string): Promise<void> {
    await this.records.updateOne(workspaceId, { _id: id }, { $set: { providerId } });
  }

  /** The write of a status change; any lease is dropped (see `setStatus`). */
  private statusUpdate(change: LeadStatusChange): UpdateQuery<LeadRecord> {
    const now = this.clock();
    const set = {
      status: change.status,
      internalStatus: change.internalStatus,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    };
    const update = change.nextActionAt
      ? { $set: { ...set, nextActionAt: change.nextActionAt } }
      : { $set: set, $unset: { nextActionAt: 1 } };
    return withCompletion(update, change.status, now);
  }

  private newRecord(campaignId: string, lead: NewLead, now: Date): Omit<LeadRecord, 'workspaceId'> {
    const profile = Object.fromEntries(
      LEAD_PROFILE_FIELDS.map((field) => [field, lead[field] ?? '']),
    ) as LeadProfile;
    return {
      _id: newId('lead'),
      campaignId,
      publicIdentifier: lead.publicIdentifier,
      ...profile,
      entityUrn: lead.entityUrn ?? null,
      customVariables: { ...lead.customVariables },
      status: 'waiting',
      internalStatus: 'queued',
      currentStep: 0,
      accountId: lead.accountId ?? null,
      tags: [],
      assignedVariants: {},
      nextActionAt: now,
      leaseOwner: null,
      leaseUntil: null,
      attempts: 0,
      pendingActionKey: null,
      createdAt: now,
      updatedAt: now,
    };
  }
}

const NOT_STARTED = { status: 'waiting', currentStep: 0, pendingActionKey: null } as const;
