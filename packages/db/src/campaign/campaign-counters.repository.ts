import type { LeadStatus } from '@outreach/domain';
import type { UpdateQuery } from 'mongoose';
import type {
  CampaignStatsRepository,
  CampaignSummary,
} from '../campaign-stats/campaign-stats.repository.js';
import type { LeadActionMarks } from '../action/lead-action-marks.js';
import type { DailyRollupRepository } from '../daily-rollup/daily-rollup.repository.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadRecord } from '../lead/lead.schema.js';
import { checkCampaign, checkOldestAcrossWorkspaces, type CounterCheck } from './campaign-counters-check.js';
import { COUNTER_FIGURES, toCampaignCounters, type CounterFigure } from './campaign-counters.js';
import type { CampaignRecord } from './campaign.schema.js';
import { addTo, leadChangeIncs, type LeadChange } from './counter-increments.js';
import { DeferredLeadCounts } from './deferred-lead-counts.js';

export type { LeadChange } from './counter-increments.js';

/** A figure whose stored value differed from the recount. */
export interface CounterDrift {
  campaignId: string;
  /** `leads.<status>`, `senders.<accountId>`, or a figure's name, with both values. */
  differences: Array<{ counter: string; stored: number; actual: number }>;
}

/**
 * The write helpers of the campaign counters (see campaign-counters.ts) and their drift check.
 * Each helper is one `$inc` on the campaign document, to be called right after the write it
 * accounts for.
 */
export class CampaignCountersRepository {
  constructor(
    private readonly campaigns: ScopedModel<CampaignRecord>,
    private readonly leads: ScopedModel<LeadRecord>,
    private readonly stats: CampaignStatsRepository,
    private readonly clock: () => Date,
    /** What the drift check also rebuilds: the per-lead marks and the daily roll-ups. */
    private readonly derived: { marks: LeadActionMarks; rollups: DailyRollupRepository },
  ) {}

  /** New leads (all `waiting`): per sender they were assigned to; unassigned ones count in leads only. */
  async recordLeadsAdded(
    workspaceId: WorkspaceId,
    campaignId: string,
    added: ReadonlyArray<{ accountId: string | null }>,
  ): Promise<void> {
    if (added.length === 0) return;
    const inc: Record<string, number> = { 'counters.leads.waiting': added.length };
    for (const { accountId } of added) if (accountId !== null) addTo(inc, `counters.senders.${accountId}`, 1);
    await this.apply(workspaceId, campaignId, { $inc: inc });
  }

  /** Removed leads, as they were when removed. */
  async recordLeadsRemoved(
    workspaceId: WorkspaceId,
    campaignId: string,
    removed: ReadonlyArray<{ status: LeadStatus; accountId: string | null }>,
  ): Promise<void> {
    if (removed.length === 0) return;
    const inc: Record<string, number> = {};
    for (const { status, accountId } of removed) {
      addTo(inc, `counters.leads.${status}`, -1);
      if (accountId !== null) addTo(inc, `counters.senders.${accountId}`, -1);
    }
    await this.apply(workspaceId, campaignId, { $inc: inc });
  }

  /** A lead moved from one status to another (the runner's step outcomes, a user's status change). */
  async recordStatusChange(
    workspaceId: WorkspaceId,
    campaignId: string,
    from: LeadStatus,
    to: LeadStatus,
  ): Promise<void> {
    if (from === to) return;
    await this.apply(workspaceId, campaignId, {
      $inc: { [`counters.leads.${from}`]: -1, [`counters.leads.${to}`]: 1 },
    });
  }

  /**
   * One lead's write as a whole (its status and its sender, each possibly unchanged), in one
   * `$inc`: what the data layer's own lead writes call with the lead as it was and as it is.
   */
  async recordLeadChange(workspaceId: WorkspaceId, campaignId: string, change: LeadChange): Promise<void> {
    const inc = leadChangeIncs(change);
    if (Object.keys(inc).length > 0) await this.apply(workspaceId, campaignId, { $inc: inc });
  }

  /**
   * A collector of lead changes counted later, many at a time (see deferred-lead-counts.ts): for
   * the runner's step outcomes.
   */
  deferred(): DeferredLeadCounts {
    return new DeferredLeadCounts((workspaceId, increments) => this.applyIncrements(workspaceId, increments));
  }

  /** Counter increments of several campaigns of the workspace, one bulk write. */
  private async applyIncrements(
    workspaceId: WorkspaceId,
    increments: ReadonlyMap<string, Record<string, number>>,
  ): Promise<void> {
    const updates = [...increments].flatMap(([campaignId, inc]) =>
      Object.keys(inc).length === 0 ? [] : [{ filter: { _id: campaignId }, update: { $inc: inc } }],
    );
    await this.campaigns.bulkUpdate(workspaceId, updates);
  }

  /** Many leads moved from one status to another by one multi-document update. */
  async recordStatusChanges(
    workspaceId: WorkspaceId,
    campaignId: string,
    change: { from: LeadStatus; to: LeadStatus; count: number },
  ): Promise<void> {
    if (change.from === change.to || change.count === 0) return;
    await this.apply(workspaceId, campaignId, {
      $inc: {
        [`counters.leads.${change.from}`]: -change.count,
        [`counters.leads.${change.to}`]: change.count,
      },
    });
  }

  /** A lead given another sender (or its first one): the runner's pick, a redistribution. */
  async recordSenderChange(
    workspaceId: WorkspaceId,
    campaignId: string,
    from: string | null,
    to: string | null,
  ): Promise<void> {
    if (from === to) return;
    const inc: Record<string, number> = {};
    if (from !== null) addTo(inc, `counters.senders.${from}`, -1);
    if (to !== null) addTo(inc, `counters.senders.${to}`, 1);
    await this.apply(workspaceId, campaignId, { $inc: inc });
  }

  /**
   * Action figures: an invitation sent or accepted, a lead messaged for the first time, a lead's
   * first reply (and whether it came after a message of ours). The caller knows "first" from the
   * write it just made (e.g. the action's unique index, the lead's own flags).
   */
  async recordActions(
    workspaceId: WorkspaceId,
    campaignId: string,
    increments: Partial<Record<CounterFigure, number>>,
  ): Promise<void> {
    const inc = counterIncs(increments);
    if (Object.keys(inc).length > 0) await this.apply(workspaceId, campaignId, { $inc: inc });
  }

  /** `recordActions` for several campaigns of the workspace in one bulk write. */
  async recordActionsOfCampaigns(
    workspaceId: WorkspaceId,
    increments: ReadonlyMap<string, Partial<Record<CounterFigure, number>>>,
  ): Promise<void> {
    const updates = [...increments].flatMap(([campaignId, figures]) => {
      const inc = counterIncs(figures);
      return Object.keys(inc).length === 0 ? [] : [{ filter: { _id: campaignId }, update: { $inc: inc } }];
    });
    await this.campaigns.bulkUpdate(workspaceId, updates);
  }

  /**
   * The leads per sender, counted from the leads once (campaigns stored before the counters) and
   * kept from then on. One aggregation over the campaign's leads, the first time only.
   */
  async countSenders(workspaceId: WorkspaceId, campaignId: string): Promise<Record<string, number>> {
    const rows = await this.leads.aggregate<{ _id: string | null; count: number }>(workspaceId, [
      { $match: { campaignId } },
      { $group: { _id: '$accountId', count: { $sum: 1 } } },
    ]);
    const senders = Object.fromEntries(
      rows.flatMap((row) => (row._id === null ? [] : [[row._id, row.count]])),
    );
    await this.apply(workspaceId, campaignId, {
      $set: { 'counters.senders': senders, 'counters.sendersCounted': true },
    });
    return senders;
  }

  /**
   * The drift check: recounts every figure from the leads and actions, reports what differed
   * from the stored counters (nothing, when every writer kept them) and stores the exact values.
   * Increments racing with the recount can still leave a counter off by those few; the next
   * check reports and fixes them.
   */
  async recount(workspaceId: WorkspaceId, campaignId: string): Promise<CounterDrift> {
    const [campaign, summaries] = await Promise.all([
      this.campaigns.findOne(workspaceId, { _id: campaignId }),
      this.stats.summaries(workspaceId, [campaignId]),
    ]);
    const stored = toCampaignCounters(campaign?.counters);
    const actual = summaries.get(campaignId) as CampaignSummary;
    const senders = await this.countSenders(workspaceId, campaignId);
    const differences: CounterDrift['differences'] = [];
    const compare = (counter: string, storedValue: number, actualValue: number) => {
      if (storedValue !== actualValue)
        differences.push({ counter, stored: storedValue, actual: actualValue });
    };
    for (const [status, count] of Object.entries(actual.leadCounts))
      compare(`leads.${status}`, stored?.leads[status as LeadStatus] ?? 0, count);
    for (const figure of COUNTER_FIGURES) compare(figure, stored?.[figure] ?? 0, actual[figure]);
    const accounts = new Set([...Object.keys(stored?.senders ?? {}), ...Object.keys(senders)]);
    for (const account of accounts)
      compare(`senders.${account}`, stored?.senders[account] ?? 0, senders[account] ?? 0);
    const set: Record<string, unknown> = {
      'counters.leads': actual.leadCounts,
      'counters.checkedAt': this.clock(),
    };
    for (const figure of COUNTER_FIGURES) set[`counters.${figure}`] = actual[figure];
    await this.apply(workspaceId, campaignId, { $set: set });
    return { campaignId, differences };
  }

  /**
   * Puts the campaign first in line for the drift check (`checkOldestAcrossWorkspaces`): a writer
   * may have died between its writes (a runner whose lease was taken over).
   */
  async checkSoon(workspaceId: WorkspaceId, campaignId: string): Promise<void> {
    await this.apply(workspaceId, campaignId, { $unset: { countersCheckedAt: 1 } });
  }

  /** From now on readers trust the figures (every writer keeps them): set once, after a recount. */
  async markMaintained(workspaceId: WorkspaceId, campaignId: string): Promise<void> {
    await this.apply(workspaceId, campaignId, { $set: { 'counters.maintained': true } });
  }

  /**
   * The periodic drift check (unscoped: every workspace's campaigns, `limit` at a time, those
   * checked longest ago first): see campaign-counters-check.ts.
   */
  checkOldestAcrossWorkspaces(options: { limit: number }): Promise<CounterCheck[]> {
    return checkOldestAcrossWorkspaces(this.campaigns, this, this.derived, { ...options, now: this.clock() });
  }

  /**
   * Rebuilds everything kept from a campaign's leads and actions (the per-lead marks, the
   * counters, the daily roll-ups) and marks it maintained: for records written around the data
   * layer, such as a bulk load. Costs aggregations over the campaign's leads and actions.
   */
  rebuild(workspaceId: WorkspaceId, campaignId: string): Promise<CounterDrift & { rollupDays: string[] }> {
    return checkCampaign(this, this.derived, workspaceId, campaignId, { rebuild: true });
  }

  private async apply(workspaceId: WorkspaceId, campaignId: string, update: UpdateQuery<CampaignRecord>) {
    await this.campaigns.updateOne(workspaceId, { _id: campaignId }, update);
  }
}

/** The counters' `$inc` for action figures (those that moved). */
function counterIncs(figures: Partial<Record<CounterFigure, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(figures).flatMap(([figure, by]) => (by ? [[`counters.${figure}`, by]] : [])),
  );
}
