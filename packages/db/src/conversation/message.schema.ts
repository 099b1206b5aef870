import { MESSAGE_SENDERS, type MessageSender } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * `received`: from the lead. `queued`: written by a user, waiting for the runner to send it.
 * `sent`: delivered to the network (by the runner, or by a campaign step). `failed`: gave up.
 */
export const MESSAGE_STATES = ['received', 'queued', 'sent', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export interface MessageRecord {
  _id: string;
  workspaceId: string;
  conversationId: string;
  sender: MessageSender;
  content: string;
  state: MessageState;
  /** The network's id of the message, when known; makes recording an incoming message idempotent. */
  externalId?: string;
  /** Present while queued and not yet sent: when the runner may pick it up. */
  sendAfter?: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  attempts: number;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export const messageSchema = new Schema<MessageRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    conversationId: { type: String, required: true },
    sender: { type: String, enum: MESSAGE_SENDERS, required: true },
    content: { type: String, required: true },
    state: { type: String, enum: MESSAGE_STATES, required: true },
    externalId: { type: String },
    sendAfter: { type: Date },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    attempts: { type: Number, default: 0 },
    error: { type: String, default: null },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
  },
  recordOptions('messages'),
);

// Serves `getByUrn` / `listMessages`: a conversation's history in order.
messageSchema.index({ workspaceId: 1, conversationId: 1, createdAt: 1 });
// Serves `appendMessage` with an external id: a network message is recorded once (partial: only
// messages that have one).
messageSchema.index(
  { workspaceId: 1, externalId: 1 },
  { unique: true, partialFilterExpression: { externalId: { $exists: true } } },
);
// Serves the runner's `claimQueuedAcrossWorkspaces`: queued messages by due time (partial: only
// queued messages have `sendAfter`, so sent history is not in it).
messageSchema.index({ sendAfter: 1 }, { partialFilterExpression: { sendAfter: { $exists: true } } });
// Serves the same claim's check that a message heads its conversation's queue: the oldest queued
// message of the conversation (partial, like the one above: only queued messages are in it).
messageSchema.index(
  { workspaceId: 1, conversationId: 1, createdAt: 1, _id: 1 },
  { partialFilterExpression: { sendAfter: { $exists: true } } },
);
