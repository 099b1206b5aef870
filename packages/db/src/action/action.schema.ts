import { ACTION_TYPES, type ActionType } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * An action logged with its lead's step outcome, in the same write (`LeadRecord.actionsToLog`),
 * until the follower moves it into the log.
 */
export type ActionToLog = Omit<ActionRecord, 'workspaceId' | 'deriveOwner' | 'deriveUntil'>;

/**
 * One executed network action (or observed outcome: an accepted invitation, a reply). The log
 * is append-only and is what analytics count. `stepId` and `variantId` name the step and variant
 * the action belongs to; for a reply, those of the message it answers.
 */
export interface ActionRecord {
  _id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  accountId: string | null;
  stepId: string | null;
  variantId: string | null;
  type: ActionType;
  idempotencyKey: string;
  occurredAt: Date;
  /**
   * Present while the action's derived records (its lead's marks, the campaign counters, the daily
   * roll-ups) are still to be written by a follower (`recordLater`): the follower leases it
   * (`deriveOwner` until `deriveUntil`), writes them in bulk with others, then removes all three.
   */
  derivePending?: true;
  /**
   * A sent message's text and network id, while its action is pending: the follower files it in
   * the lead's conversation with the other derived records, then removes it.
   */
  sentMessage?: { content: string; externalId: string };
  deriveOwner?: string | null;
  deriveUntil?: Date | null;
}

export const actionSchema = new Schema<ActionRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true },
    leadId: { type: String, required: true },
    accountId: { type: String, default: null },
    stepId: { type: String, default: null },
    variantId: { type: String, default: null },
    type: { type: String, enum: ACTION_TYPES, required: true },
    idempotencyKey: { type: String, required: true },
    occurredAt: { type: Date, required: true },
    derivePending: { type: Boolean },
    sentMessage: {
      type: new Schema({ content: String, externalId: String }, { _id: false }),
      default: undefined,
    },
    deriveOwner: { type: String },
    deriveUntil: { type: Date },
  },
  recordOptions('actions'),
);

// Serves `record` (an action with a known key is logged once) and `findByIdempotencyKey`.
actionSchema.index({ workspaceId: 1, idempotencyKey: 1 }, { unique: true });
// Serves campaign analytics and workspace analytics filtered by campaigns: a date range per campaign.
actionSchema.index({ workspaceId: 1, campaignId: 1, occurredAt: 1 });
// Serves workspace analytics without filters: the workspace's actions in a date range.
actionSchema.index({ workspaceId: 1, occurredAt: 1 });
// Serves workspace analytics filtered by sender account.
actionSchema.index({ workspaceId: 1, accountId: 1, occurredAt: 1 });
// Serves the follower's claim of actions whose derived records are pending, across workspaces;
// holds only those.
actionSchema.index(
  { derivePending: 1, deriveUntil: 1 },
  { partialFilterExpression: { derivePending: { $exists: true } } },
);
