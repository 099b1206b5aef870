import type { AccountStatus } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import { AlreadyExistsError, NotFoundError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { startWarmUpIfNew } from './sender-account-safety.js';
import { toSenderAccount, type SenderAccount } from './sender-account.entity.js';
import type { SenderAccountRecord } from './sender-account.schema.js';

/*
 * What the network provider says about a sender account: which provider account holds it, and the
 * latest status report. Reports are states applied as "latest wins": each carries the id under
 * which it was stored (`state:<ObjectId hex>`, increasing), the account keeps the id of the last
 * one applied, and an older report arriving late changes nothing.
 */

export interface ProviderStateChange {
  /** The stored report's id; only a report newer than the last applied one changes the account. */
  stateId: string;
  status: AccountStatus;
  /** Why the account is disconnected (kept in `disconnectReason`). */
  reason?: string | null;
  /** The provider account that holds the sender account, when the report links it. */
  providerAccountId?: string;
}

export interface ProviderStateResult {
  account: SenderAccount;
  /** The report was newer than the last one applied, and was applied. */
  applied: boolean;
  /** The account's `status` moved (connected → disconnected or restricted, or back). */
  changed: boolean;
  /** The account as it was before, when the report was applied. */
  before: SenderAccount | null;
}

/**
 * The sender account held by a provider account, whatever its workspace (unscoped by nature). An
 * account registered directly (local runs on the simulator) is known to the provider by its own id.
 */
export async function findByProviderAccountId(
  records: ScopedModel<SenderAccountRecord>,
  providerAccountId: string,
): Promise<SenderAccount | null> {
  const record = await records.acrossWorkspaces
    .findOne({ $or: [{ providerAccountId }, { _id: providerAccountId, providerAccountId: null }] })
    .lean<SenderAccountRecord>()
    .exec();
  return record ? toSenderAccount(record) : null;
}

/**
 * Applies a provider report to the account when it is the newest so far. A move to `connected`
 * starts a new session (`connectedAt`), `authenticated` follows the status. The update is
 * conditional on the status and the last report read, so two reports racing cannot both apply
 * over the same state: the loser reads again and retries while it is still the newest.
 * `beforeTransition` runs when the report is the newest and moves the status, before the update.
 */
export async function applyProviderState(
  records: ScopedModel<SenderAccountRecord>,
  workspaceId: WorkspaceId,
  accountId: string,
  change: ProviderStateChange,
  now: Date,
  beforeTransition?: (current: SenderAccount) => Promise<void>,
): Promise<ProviderStateResult> {
  for (;;) {
    const current = await records.findOne(workspaceId, { _id: accountId });
    if (!current) throw new NotFoundError('sender account', [accountId]);
    const before = toSenderAccount(current);
    const last = current.providerStateId ?? null;
    if (last !== null && last >= change.stateId) {
      return { account: before, applied: false, changed: false, before: null };
    }
    // A lost session does not hide a restriction: a restricted account stays so until reconnected.
    const status =
      change.status === 'disconnected' && current.status === 'restricted' ? current.status : change.status;
    const changed = current.status !== status;
    // Whatever must precede the move (the outbox event of a lost session) is written first: a
    // crash between the two leaves the report to be applied again, which writes it again.
    if (changed && beforeTransition) await beforeTransition(before);
    const filter: QueryFilter<SenderAccountRecord> = {
      _id: accountId,
      status: current.status,
      providerStateId: last,
    };
    const updated = await records
      .findOneAndUpdate(workspaceId, filter, {
        $set: {
          providerStateId: change.stateId,
          status,
          authenticated: status === 'connected',
          disconnectReason:
            status === 'disconnected'
              ? (change.reason ?? null)
              : status === 'restricted'
                ? (current.disconnectReason ?? null)
                : null,
          ...(change.providerAccountId !== undefined ? { providerAccountId: change.providerAccountId } : {}),
          // A new session: no restriction any more (the warm-up: see `startWarmUpIfNew` below).
          ...(changed && status === 'connected' ? { connectedAt: now, restriction: null } : {}),
          updatedAt: now,
        },
      })
      .catch((error: unknown) => {
        // One sender account per provider account, across workspaces.
        if (isDuplicateKeyError(error))
          throw new AlreadyExistsError('sender account', change.providerAccountId ?? '');
        throw error;
      });
    if (updated && changed && status === 'connected') {
      const warming = await startWarmUpIfNew(records, workspaceId, updated._id, now);
      return { account: warming ?? toSenderAccount(updated), applied: true, changed, before };
    }
    if (updated) return { account: toSenderAccount(updated), applied: true, changed, before };
  }
}
