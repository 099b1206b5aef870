import { randomBytes } from 'node:crypto';
import type { Model, mongo, UpdateQuery } from 'mongoose';
import type { WorkspaceId } from '../common/public-ids.js';
import type { DeliveryAttemptInput } from './delivery.entity.js';
import type { DeliveryRecord } from './delivery.schema.js';
import { settlementUpdate, type DeliveryOutcome } from './delivery-updates.js';

/** One claimed delivery's end: an attempt settled with its outcome, or the claim handed back. */
export interface DeliverySettlement {
  workspaceId: WorkspaceId;
  id: string;
  owner: string;
  /** The token of the claim that leased the delivery (`claimDueBatchAcrossWorkspaces`). */
  leaseToken: string;
  /** Null when nothing was sent (the subscription or the event is gone), or when released. */
  attempt: DeliveryAttemptInput | null;
  /**
   * `released`: the claim is handed back untouched (shutdown), due at `nextAttemptAt`, not counted
   * in `attempts`, nothing logged.
   */
  outcome: DeliveryOutcome | { status: 'released'; nextAttemptAt: Date };
}

/**
 * Writes many settlements in one `bulkWrite`, each update conditional on its claim's owner and
 * lease token, so a dispatcher whose lease was taken over writes nothing for that delivery. Each
 * update also replaces the claim's token by a token of this write, which is how a lost lease is
 * told apart: when fewer updates matched than were sent, one read of those deliveries shows which
 * carry this write's token (written) and which do not (another claimer has them, or the claim was
 * settled already). Returns, per settlement, whether it was written.
 */
export async function settleBatch(
  model: Model<DeliveryRecord>,
  settlements: readonly DeliverySettlement[],
  now: Date,
): Promise<boolean[]> {
  if (settlements.length === 0) return [];
  const writeToken = randomBytes(12).toString('hex');
  const operations = settlements.map((settlement) => ({
    updateOne: {
      filter: {
        _id: settlement.id,
        workspaceId: settlement.workspaceId,
        leaseOwner: settlement.owner,
        leaseToken: settlement.leaseToken,
        status: 'pending',
      },
      update: withToken(
        settlement.outcome.status === 'released'
          ? {
              $set: {
                leaseOwner: null,
                leaseUntil: null,
                nextAttemptAt: settlement.outcome.nextAttemptAt,
                updatedAt: now,
              },
              $inc: { attempts: -1 },
            }
          : settlementUpdate({ attempt: settlement.attempt, outcome: settlement.outcome }, now),
        writeToken,
      ),
    },
  }));
  // Through the driver, past mongoose's casting: these updates are built here from typed input in
  // the stored shape (the log entry with every field), and casting them was a tenth of the
  // dispatcher's CPU per delivery.
  const result = await model.collection.bulkWrite(operations as unknown as mongo.AnyBulkWriteOperation[], {
    ordered: false,
  });
  if (result.matchedCount === settlements.length) return settlements.map(() => true);
  const records = await model
    .find({ _id: { $in: settlements.map((s) => s.id) } }, { _id: 1, workspaceId: 1, leaseToken: 1 })
    .lean<Array<Pick<DeliveryRecord, '_id' | 'workspaceId' | 'leaseToken'>>>()
    .exec();
  const byId = new Map(records.map((record) => [record._id, record]));
  return settlements.map((settlement) => {
    const record = byId.get(settlement.id);
    return record?.workspaceId === settlement.workspaceId && record.leaseToken === writeToken;
  });
}

function withToken(update: UpdateQuery<DeliveryRecord>, leaseToken: string): UpdateQuery<DeliveryRecord> {
  return { ...update, $set: { ...update.$set, leaseToken } };
}
