import type { ActionType } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { LeaseRequest } from '../common/lease.js';
import { ActionFollower } from './action-follower.js';
import type { MessageRepository } from '../conversation/message.repository.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { countsPipeline, DAY_KEY, toCounts, type ActionCounts, type CountsRow } from './action-analytics.js';
import { toAction, type Action } from './action.entity.js';
import type { ActionRecord, ActionToLog } from './action.schema.js';
import { actionToLog, recordOf, type NewAction } from './new-action.js';

export type { NewAction } from './new-action.js';
import type { LeadRecord } from '../lead/lead.schema.js';
import type { LeadActionMarks } from './lead-action-marks.js';
import { windowParts, type DailyRollupRepository } from '../daily-rollup/daily-rollup.repository.js';
import { dayCountsOf, type DayCounts } from './action-days.js';
import { typeCounters } from './lead-day-rows.js';
import { markOf } from './lead-days.js';
import { rollupAnalytics } from './rollup-analytics.js';

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
  /** One entry per UTC day that had actions, in date order (the figures that add up over days). */
  perDay: Array<DayCounts & { date: string }>;
}

/** The window's totals and per-day series alone (what workspace analytics show). */
export type ActionTotals = Pick<ActionAnalytics, 'totals' | 'perDay'>;

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
    private readonly rollups: DailyRollupRepository,
    messages: MessageRepository,
    /** The leads, whose step outcomes may carry actions to log (`toLog`). */
    leads: ScopedModel<LeadRecord>,
  ) {
    this.follower = new ActionFollower(records, marks, counters, rollups, messages, leads);
  }

  private readonly follower: ActionFollower;

  /**
   * Logs an action once per idempotency key: recording the same key again (a retried step, a
   * replayed webhook from the network) returns the first record with `created: false`. A new
   * action moves its campaign's counters (see lead-action-marks.ts); a repeated one moves nothing.
   */
  async record(workspaceId: WorkspaceId, input: NewAction): Promise<{ action: Action; created: boolean }> {
    try {
      const record = await this.records.insertOne(workspaceId, recordOf(input));
      const change = await this.marks.recordAction(workspaceId, record);
      await this.counters.recordActions(workspaceId, record.campaignId, change.figures);
      await this.rollups.recordAction(workspaceId, record, change.firsts);
      return { action: toAction(record), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.findByIdempotencyKey(workspaceId, input.idempotencyKey);
      if (!existing) throw error;
      return { action: existing, created: false };
    }
  }

  /**
   * Logs an action once per idempotency key, as `record`, and leaves what it changes beyond its
   * own record (its lead's marks, the campaign counters, the daily roll-ups) to
   * `deriveBatchAcrossWorkspaces`, which writes those of many actions in a few bulk writes: one
   * round trip here instead of four. Until then the action is in the log (the rolling windows of
   * an account's actions see it at once) and left out of the drift check's recounts; the
   * counters and the roll-ups lag by it.
   */
  async recordLater(workspaceId: WorkspaceId, input: NewAction): Promise<{ created: boolean }> {
    const record = this.toLog(input);
    try {
      await this.records.insertOne(workspaceId, record);
      return { created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return { created: false };
    }
  }

  /**
   * `recordLater`'s action as a lead's step outcome carries it (`StepOutcome.loggedAction`): logged
   * by the outcome's own write and moved into the log by the follower (see outcome-actions.ts), one
   * round trip fewer than `recordLater`. Not in the log until then: for actions that no rolling
   * window reads (an invitation's is read by the weekly cap and goes through `recordLater`).
   */
  toLog(input: NewAction): ActionToLog {
    return actionToLog(input);
  }

  /**
   * The follower of `recordLater`, unscoped by nature (one runner serves every workspace): see
   * `ActionFollower`. Returns how many actions it derived.
   */
  deriveBatchAcrossWorkspaces(lease: LeaseRequest, limit: number): Promise<number> {
    return this.follower.deriveBatchAcrossWorkspaces(lease, limit);
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
   * Counts for a campaign or the workspace's campaigns over `[from, to)`: totals, per step, per
   * variant and the per-day series, from the daily roll-ups of the window's whole UTC days (distinct
   * leads from their histograms) and the actions of the part-days at its ends, so they cost days,
   * not actions. With `accountId`, per step and per variant come from that sender's actions (the
   * roll-ups keep senders, not senders by step). Answers as `analyticsFromActions`, to which it
   * falls back for a campaign whose roll-ups are not built yet or a window without a whole day.
   */
  async analytics(workspaceId: WorkspaceId, query: AnalyticsQuery): Promise<ActionAnalytics> {
    const rolled = await this.fromRollups(workspaceId, query, query.accountId === undefined);
    if (rolled === null) return this.analyticsFromActions(workspaceId, query);
    if (query.accountId === undefined) return rolled;
    return { ...rolled, ...(await this.breakdown(workspaceId, query)) };
  }

  /** `analytics` without per step and per variant: the roll-ups answer it whatever the query. */
  async analyticsTotals(workspaceId: WorkspaceId, query: AnalyticsQuery): Promise<ActionTotals> {
    const rolled = await this.fromRollups(workspaceId, query, false);
    if (rolled !== null) return { totals: rolled.totals, perDay: rolled.perDay };
    const [totals, perDay] = await Promise.all([
      this.run(workspaceId, query, {}, null),
      this.days(workspaceId, query),
    ]);
    return { totals: toCounts(totals[0]), perDay };
  }

  /**
   * The same answer from the actions alone: four aggregations over the window's actions, whose
   * cost grows with them. Kept for campaigns whose roll-ups are not complete, and as the
   * reference the roll-ups are checked against.
   */
  async analyticsFromActions(workspaceId: WorkspaceId, query: AnalyticsQuery): Promise<ActionAnalytics> {
    const [grouped, perDay] = await Promise.all([
      this.grouped(workspaceId, query),
      this.days(workspaceId, query),
    ]);
    return { ...grouped, perDay };
  }

  private run(
    workspaceId: WorkspaceId,
    query: AnalyticsQuery,
    extra: QueryFilter<ActionRecord>,
    key: unknown,
  ) {
    return this.records.aggregate<CountsRow>(workspaceId, [
      { $match: { ...matchOf(query), ...extra } },
      ...countsPipeline(key),
    ]);
  }

  /**
   * The answer from the roll-ups, or null when they cannot give it. The window's days, the check
   * of their campaigns and the part-days' actions (none for a window of whole days) are read
   * together, then the marks of those actions' leads, if any: two rounds of at most four reads,
   * whatever the window and the campaign.
   */
  private async fromRollups(
    workspaceId: WorkspaceId,
    query: AnalyticsQuery,
    breakdown: boolean,
  ): Promise<ActionAnalytics | null> {
    const campaignIds = query.campaignId !== undefined ? [query.campaignId] : query.campaignIds;
    const parts = windowParts(query.from, query.to);
    if (campaignIds === undefined || parts.days === null) return null;
    const [records, ...edges] = await Promise.all([
      this.rollups.window(workspaceId, { ...parts.days, campaignIds }),
      ...parts.edges.map((edge) => this.records.find(workspaceId, matchOf({ ...query, ...edge }))),
    ]);
    if (!records) return null;
    const edgeActions = edges.flat();
    const leads = new Set(
      edgeActions.flatMap((action) => (markOf(action.type, action.occurredAt) ? [action.leadId] : [])),
    );
    const leadDays = await this.marks.daysOf(workspaceId, [...leads]);
    return rollupAnalytics({
      records,
      days: parts.days,
      edgeActions,
      leadDays,
      accountId: query.accountId,
      breakdown,
    });
  }

  private async grouped(workspaceId: WorkspaceId, query: AnalyticsQuery) {
    const [totals, breakdown] = await Promise.all([
      this.run(workspaceId, query, {}, null),
      this.breakdown(workspaceId, query),
    ]);
    return { totals: toCounts(totals[0]), ...breakdown };
  }

  private async breakdown(workspaceId: WorkspaceId, query: AnalyticsQuery) {
    const [steps, variants] = await Promise.all([
      this.run(workspaceId, query, { stepId: { $type: 'string' } }, '$stepId'),
      this.run(
        workspaceId,
        query,
        { variantId: { $type: 'string' } },
        { stepId: '$stepId', variantId: '$variantId' },
      ),
    ]);
    return {
      perStep: steps
        .map((row) => ({ stepId: row._id as string, ...toCounts(row) }))
        .sort((a, b) => a.stepId.localeCompare(b.stepId)),
      perVariant: variants
        .map((row) => ({ ...(row._id as { stepId: string; variantId: string }), ...toCounts(row) }))
        .sort((a, b) => a.variantId.localeCompare(b.variantId)),
    };
  }

  private async days(
    workspaceId: WorkspaceId,
    query: AnalyticsQuery,
  ): Promise<Array<DayCounts & { date: string }>> {
    const rows = await this.records.aggregate<CountsRow>(workspaceId, [
      { $match: matchOf(query) },
      { $group: { _id: DAY_KEY, ...typeCounters() } },
    ]);
    return rows
      .map((row) => ({ date: row._id as string, ...dayCountsOf(row) }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }
}
