import { asWorkspaceId, connectDb, type ConnectDbOptions, type Db } from '@outreach/db';
import type { Clock } from '@outreach/network';
import { DbDispatchStore } from '../adapters/db-dispatch-store.adapter.js';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import type { DispatchStore } from '../ports/dispatch-store.port.js';
import type { DeliveryView, DispatchHarness, SubscriptionSeed } from './dispatch-harness.js';

/** The harness over MongoDB, with the data layer it uses (the benchmark watches its commands). */
export interface DbDispatchHarness extends DispatchHarness {
  readonly db: Db;
}

/**
 * The harness over MongoDB through `@outreach/db`, on the database `uri` names (tests give each
 * harness a fresh one). The data layer stamps records with its clock, so seeding a subscription
 * "created at" a given time briefly sets that clock to it.
 */
export async function dbHarness(
  uri: string,
  clock: Clock,
  {
    driverOptions,
    store = (db) => new DbDispatchStore(db),
  }: Pick<ConnectDbOptions, 'driverOptions'> & {
    /** The store over the connection (the benchmark's is the built one). */
    store?: (db: Db) => DispatchStore;
  } = {},
): Promise<DbDispatchHarness> {
  let pinned: Date | null = null;
  const db = await connectDb(uri, {
    ...(driverOptions ? { driverOptions } : {}),
    clock: () => pinned ?? clock(),
  });
  const published: { workspaceId: string; id: string }[] = [];
  return {
    db,
    store: store(db),
    async subscribe(seed: SubscriptionSeed) {
      pinned = seed.createdAt;
      try {
        const { subscription } = await db.webhookSubscriptions.subscribe(
          asWorkspaceId(seed.workspaceId),
          seed,
        );
        return { id: subscription.id, secret: subscription.secret };
      } finally {
        pinned = null;
      }
    },
    async publish(event: OutboxEvent) {
      const workspaceId = asWorkspaceId(event.workspaceId);
      const { event: stored } = await db.events.insert(workspaceId, {
        type: event.type,
        transitionKey: event.id,
        data: event.data,
        timestamp: event.occurredAt,
      });
      published.push({ workspaceId, id: stored.id });
      return {
        id: stored.id,
        type: stored.type,
        workspaceId,
        occurredAt: stored.timestamp,
        data: stored.data,
      };
    },
    async deliveries() {
      const views: DeliveryView[] = [];
      for (const { workspaceId, id } of published) {
        for (const d of await db.deliveries.listForEvent(asWorkspaceId(workspaceId), id)) {
          views.push({
            id: d.id,
            eventId: d.eventId,
            subscriptionId: d.subscriptionId,
            status: d.status,
            attempts: d.attempts,
            nextAttemptAt: d.nextAttemptAt,
            leaseOwner: d.leaseOwner,
            failureReason: d.failureReason,
            attemptLog: d.log.map((entry) => ({
              attempt: entry.attempt,
              startedAt: entry.at,
              durationMs: entry.durationMs,
              statusCode: entry.statusCode,
              responseBody: entry.responseBody,
              error: entry.error,
            })),
          });
        }
      }
      return views;
    },
    async hasSubscription(workspaceId, subscriptionId) {
      return (await db.webhookSubscriptions.get(asWorkspaceId(workspaceId), subscriptionId)) !== null;
    },
    close: () => db.close(),
  };
}
