import { randomBytes } from 'node:crypto';
import type { EventType } from '@outreach/domain';
import type { mongo } from 'mongoose';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toWebhookSubscription, type WebhookSubscription } from './webhook-subscription.entity.js';
import type { WebhookSubscriptionRecord } from './webhook-subscription.schema.js';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** Creation order, `_id` breaking ties. */
const SUBSCRIPTION_ORDER: KeysetOrder = {
  list: 'subscriptions',
  keys: [
    ['createdAt', 1],
    ['_id', 1],
  ],
};

export class WebhookSubscriptionRepository {
  constructor(
    private readonly records: ScopedModel<WebhookSubscriptionRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Subscribes `url` to `type`, idempotently: an existing (url, type) pair is returned as it is
   * (same id and secret) with `created: false`. One upsert with `$setOnInsert` decides it, so the
   * answer is always what the pair was at that one instant; `created` is whether the record it
   * answered with carries the id this call proposed. Two upserts that both find the pair missing
   * race on the unique index and the loser gets a duplicate key: it upserts again, and this time
   * finds the winner's record, or, if an unsubscribe removed it in between, inserts its own. Every
   * lost round means another request inserted and a third removed the pair, so the loop ends
   * with the requests, and a race with unsubscribing never ends in an error.
   */
  async subscribe(
    workspaceId: WorkspaceId,
    input: { url: string; type: EventType },
  ): Promise<{ subscription: WebhookSubscription; created: boolean }> {
    for (;;) {
      const proposedId = newId('subscription');
      try {
        const record = await this.records.findOneAndUpdate(
          workspaceId,
          { url: input.url, type: input.type },
          {
            $setOnInsert: {
              _id: proposedId,
              secret: newWebhookSecret(),
              createdAt: this.clock(),
            },
          },
          { upsert: true },
        );
        // An upsert answering the document after it always has one.
        if (record === null) throw new Error('subscription upsert answered no record');
        return { subscription: toWebhookSubscription(record), created: record._id === proposedId };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  async list(workspaceId: WorkspaceId): Promise<WebhookSubscription[]> {
    const records = await this.records.find(workspaceId, {}, { sort: { createdAt: 1, _id: 1 } });
    return records.map(toWebhookSubscription);
  }

  /** One page of the workspace's subscriptions in creation order, and how many there are in all. */
  async listPage(workspaceId: WorkspaceId, page: PageRequest = {}): Promise<Page<WebhookSubscription>> {
    const { skip, limit } = pageBounds(page);
    const [total, found] = await Promise.all([
      this.records.count(workspaceId, {}),
      this.records.page(workspaceId, {}, { order: SUBSCRIPTION_ORDER, after: page.after, skip, limit }),
    ]);
    return { total, items: found.records.map(toWebhookSubscription), nextCursor: found.nextCursor };
  }

  /** The subscriptions an event of `type` is delivered to. */
  async listByType(workspaceId: WorkspaceId, type: EventType): Promise<WebhookSubscription[]> {
    const records = await this.records.find(workspaceId, { type }, { sort: { _id: 1 } });
    return records.map(toWebhookSubscription);
  }

  /**
   * The fan-out's read, unscoped by nature: the subscriptions to each (workspace, type) pair asked
   * for, in one read served by the (workspace, type) prefix of the unique index.
   */
  async listByTypesAcrossWorkspaces(
    keys: ReadonlyArray<{ workspaceId: WorkspaceId; type: EventType }>,
  ): Promise<WebhookSubscription[]> {
    if (keys.length === 0) return [];
    const wanted = new Set(keys.map((key) => `${key.workspaceId}|${key.type}`));
    const records = await this.records.acrossWorkspaces
      .find({
        workspaceId: { $in: [...new Set(keys.map((key) => key.workspaceId))] },
        type: { $in: [...new Set(keys.map((key) => key.type))] },
      })
      .sort({ _id: 1 })
      .lean<WebhookSubscriptionRecord[]>()
      .exec();
    return records
      .filter((record) => wanted.has(`${record.workspaceId}|${record.type}`))
      .map(toWebhookSubscription);
  }

  /**
   * The subscriptions named (of any workspace) in one read; an id found under another workspace
   * than the one it is asked for is left out, as if missing.
   */
  async getManyAcrossWorkspaces(
    refs: ReadonlyArray<{ workspaceId: WorkspaceId; id: string }>,
  ): Promise<WebhookSubscription[]> {
    if (refs.length === 0) return [];
    const wanted = new Map(refs.map((ref) => [ref.id, ref.workspaceId]));
    const records = await this.records.acrossWorkspaces
      .find({ _id: { $in: [...wanted.keys()] } })
      .lean<WebhookSubscriptionRecord[]>()
      .exec();
    return records
      .filter((record) => wanted.get(record._id) === record.workspaceId)
      .map(toWebhookSubscription);
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<WebhookSubscription | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toWebhookSubscription(record) : null;
  }

  /** Removes the (url, type) pair; false when there is no such subscription. */
  unsubscribe(workspaceId: WorkspaceId, input: { url: string; type: EventType }): Promise<boolean> {
    return this.records.deleteOne(workspaceId, { url: input.url, type: input.type });
  }

  /**
   * Counts one settled attempt in the subscription's health: a success resets the run of
   * failures, a failure extends it. One single-document update each; attempts settling at the
   * same moment are counted in the order their writes land.
   */
  async recordAttemptOutcome(
    workspaceId: WorkspaceId,
    id: string,
    outcome: { succeeded: boolean; at: Date },
  ): Promise<void> {
    const update = outcome.succeeded
      ? { $set: { lastSuccessAt: outcome.at, consecutiveFailures: 0 } }
      : { $set: { lastFailureAt: outcome.at }, $inc: { consecutiveFailures: 1 } };
    await this.records.updateOne(workspaceId, { _id: id }, update);
  }

  /**
   * `recordAttemptOutcome` for many attempts (of any subscription and workspace) in one
   * `bulkWrite`: per subscription, one update that leaves its health as the attempts would in the
   * order they ended (a success resets the run of failures, later failures extend it).
   */
  async recordAttemptOutcomesAcrossWorkspaces(
    outcomes: ReadonlyArray<{ workspaceId: WorkspaceId; id: string; succeeded: boolean; at: Date }>,
  ): Promise<void> {
    const bySubscription = new Map<string, Array<(typeof outcomes)[number]>>();
    for (const outcome of outcomes) {
      const key = `${outcome.workspaceId}|${outcome.id}`;
      bySubscription.set(key, [...(bySubscription.get(key) ?? []), outcome]);
    }
    const operations = [...bySubscription.values()].map((attempts) => {
      const ordered = [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime());
      const { workspaceId, id } = ordered[0] as (typeof outcomes)[number];
      const lastSuccess = ordered.findLastIndex((attempt) => attempt.succeeded);
      const failures = ordered.filter((attempt) => !attempt.succeeded);
      const lastFailureAt = failures.at(-1)?.at;
      const set: Record<string, unknown> = lastFailureAt ? { lastFailureAt } : {};
      const update =
        lastSuccess >= 0
          ? {
              $set: {
                ...set,
                lastSuccessAt: ordered[lastSuccess]?.at,
                consecutiveFailures: ordered.length - 1 - lastSuccess,
              },
            }
          : { $set: set, $inc: { consecutiveFailures: failures.length } };
      return { updateOne: { filter: { _id: id, workspaceId }, update } };
    });
    if (operations.length === 0) return;
    // Through the driver, past mongoose's casting: dates, counts and ids are in the stored shape (the
    // driver's types know ObjectId ids only).
    const writes = operations as unknown as mongo.AnyBulkWriteOperation[];
    await this.records.acrossWorkspaces.collection.bulkWrite(writes, { ordered: false });
  }

  /** Removes a subscription by id (the receiver answered 410 Gone). */
  remove(workspaceId: WorkspaceId, id: string): Promise<boolean> {
    return this.records.deleteOne(workspaceId, { _id: id });
  }
}
