import type { ActionType } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { countsPipeline, DAY_KEY, toCounts, type ActionCounts, type CountsRow } from './action-analytics.js';
import { toAction, type Action } from './action.entity.js';
import type { ActionRecord } from './action.schema.js';
import type { LeadActionMarks } from './lead-action-marks.js';

export interface NewAction {
  campaignId: string;
  leadId: string;
  accountId?: string | null;
  stepId?: string | null;
  variantId?: string | null;
  type: ActionType;
  idempotencyKey: string;
  occurredAt: Date;
}

export interface AnalyticsQuery {
  /** Inclusive start of the range. */
  from: Date;
  /** Exclusive end of the range. */
  to: Date;
  campaignId?: string;
  /** Only these campaigns (e.g. the ones with a given status). */
  campaignIds?: readonly string[];
  accountId?: string;
}

export interface ActionAnalytics {
  totals: ActionCounts;
  perStep: Array<ActionCounts & { stepId: string }>;
  perVariant: Array<ActionCounts & { stepId: string; variantId: string }>;
  /** One entry per UTC day that had actions, in date order. */
  perDay: Array<ActionCounts & { date: string }>;
}

function matchOf(query: AnalyticsQuery): QueryFilter<ActionRecord> {
  const match: QueryFilter<ActionRecord> = { occurredAt: { $gte: query.from, $lt: query.to } };
  if (query.campaignId !== undefined) match.campaignId = query.campaignId;
  else if (query.campaignIds !== undefined) match.campaignId = { $in: [...query.campaignIds] };
  if (query.accountId !== undefined) match.accountId = query.accountId;
  return match;
}

export class ActionRepository {
  constructor(
    private readonly records: ScopedModel<ActionRecord>,
    private readonly marks: LeadActionMarks,
    private readonly counters: CampaignCountersRepository,
  ) {}

  /**
   * Logs an action once per idempotency key: recording the same key again (a retried step, a
   * replayed webhook from the network) returns the first record with `created: false`. A new
   * action moves its campaign's counters (see lead-action-marks.ts); a repeated one moves nothing.
   */
  async record(workspaceId: WorkspaceId, input: NewAction): Promise<{ action: Action; created: boolean }> {
    try {
      const record = await this.records.insertOne(workspaceId, {
        _id: newId('action'),
        campaignId: input.campaignId,
        leadId: input.leadId,
        accountId: input.accountId ?? null,
        stepId: input.stepId ?? null,
        variantId: input.variantId ?? null,
        type: input.type,
        idempotencyKey: input.idempotencyKey,
        occurredAt: input.occurredAt,
      });
      const figures = await this.marks.figuresOf(workspaceId, record);
      await this.counters.recordActions(workspaceId, record.campaignId, figures);
      return { action: toAction(record), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.findByIdempotencyKey(workspaceId, input.idempotencyKey);
      if (!existing) throw error;
      return { action: existing, created: false };
    }
  }

  /**
   * When the account's actions of `type` since `since` happened, oldest first (at most `limit`):
   * LinkedIn's weekly invitation cap counts a rolling window, which a calendar counter cannot see.
   * Served by `{ workspaceId, accountId, occurredAt }`.
   */
  async recentTimesOfAccount(
    workspaceId: WorkspaceId,
    query: { accountId: string; type: ActionType; since: Date; limit: number },
  ): Promise<Date[]> {
    const records = await this.records.find(
      workspaceId,
      { accountId: query.accountId, occurredAt: { $gte: query.since }, type: query.type },
      { sort: { occurredAt: 1 }, limit: query.limit },
    );
    return records.map((record) => record.occurredAt);
  }

  async findByIdempotencyKey(workspaceId: WorkspaceId, idempotencyKey: string): Promise<Action | null> {
    const record = await this.records.findOne(workspaceId, { idempotencyKey });
    return record ? toAction(record) : null;
  }

  /**
   * Counts for a campaign or the workspace over `[from, to)`: totals, per step, per variant and
   * per UTC day. Four aggregations over the same indexed range, run in parallel.
   */
  async analytics(workspaceId: WorkspaceId, query: AnalyticsQuery): Promise<ActionAnalytics> {
    const match = matchOf(query);
    const run = (extraMatch: QueryFilter<ActionRecord>, groupKey: unknown) =>
      this.records.aggregate<CountsRow>(workspaceId, [
        { $match: { ...match, ...extraMatch } },
        ...countsPipeline(groupKey),
      ]);
    const [totals, steps, variants, days] = await Promise.all([
      run({}, null),
      run({ stepId: { $type: 'string' } }, '$stepId'),
      run({ variantId: { $type: 'string' } }, { stepId: '$stepId', variantId: '$variantId' }),
      run({}, DAY_KEY),
    ]);
    return {
      totals: toCounts(totals[0]),
      perStep: steps
        .map((row) => ({ stepId: row._id as string, ...toCounts(row) }))
        .sort((a, b) => a.stepId.localeCompare(b.stepId)),
      perVariant: variants
        .map((row) => ({ ...(row._id as { stepId: string; variantId: string }), ...toCounts(row) }))
        .sort((a, b) => a.variantId.localeCompare(b.variantId)),
      perDay: days
        .map((row) => ({ date: row._id as string, ...toCounts(row) }))
        .sort((a, b) => a.date.localeCompare(b.date)),
    };
  }
}
