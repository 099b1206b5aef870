import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import {
  LAST_MESSAGE_PREVIEW_LENGTH,
  type ConversationRecord,
  type LastMessageRecord,
} from './conversation.schema.js';
import type { MessageRecord } from './message.schema.js';

/*
 * A conversation keeps a preview of its latest message (and its time), so listing conversations
 * reads no history. Every write that adds a message or changes its state updates the preview here:
 *
 * - a message at least as recent as the stored one becomes the preview (one conditional update;
 *   an older message arriving late leaves it alone and only touches the unread flag);
 * - a queued reply counts from when it was written and, once sent, from when it went out;
 * - a state change that does not move the message in time (a send given up on) updates the
 *   preview only if it still shows that message.
 */

/** The preview of a stored message, at the time the history orders it by. */
export function toLastMessage(
  message: Pick<MessageRecord, '_id' | 'sender' | 'content' | 'state' | 'sentAt' | 'createdAt'>,
): LastMessageRecord {
  return {
    id: message._id,
    sender: message.sender,
    content: message.content.slice(0, LAST_MESSAGE_PREVIEW_LENGTH),
    state: message.state,
    sentAt: message.sentAt ?? message.createdAt,
  };
}

/**
 * Records that `message` was added to (or moved forward in) its conversation: it becomes the last
 * message unless a more recent one is already there; a message from the lead marks the
 * conversation unread either way.
 */
export async function noteMessage(
  conversations: ScopedModel<ConversationRecord>,
  workspaceId: WorkspaceId,
  message: MessageRecord,
  now: Date,
): Promise<void> {
  const preview = toLastMessage(message);
  const set: Record<string, unknown> = { updatedAt: now };
  if (message.sender === 'lead') set['unread'] = true;
  const latest = await conversations.updateOne(
    workspaceId,
    {
      _id: message.conversationId,
      $or: [{ lastMessageAt: null }, { lastMessageAt: { $lte: preview.sentAt } }],
    },
    { $set: { ...set, lastMessageAt: preview.sentAt, lastMessage: preview } },
  );
  if (latest.matched === 0) {
    await conversations.updateOne(workspaceId, { _id: message.conversationId }, { $set: set });
  }
}

/** The preview follows a state change of the message it shows (e.g. a queued reply that failed). */
export async function noteStateChange(
  conversations: ScopedModel<ConversationRecord>,
  workspaceId: WorkspaceId,
  message: MessageRecord,
  now: Date,
): Promise<void> {
  await conversations.updateOne(
    workspaceId,
    { _id: message.conversationId, 'lastMessage.id': message._id },
    { $set: { 'lastMessage.state': message.state, updatedAt: now } },
  );
}
