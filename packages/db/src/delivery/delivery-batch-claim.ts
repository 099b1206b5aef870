import { randomBytes } from 'node:crypto';
import type { Model, mongo } from 'mongoose';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { toDelivery, type Delivery } from './delivery.entity.js';
import type { DeliveryRecord } from './delivery.schema.js';

export interface DeliveryBatchClaimOptions {
  /** Deliveries to claim at most: the room the claimer has left. */
  limit: number;
  /** Deliveries of one subscription the claimer may hold at once (no limit when left out). */
  perSubscriptionLimit?: number;
  /** What the claimer holds already, per subscription id; counted against `perSubscriptionLimit`. */
  heldBySubscription?: ReadonlyMap<string, number>;
}

export interface ClaimedDeliveries {
  /** Names this claim; the settlement of each delivery must present it. */
  leaseToken: string;
  /** In due order. */
  deliveries: Delivery[];
}

/** The model's collection as the driver sees it, typed with the stored records. */
function recordsOf(model: Model<DeliveryRecord>): mongo.Collection<DeliveryRecord> {
  return model.collection as unknown as mongo.Collection<DeliveryRecord>;
}

/** Claims tried again when other claimers took every candidate one found, before giving up. */
const CONTESTED_ROUNDS = 3;

/**
 * Claims up to `limit` due deliveries in two round trips whatever their number: reads the most
 * overdue candidates (free lease, subscription not at its limit), keeps those within the limits,
 * then leases them with one `updateMany` that sets a fresh lease token (and counts the claim in
 * `attempts`) only where the lease is still free and `attempts` is still what was read. Two
 * claimers racing for a candidate cannot both match its update, so none is claimed twice, and
 * since only chosen candidates are updated, no claimer ever holds more than its limits.
 *
 * `attempts` changes with every claim (and a hand-back only undoes its own claim), so a candidate
 * whose `attempts` is unchanged has had no attempt logged since it was read: the document read is
 * the one claimed, and no read-back is needed. Only when fewer candidates matched than were sent
 * (another claimer took some) is one more read made, of those carrying the token. Candidates with
 * different `attempts` take one update per value (in practice one: fresh deliveries, or retries).
 */
export async function claimDueBatch(
  model: Model<DeliveryRecord>,
  lease: LeaseRequest,
  options: DeliveryBatchClaimOptions,
  updatedAt: Date,
): Promise<ClaimedDeliveries> {
  const leaseToken = randomBytes(12).toString('hex');
  const records = recordsOf(model);
  const due: mongo.Filter<DeliveryRecord> = {
    nextAttemptAt: { $lte: lease.now },
    leaseUntil: leaseFree(lease.now),
  };
  const perSubscription = options.perSubscriptionLimit ?? Number.POSITIVE_INFINITY;
  const held = options.heldBySubscription ?? new Map<string, number>();
  const saturated = [...held].filter(([, count]) => count >= perSubscription).map(([id]) => id);
  const candidateFilter = saturated.length > 0 ? { ...due, subscriptionId: { $nin: saturated } } : due;
  const leased = { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease), leaseToken, updatedAt };
  for (let round = 1; options.limit > 0; round += 1) {
    // The read and the lease go through the driver, past mongoose's query set-up and casting: the
    // filters and updates are built here in the stored shape, and mongoose's work on them was a
    // tenth of the dispatcher's own CPU per claimed delivery.
    const found: DeliveryRecord[] = await records
      .find(candidateFilter, { sort: { nextAttemptAt: 1 }, limit: options.limit })
      .toArray();
    const chosen = new Set(withinLimits(found, options.limit, perSubscription, held));
    const candidates = found.filter((record) => chosen.has(record._id));
    if (candidates.length === 0) break;
    const claimed: DeliveryRecord[] = [];
    for (const group of byAttempts(candidates)) {
      const ids = group.map((record) => record._id);
      const { matchedCount } = await records.updateMany(
        { ...due, _id: { $in: ids }, attempts: group[0]?.attempts ?? 0 },
        { $set: leased, $inc: { attempts: 1 } },
      );
      if (matchedCount === group.length) {
        claimed.push(...group.map((record) => ({ ...record, ...leased, attempts: record.attempts + 1 })));
      } else if (matchedCount > 0) {
        const held = await model
          .find({ _id: { $in: ids }, leaseToken })
          .lean<DeliveryRecord[]>()
          .exec();
        claimed.push(...held);
      }
    }
    if (claimed.length > 0) {
      const order = new Map(candidates.map((record, index) => [record._id, index]));
      claimed.sort((a, b) => (order.get(a._id) ?? 0) - (order.get(b._id) ?? 0));
      return { leaseToken, deliveries: claimed.map(toDelivery) };
    }
    if (round >= CONTESTED_ROUNDS) break;
  }
  return { leaseToken, deliveries: [] };
}

/** The candidates grouped by their `attempts`, each group in the candidates' order. */
function byAttempts(candidates: readonly DeliveryRecord[]): DeliveryRecord[][] {
  const groups = new Map<number, DeliveryRecord[]>();
  for (const record of candidates) {
    const attempts = record.attempts ?? 0;
    groups.set(attempts, [...(groups.get(attempts) ?? []), record]);
  }
  return [...groups.values()];
}

/** The candidates, in order, that fit in `limit` and in each subscription's room. */
export function withinLimits(
  candidates: ReadonlyArray<{ _id: string; subscriptionId: string }>,
  limit: number,
  perSubscription: number,
  held: ReadonlyMap<string, number>,
): string[] {
  const taken = new Map<string, number>();
  const chosen: string[] = [];
  for (const { _id, subscriptionId } of candidates) {
    if (chosen.length >= limit) break;
    const count = (held.get(subscriptionId) ?? 0) + (taken.get(subscriptionId) ?? 0);
    if (count >= perSubscription) continue;
    taken.set(subscriptionId, (taken.get(subscriptionId) ?? 0) + 1);
    chosen.push(_id);
  }
  return chosen;
}
