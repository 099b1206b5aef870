import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import type { CounterFigure } from '../campaign/campaign-counters.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { asWorkspaceId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { MessageRepository } from '../conversation/message.repository.js';
import type { DailyRollupRepository } from '../daily-rollup/daily-rollup.repository.js';
import type { ActionRecord } from './action.schema.js';
import type { LeadActionMarks } from './lead-action-marks.js';
import type { LeadRecord } from '../lead/lead.schema.js';
import { moveActionsLoggedWithOutcomes } from './outcome-actions.js';

/**
 * The follower of `ActionRepository.recordLater`: writes what logged actions change beyond their
 * own records (their leads' marks, the campaign counters, the daily roll-ups, a sent message's
 * place in its lead's conversation) for many actions at once.
 */
export class ActionFollower {
  constructor(
    private readonly records: ScopedModel<ActionRecord>,
    private readonly marks: LeadActionMarks,
    private readonly counters: CampaignCountersRepository,
    private readonly rollups: DailyRollupRepository,
    private readonly messages: MessageRepository,
    private readonly leads: ScopedModel<LeadRecord>,
  ) {}

  /**
   * Unscoped by nature (one runner serves every workspace): moves the actions logged with leads'
   * step outcomes into the log (a read, and two writes when there are any), then leases
   * up to `limit` actions whose derived records are pending (two round trips, three when another
   * follower took some of them meanwhile), writes those records per workspace in at most four
   * bulk writes (the leads' marks read and written, the counters, the roll-ups), then clears the
   * actions in one `updateMany`. Returns how many actions it derived.
   *
   * A follower that dies between its writes and the clearing leaves the actions leased: once the
   * lease runs out they are derived again, which counts them twice in the counters and roll-ups
   * (their marks move nothing the second time); the drift check reports and mends it, as it does
   * an action whose inline writes were cut short.
   */
  async deriveBatchAcrossWorkspaces(lease: LeaseRequest, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    // The actions logged with their leads' step outcomes join the log first (outcome-actions.ts).
    await moveActionsLoggedWithOutcomes(this.leads, this.records);
    const free = { derivePending: true as const, deriveUntil: leaseFree(lease.now) };
    const candidates = await this.records.acrossWorkspaces
      .find(free)
      .limit(limit)
      .lean<ActionRecord[]>()
      .exec();
    if (candidates.length === 0) return 0;
    const deriveUntil = leaseEnd(lease);
    const ids = candidates.map((candidate) => candidate._id);
    const { matchedCount } = await this.records.acrossWorkspaces
      .updateMany({ ...free, _id: { $in: ids } }, { $set: { deriveOwner: lease.owner, deriveUntil } })
      .exec();
    let held = candidates;
    if (matchedCount < candidates.length) {
      const mine = await this.records.acrossWorkspaces
        .find({ _id: { $in: ids }, deriveOwner: lease.owner, deriveUntil }, { _id: 1 })
        .lean<Array<{ _id: string }>>()
        .exec();
      const mineIds = new Set(mine.map((record) => record._id));
      held = candidates.filter((candidate) => mineIds.has(candidate._id));
    }
    const byWorkspace = new Map<string, ActionRecord[]>();
    for (const action of held)
      byWorkspace.set(action.workspaceId, [...(byWorkspace.get(action.workspaceId) ?? []), action]);
    for (const [workspaceId, actions] of byWorkspace) await this.derive(asWorkspaceId(workspaceId), actions);
    await this.records.acrossWorkspaces
      .updateMany(
        { _id: { $in: held.map((action) => action._id) }, deriveOwner: lease.owner },
        { $unset: { derivePending: 1, deriveOwner: 1, deriveUntil: 1, sentMessage: 1 } },
      )
      .exec();
    return held.length;
  }

  /** Writes the derived records of new actions of one workspace (see `record`), in bulk. */
  private async derive(workspaceId: WorkspaceId, actions: readonly ActionRecord[]): Promise<void> {
    const changes = await this.marks.recordActions(workspaceId, actions);
    const figures = new Map<string, Partial<Record<CounterFigure, number>>>();
    actions.forEach((action, index) => {
      const sum = figures.get(action.campaignId) ?? {};
      for (const [figure, by] of Object.entries(changes[index]?.figures ?? {}) as Array<
        [CounterFigure, number]
      >)
        sum[figure] = (sum[figure] ?? 0) + by;
      figures.set(action.campaignId, sum);
    });
    await this.counters.recordActionsOfCampaigns(workspaceId, figures);
    await this.rollups.recordActions(
      workspaceId,
      actions.map((action, index) => ({ action, firsts: changes[index]?.firsts ?? new Map() })),
    );
    await this.messages.recordSentForLeads(
      workspaceId,
      actions.flatMap(({ campaignId, leadId, accountId, occurredAt, sentMessage }) =>
        sentMessage === undefined || accountId === null
          ? []
          : [
              {
                owner: { campaignId, leadId, accountId },
                message: {
                  sender: 'account' as const,
                  content: sentMessage.content,
                  externalId: sentMessage.externalId,
                  sentAt: occurredAt,
                },
              },
            ],
      ),
    );
  }
}
