import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export interface ConversationRecord {
  _id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  accountId: string | null;
  unread: boolean;
  lastMessageAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const conversationSchema = new Schema<ConversationRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true },
    leadId: { type: String, required: true },
    accountId: { type: String, default: null },
    unread: { type: Boolean, required: true },
    lastMessageAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('conversations'),
);

// Serves `getOrCreateForLead`: one conversation per lead, even when two messages race to open it.
conversationSchema.index({ workspaceId: 1, leadId: 1 }, { unique: true });
// Serves `list` without filters, and with `unread` only: latest activity first.
conversationSchema.index({ workspaceId: 1, lastMessageAt: -1 });
// Serves `list` filtered by campaign (and optionally unread).
conversationSchema.index({ workspaceId: 1, campaignId: 1, lastMessageAt: -1 });
// Serves `list` filtered by sender account (and optionally unread).
conversationSchema.index({ workspaceId: 1, accountId: 1, lastMessageAt: -1 });
