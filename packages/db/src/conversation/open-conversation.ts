import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toConversation, type Conversation } from './conversation.entity.js';
import type { ConversationRecord, LastMessageRecord } from './conversation.schema.js';

export interface ConversationOwner {
  leadId: string;
  campaignId: string;
  accountId: string;
}

/**
 * The lead's conversation, opened on first use. An upsert on the unique (workspace, lead) key;
 * when two callers open it at once, one insert wins and the other reads the winner's record.
 * A conversation is always held through a sender account: the one the first message went
 * through, kept for its whole life (an empty account id is refused). `opening` is the message the
 * conversation is opened for: a conversation this call creates starts with it as its latest
 * message (and unread when it is the lead's), so that first message needs no update of its own.
 */
export async function openConversation(
  conversations: ScopedModel<ConversationRecord>,
  workspaceId: WorkspaceId,
  owner: ConversationOwner,
  now: Date,
  opening?: LastMessageRecord,
): Promise<Conversation> {
  if (owner.accountId === '')
    throw new TypeError('a conversation needs the sender account it is held through');
  const open = () =>
    conversations.findOneAndUpdate(
      workspaceId,
      { leadId: owner.leadId },
      {
        $setOnInsert: {
          _id: newId('conversation'),
          campaignId: owner.campaignId,
          accountId: owner.accountId,
          unread: opening?.sender === 'lead',
          lastMessageAt: opening?.sentAt ?? null,
          lastMessage: opening ?? null,
          createdAt: now,
          updatedAt: now,
        },
      },
      { upsert: true },
    );
  try {
    return toConversation((await open()) as ConversationRecord);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return toConversation((await open()) as ConversationRecord);
  }
}
