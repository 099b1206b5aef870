import { CAMPAIGN_STATUSES, type CampaignStatus } from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { NotFoundError, StatusConflictError, VersionConflictError } from '../common/db-errors.js';
import type { KeysetOrder } from '../common/keyset.js';
import { containsPattern, pageBounds, type Page } from '../common/page.js';
import { isId, newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { newCampaignCounters } from './campaign-counters.js';
import {
  mergedSettings,
  patchPaths,
  toStepRecord,
  type CampaignListQuery,
  type CampaignPatch,
  type NewCampaign,
  type StepInput,
} from './campaign-input.js';
import { defaultCoreVariables } from './campaign.defaults.js';
import { ROLLUPS_VERSION } from '../daily-rollup/daily-rollup.schema.js';
import { toCampaign, type Campaign } from './campaign.entity.js';
import type { CampaignRecord } from './campaign.schema.js';

/** Newest first, `_id` breaking ties. */
const CAMPAIGN_ORDER: KeysetOrder = {
  list: 'campaigns',
  keys: [
    ['createdAt', -1],
    ['_id', -1],
  ],
};

export class CampaignRepository {
  constructor(
    private readonly records: ScopedModel<CampaignRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * With `id` (reserved by an Idempotency-Key's claim), a campaign already stored under it is
   * returned as it is instead of a second one: a retry of a request that died mid-way.
   */
  async create(
    workspaceId: WorkspaceId,
    input: NewCampaign,
    options: { id?: string } = {},
  ): Promise<Campaign> {
    const now = this.clock();
    const { record } = await this.records.insertOnce(workspaceId, {
      _id: options.id ?? newId('campaign'),
      name: input.name,
      status: 'draft',
      settings: mergedSettings(input.settings),
      coreVariables: { ...defaultCoreVariables(), ...input.coreVariables },
      customVariables: { ...input.customVariables },
      networkAccounts: [...new Set(input.networkAccounts ?? [])],
      steps: [],
      rotationCounters: {},
      version: 0,
      activation: 0,
      // A new campaign has no leads or actions: its counters start exact, and every writer keeps them.
      counters: newCampaignCounters(),
      countersCheckedAt: now,
      rollupsVersion: ROLLUPS_VERSION,
      createdAt: now,
      updatedAt: now,
    });
    return toCampaign(record);
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<Campaign | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toCampaign(record) : null;
  }

  async list(workspaceId: WorkspaceId, query: CampaignListQuery = {}): Promise<Page<Campaign>> {
    const filter: QueryFilter<CampaignRecord> = {};
    if (query.status !== undefined) filter.status = query.status;
    if (query.search) filter.name = containsPattern(query.search);
    const { skip, limit } = pageBounds(query);
    const [total, page] = await Promise.all([
      this.records.count(workspaceId, filter),
      this.records.page(workspaceId, filter, { order: CAMPAIGN_ORDER, after: query.after, skip, limit }),
    ]);
    return { total, items: page.records.map(toCampaign), nextCursor: page.nextCursor };
  }

  async update(workspaceId: WorkspaceId, id: string, patch: CampaignPatch): Promise<Campaign> {
    return this.apply(workspaceId, id, { $set: { ...patchPaths(patch), updatedAt: this.clock() } });
  }

  /**
   * Moves the campaign to `to` only if its status is one of `from`, in one conditional update
   * (two concurrent starts cannot both succeed). Starting counts a new activation, and keeps the
   * starting request's `traceparent` when one is given (traced runs), so the runner's work links to it.
   * Throws NotFoundError, or StatusConflictError carrying the status found.
   */
  async transitionStatus(
    workspaceId: WorkspaceId,
    id: string,
    transition: { from: readonly CampaignStatus[]; to: CampaignStatus; traceparent?: string | null },
  ): Promise<Campaign> {
    // One update that always matches the campaign and changes it only when its status allows:
    // the status it answers with ("before") is the one the transition was judged on, so a loser
    // is told the status that refused it, never one read a moment later.
    const now = this.clock();
    const allowed = { $in: ['$status', [...transition.from]] };
    const when = (value: unknown, otherwise: string) => ({ $cond: [allowed, value, otherwise] });
    const set: Record<string, unknown> = {
      status: when(transition.to, '$status'),
      updatedAt: when(now, '$updatedAt'),
    };
    if (transition.to === 'active') set['activation'] = when({ $add: ['$activation', 1] }, '$activation');
    // A traceparent is hex digits and dashes, never a `$` expression, so it is set as it is.
    if (transition.to === 'active' && transition.traceparent)
      set['startTraceparent'] = when(transition.traceparent, '$startTraceparent');
    const before = await this.records.findOneAndUpdate(workspaceId, { _id: id }, [{ $set: set }], {
      returnDocument: 'before',
    });
    if (!before) throw new NotFoundError('campaign', [id]);
    if (!transition.from.includes(before.status)) {
      throw new StatusConflictError('campaign', id, before.status, transition.from);
    }
    const activation = before.activation + (transition.to === 'active' ? 1 : 0);
    const startTraceparent =
      transition.to === 'active' && transition.traceparent
        ? transition.traceparent
        : (before.startTraceparent ?? null);
    return toCampaign({ ...before, status: transition.to, updatedAt: now, activation, startTraceparent });
  }

  /**
   * active -> completed, only if the campaign is still in the activation and leads generation the
   * caller judged it on (the runner, having found no lead left to run): leads given meanwhile (an
   * import, a lead set back to waiting, a reopened step) bump the generation and keep it active.
   * False when it was not completed (another status, or a change since the judgement).
   */
  async completeIfUnchanged(
    workspaceId: WorkspaceId,
    id: string,
    judgedOn: { activation: number; leadsGeneration: number },
  ): Promise<boolean> {
    // A campaign stored before the generation was counted has none: that is generation 0.
    const leadsGeneration = judgedOn.leadsGeneration === 0 ? { $in: [0, null] } : judgedOn.leadsGeneration;
    const result = await this.records.updateOne(
      workspaceId,
      { _id: id, status: 'active', activation: judgedOn.activation, leadsGeneration },
      { $set: { status: 'completed', updatedAt: this.clock() } },
    );
    return result.modified === 1;
  }

  /** Assigns sender accounts (set semantics: assigning one twice keeps one). */
  async addSenders(workspaceId: WorkspaceId, id: string, accountIds: readonly string[]): Promise<Campaign> {
    return this.apply(workspaceId, id, {
      $addToSet: { networkAccounts: { $each: [...accountIds] } },
      $set: { updatedAt: this.clock() },
    });
  }

  /**
   * Stores a new sequence computed from the campaign as read at `expectedVersion`. The update is
   * conditional on that version and bumps it, so of two edits based on the same read, one
   * stores and the other gets a VersionConflictError (and can re-read and retry): neither edit
   * can silently overwrite the other.
   */
  async replaceSequence(
    workspaceId: WorkspaceId,
    id: string,
    edit: { expectedVersion: number; steps: readonly StepInput[] },
  ): Promise<Campaign> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, version: edit.expectedVersion },
      { $set: { steps: edit.steps.map(toStepRecord), updatedAt: this.clock() }, $inc: { version: 1 } },
    );
    if (record) return toCampaign(record);
    const current = await this.get(workspaceId, id);
    if (!current) throw new NotFoundError('campaign', [id]);
    throw new VersionConflictError(id, edit.expectedVersion, current.version);
  }

  /**
   * The next round-robin position of one pool of the step's variants (`pool`: the candidates' ids
   * joined by `+`, as `rotationPoolKey` names them; the step's whole traffic when omitted). An
   * atomic `$inc` returning the value before it, so concurrent picks get distinct, consecutive
   * positions and every pool splits evenly whatever the traffic of the others. The step's own
   * counter (its `rotationCounter`, every pick of the step) moves with it.
   */
  async nextRotation(workspaceId: WorkspaceId, id: string, stepId: string, pool?: string): Promise<number> {
    const turn = await this.takeTurn(workspaceId, { _id: id, 'steps._id': stepId }, stepId, pool);
    if (turn === null) throw new NotFoundError('step', [stepId]);
    return turn;
  }

  /**
   * `nextRotation` taken only while the campaign is active with the step at `stepIndex` of its
   * sequence (what a runner confirms right before acting): null, and no turn taken, otherwise.
   * The same single write confirms the campaign and takes the turn.
   */
  async nextRotationIfRunning(
    workspaceId: WorkspaceId,
    id: string,
    step: { id: string; index: number },
    pool?: string,
  ): Promise<number | null> {
    if (!Number.isInteger(step.index) || step.index < 0) return null;
    return this.takeTurn(
      workspaceId,
      { _id: id, status: 'active', [`steps.${step.index}._id`]: step.id },
      step.id,
      pool,
    );
  }

  private async takeTurn(
    workspaceId: WorkspaceId,
    filter: QueryFilter<CampaignRecord>,
    stepId: string,
    pool: string | undefined,
  ): Promise<number | null> {
    if (!isId('step', stepId)) throw new NotFoundError('step', [stepId]);
    if (pool !== undefined && !pool.split('+').every((variantId) => isId('variant', variantId)))
      throw new NotFoundError('variant', [pool]);
    const poolPath = pool === undefined ? null : `rotationPools.${stepId}:${pool}`;
    const record = await this.records.findOneAndUpdate(workspaceId, filter, {
      $inc: { [`rotationCounters.${stepId}`]: 1, ...(poolPath === null ? {} : { [poolPath]: 1 }) },
    });
    if (!record) return null;
    const after =
      pool === undefined ? record.rotationCounters[stepId] : record.rotationPools?.[`${stepId}:${pool}`];
    return (after ?? 1) - 1;
  }

  /**
   * Counts that the campaign was given waiting leads (added, set back to waiting, reopened): the
   * next time it has none waiting is a new transition. Called after the leads were written, so a
   * runner that saw them run out before the count moved fires again once it has moved.
   */
  async countWaitingLeadsGiven(workspaceId: WorkspaceId, id: string): Promise<void> {
    await this.records.updateOne(workspaceId, { _id: id }, { $inc: { leadsGeneration: 1 } });
  }

  async countByStatus(workspaceId: WorkspaceId): Promise<Record<CampaignStatus, number>> {
    const rows = await this.records.aggregate<{ _id: CampaignStatus; count: number }>(workspaceId, [
      { $group: { _id: '$status', count: { $sum: 1 } } },
    ]);
    const counts = Object.fromEntries(CAMPAIGN_STATUSES.map((status) => [status, 0])) as Record<
      CampaignStatus,
      number
    >;
    for (const row of rows) counts[row._id] = row.count;
    return counts;
  }

  async listIdsByStatus(workspaceId: WorkspaceId, statuses: readonly CampaignStatus[]): Promise<string[]> {
    const records = await this.records.find(workspaceId, { status: { $in: [...statuses] } });
    return records.map((record) => record._id);
  }

  /**
   * The runner's view, unscoped by nature: active campaigns of every workspace, in `_id` order,
   * `limit` at a time after `afterId`. Each carries its workspaceId for the scoped calls that follow.
   */
  async listActiveAcrossWorkspaces(page: { afterId?: string; limit?: number } = {}): Promise<Campaign[]> {
    const filter: QueryFilter<CampaignRecord> = { status: 'active' };
    if (page.afterId !== undefined) filter._id = { $gt: page.afterId };
    const records = await this.records.acrossWorkspaces
      .find(filter)
      .sort({ _id: 1 })
      .limit(page.limit ?? 100)
      .lean<CampaignRecord[]>()
      .exec();
    return records.map(toCampaign);
  }

  private async apply(
    workspaceId: WorkspaceId,
    id: string,
    update: UpdateQuery<CampaignRecord>,
  ): Promise<Campaign> {
    const record = await this.records.findOneAndUpdate(workspaceId, { _id: id }, update);
    if (!record) throw new NotFoundError('campaign', [id]);
    return toCampaign(record);
  }
}
