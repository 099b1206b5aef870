import { randomBytes } from 'node:crypto';
import { mongo, type Model, type UpdateQuery } from 'mongoose';
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
  const statements = settlements.map((settlement) => ({
    q: {
      _id: settlement.id,
      workspaceId: settlement.workspaceId,
      leaseOwner: settlement.owner,
      leaseToken: settlement.leaseToken,
      status: 'pending',
    },
    u: withToken(
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
  }));
  const matched = await updateEach(model, statements);
  if (matched === settlements.length) return settlements.map(() => true);
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

/** Statements per `update` command at most: each is a few hundred bytes, a log entry at most 1 KB. */
const STATEMENTS_PER_COMMAND = 1_000;

/**
 * Runs single-document updates in unordered `update` commands and returns how many matched. They go
 * through the driver's command path, past mongoose's casting (the updates are built here from
 * typed input in the stored shape, and casting them was a tenth of the dispatcher's CPU per
 * delivery) and past the driver's bulk API, which encodes every statement twice (once to size its
 * batches). A command that fails on the network or with a retryable error is sent once more, as
 * the driver's retryable writes would: each statement matches only the claim's token and replaces
 * it, so a statement that was applied the first time matches nothing the second, and the caller's
 * read of the tokens tells it was written.
 */
async function updateEach(
  model: Model<DeliveryRecord>,
  statements: ReadonlyArray<{ q: mongo.Document; u: mongo.Document }>,
): Promise<number> {
  const database = model.db.db;
  if (database === undefined) throw new Error('the database connection is not open');
  const writeConcern = database.writeConcern;
  let matched = 0;
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_COMMAND) {
    const command = {
      update: model.collection.collectionName,
      updates: statements.slice(start, start + STATEMENTS_PER_COMMAND),
      ordered: false,
      ...(writeConcern === undefined ? {} : { writeConcern: writeConcernDocument(writeConcern) }),
    };
    const reply = await database.command(command).catch((err: unknown) => {
      if (retryable(err)) return database.command(command);
      throw err;
    });
    const writeErrors = reply['writeErrors'] as mongo.Document[] | undefined;
    if (writeErrors !== undefined && writeErrors.length > 0) {
      const first = writeErrors[0] as { code?: number; errmsg?: string };
      throw new mongo.MongoServerError({ ...first, message: first.errmsg ?? 'write error', writeErrors });
    }
    if (reply['writeConcernError'] !== undefined) {
      throw new mongo.MongoServerError(reply['writeConcernError'] as mongo.Document);
    }
    matched += Number(reply['n'] ?? 0);
  }
  return matched;
}

function retryable(err: unknown): boolean {
  return (
    err instanceof mongo.MongoNetworkError ||
    (err instanceof mongo.MongoError && err.hasErrorLabel('RetryableWriteError'))
  );
}

/** The connection's write concern as an `update` command carries it. */
function writeConcernDocument(writeConcern: mongo.WriteConcern): mongo.Document {
  return {
    ...(writeConcern.w === undefined ? {} : { w: writeConcern.w }),
    ...(writeConcern.journal === undefined ? {} : { j: writeConcern.journal }),
    ...(writeConcern.wtimeoutMS === undefined ? {} : { wtimeout: writeConcern.wtimeoutMS }),
  };
}

function withToken(update: UpdateQuery<DeliveryRecord>, leaseToken: string): UpdateQuery<DeliveryRecord> {
  return { ...update, $set: { ...update.$set, leaseToken } };
}
