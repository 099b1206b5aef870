import { conversationUrn, type MessageSender } from '@outreach/domain';
import type { ConversationRecord, LastMessageRecord } from './conversation.schema.js';
import type { MessageRecord, MessageState } from './message.schema.js';

export interface Conversation {
  id: string;
  conversationUrn: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  /** The sender account the conversation is held through. */
  accountId: string;
  unread: boolean;
  lastMessageAt: Date | null;
  /** The latest message, its content cut to `LAST_MESSAGE_PREVIEW_LENGTH`; null before any. */
  lastMessage: LastMessage | null;
  createdAt: Date;
}

/** A preview of a conversation's latest message. */
export type LastMessage = LastMessageRecord;

export interface Message {
  id: string;
  conversationId: string;
  conversationUrn: string;
  workspaceId: string;
  content: string;
  sender: MessageSender;
  state: MessageState;
  /** When it was sent or received; for a queued message, when it was written. */
  sentAt: Date;
  externalId: string | null;
  attempts: number;
  error: string | null;
}

export interface ConversationWithMessages extends Conversation {
  messages: Message[];
}

export function toConversation(record: ConversationRecord): Conversation {
  return {
    id: record._id,
    conversationUrn: conversationUrn(record._id),
    workspaceId: record.workspaceId,
    campaignId: record.campaignId,
    leadId: record.leadId,
    accountId: record.accountId,
    unread: record.unread,
    lastMessageAt: record.lastMessageAt ?? null,
    lastMessage: record.lastMessage ? { ...record.lastMessage } : null,
    createdAt: record.createdAt,
  };
}

export function toMessage(record: MessageRecord): Message {
  return {
    id: record._id,
    conversationId: record.conversationId,
    conversationUrn: conversationUrn(record.conversationId),
    workspaceId: record.workspaceId,
    content: record.content,
    sender: record.sender,
    state: record.state,
    sentAt: record.sentAt ?? record.createdAt,
    externalId: record.externalId ?? null,
    attempts: record.attempts ?? 0,
    error: record.error ?? null,
  };
}
