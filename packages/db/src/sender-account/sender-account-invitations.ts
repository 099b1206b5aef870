import type { AcceptanceGuardState } from '@outreach/domain';
import { Schema } from 'mongoose';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { SenderAccountRecord } from './sender-account.schema.js';

/**
 * The account's invitation hygiene as the runner last reviewed it: the acceptance guard's verdict
 * and the pile of pending invitations under its ceiling. Both live on the account, so every runner
 * and the limits view read the same, and neither touches `updatedAt` (no edit of the account).
 */

/** The acceptance guard's verdict on the account. */
export interface AcceptanceGuardRecord {
  state: AcceptanceGuardState;
  /** Accepted share of the window's invitations; null when none were sent. */
  rate: number | null;
  sent: number;
  accepted: number;
  /** When the current `halved` or `stopped` began; null otherwise. */
  since: Date | null;
  /** When the user last lifted a stop: only invitations sent after it are judged. */
  resumedAt: Date | null;
  checkedAt: Date;
}

/** The account's pending invitations and the room left under its ceiling. */
export interface InvitationPileRecord {
  /** The larger of the two counts below: what the ceiling is held against. */
  pending: number;
  /** Sent by this service and neither accepted nor withdrawn. */
  ownPending: number;
  /** Counted from the provider's list of sent invitations (every invitation, ours or not), when read. */
  providerPending: number | null;
  providerCheckedAt: Date | null;
  ceiling: number;
  /** Invitations the account may still send before the next review. */
  room: number;
  /** Names the review: invitations sent after it take a unit of `room` under this name. */
  stamp: string;
  checkedAt: Date;
}

const count = { type: Number, required: true, min: 0 };

export const acceptanceGuardSchema = new Schema<AcceptanceGuardRecord>(
  {
    state: { type: String, enum: ['ok', 'halved', 'stopped', 'not_enough_data'], required: true },
    rate: { type: Number, default: null },
    sent: count,
    accepted: count,
    since: { type: Date, default: null },
    resumedAt: { type: Date, default: null },
    checkedAt: { type: Date, required: true },
  },
  { _id: false, strict: 'throw' },
);

export const invitationPileSchema = new Schema<InvitationPileRecord>(
  {
    pending: count,
    ownPending: count,
    providerPending: { type: Number, default: null },
    providerCheckedAt: { type: Date, default: null },
    ceiling: count,
    room: count,
    stamp: { type: String, required: true },
    checkedAt: { type: Date, required: true },
  },
  { _id: false, strict: 'throw' },
);

export class SenderAccountInvitationsRepository {
  constructor(private readonly records: ScopedModel<SenderAccountRecord>) {}

  /** Stores the pile as reviewed now. */
  async savePile(workspaceId: WorkspaceId, accountId: string, pile: InvitationPileRecord): Promise<void> {
    await this.records.updateOne(workspaceId, { _id: accountId }, { $set: { invitationPile: pile } });
  }

  /**
   * Stores the guard's verdict over the state it was read in (`from`; null: none yet), so that of
   * runners reviewing the account at once, one moves it: true for that one only. A stop is the
   * user's to lift (`resume`): a verdict never moves the guard out of `stopped`.
   */
  async moveGuard(
    workspaceId: WorkspaceId,
    accountId: string,
    from: AcceptanceGuardState | null,
    guard: AcceptanceGuardRecord,
  ): Promise<boolean> {
    if (from === 'stopped') return false;
    const filter =
      from === null
        ? { _id: accountId, acceptanceGuard: null }
        : { _id: accountId, 'acceptanceGuard.state': from };
    const result = await this.records.updateOne(workspaceId, filter, { $set: { acceptanceGuard: guard } });
    return result.modified === 1;
  }

  /**
   * Lifts the guard, whatever it holds: from `at` on only invitations sent after it are judged.
   * False when the account is not in the workspace.
   */
  async resume(workspaceId: WorkspaceId, accountId: string, at: Date): Promise<boolean> {
    const result = await this.records.updateOne(
      workspaceId,
      { _id: accountId },
      {
        $set: {
          acceptanceGuard: {
            state: 'not_enough_data',
            rate: null,
            sent: 0,
            accepted: 0,
            since: null,
            resumedAt: at,
            checkedAt: at,
          },
        },
      },
    );
    return result.matched === 1;
  }
}
