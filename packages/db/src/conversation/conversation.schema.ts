import { MESSAGE_SENDERS, type MessageSender } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import { MESSAGE_STATES, type MessageState } from './message.schema.js';

/** The longest `content` a conversation's last-message preview keeps. */
export const LAST_MESSAGE_PREVIEW_LENGTH = 280;

/**
 * The conversation's latest message, kept on the conversation so a list of conversations needs
 * no read of their histories: its content cut to `LAST_MESSAGE_PREVIEW_LENGTH` characters.
 */
export interface LastMessageRecord {
  id: string;
  sender: MessageSender;
  content: string;
  state: MessageState;
  /** When it was sent or received; for a queued message, when it was written. */
  sentAt: Date;
}

export interface ConversationRecord {
  _id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  /** The sender account the conversation is held through; every conversation has one. */
  accountId: string;
  unread: boolean;
  lastMessageAt: Date | null;
  /** Absent on conversations that have no message yet. */
  lastMessage?: LastMessageRecord | null;
  createdAt: Date;
  updatedAt: Date;
}

const lastMessageSchema = new Schema<LastMessageRecord>(
  {
    id: { type: String, required: true },
    sender: { type: String, enum: MESSAGE_SENDERS, required: true },
    content: { type: String, required: true },
    state: { type: String, enum: MESSAGE_STATES, required: true },
    sentAt: { type: Date, required: true },
  },
  { _id: false, strict: 'throw' },
);

export const conversationSchema = new Schema<ConversationRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true },
    leadId: { type: String, required: true },
    accountId: { type: String, required: true },
    unread: { type: Boolean, required: true },
    lastMessageAt: { type: Date, default: null },
    lastMessage: { type: lastMessageSchema, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('conversations'),
);

// Serves `getOrCreateForLead`: one conversation per lead, even when two messages race to open it.
conversationSchema.index({ workspaceId: 1, leadId: 1 }, { unique: true });
// The list's order is (lastMessageAt, _id) newest first; each index ends with both, so a page
// (by offset or by cursor) walks the index and stops, and its total is counted from the index.
// Serves `list` without filters.
conversationSchema.index({ workspaceId: 1, lastMessageAt: -1, _id: -1 });
// Serves `list` with `unread` (alone, or with a campaign or account: the walk skips the others).
conversationSchema.index({ workspaceId: 1, unread: 1, lastMessageAt: -1, _id: -1 });
// Serves `list` filtered by campaign.
conversationSchema.index({ workspaceId: 1, campaignId: 1, lastMessageAt: -1, _id: -1 });
// Serves `list` filtered by sender account.
conversationSchema.index({ workspaceId: 1, accountId: 1, lastMessageAt: -1, _id: -1 });
