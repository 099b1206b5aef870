import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { ConversationRecord } from './conversation.schema.js';
import { toLastMessage } from './last-message.js';
import type { MessageRecord } from './message.schema.js';
import type { ConversationOwner } from './open-conversation.js';

/**
 * Files many sent messages (of any leads of the workspace) in their leads' conversations in four
 * round trips whatever their number: the conversations opened where missing (one bulk upsert,
 * each starting with its lead's latest message of the batch), read back, the messages inserted
 * (those already recorded, by their network id, are skipped), and each conversation's preview
 * moved to its latest new message unless a more recent one is there.
 */
export async function fileSentMessages(
  models: { messages: ScopedModel<MessageRecord>; conversations: ScopedModel<ConversationRecord> },
  workspaceId: WorkspaceId,
  now: Date,
  records: ReadonlyArray<{
    owner: ConversationOwner;
    record: Omit<MessageRecord, 'workspaceId' | 'conversationId'>;
  }>,
): Promise<void> {
  if (records.length === 0) return;
  for (const { owner } of records)
    if (owner.accountId === '')
      throw new TypeError('a conversation needs the sender account it is held through');
  const latest = new Map<string, (typeof records)[number]>();
  for (const item of records) {
    const earlier = latest.get(item.owner.leadId);
    if (earlier === undefined || item.record.createdAt > earlier.record.createdAt)
      latest.set(item.owner.leadId, item);
  }
  const opens = [...latest.values()].map(({ owner, record }) => ({
    filter: { leadId: owner.leadId },
    update: {
      $setOnInsert: {
        _id: newId('conversation'),
        campaignId: owner.campaignId,
        accountId: owner.accountId,
        unread: record.sender === 'lead',
        lastMessageAt: record.sentAt,
        lastMessage: toLastMessage(record),
        createdAt: now,
        updatedAt: now,
      },
    },
    upsert: true,
  }));
  try {
    await models.conversations.bulkUpdate(workspaceId, opens);
  } catch (error) {
    // A lead's conversation opened elsewhere meanwhile (a reply): the upserts only insert.
    if (!isDuplicateKeyError(error)) throw error;
    await models.conversations.bulkUpdate(workspaceId, opens);
  }
  const conversations = await models.conversations.find(workspaceId, { leadId: { $in: [...latest.keys()] } });
  const conversationOf = new Map(
    conversations.map((conversation) => [conversation.leadId, conversation._id]),
  );
  const { inserted } = await models.messages.insertManyCountingDuplicates(
    workspaceId,
    records.map(({ owner, record }) => ({
      ...record,
      conversationId: conversationOf.get(owner.leadId) ?? '',
    })),
  );
  // The preview moves to each conversation's latest new message (one already recorded, by its
  // network id, is where it was).
  const newest = new Map<
    string,
    Pick<MessageRecord, '_id' | 'sender' | 'content' | 'state' | 'sentAt' | 'createdAt'>
  >();
  for (const message of inserted) {
    const earlier = newest.get(message.conversationId);
    if (earlier === undefined || message.createdAt > earlier.createdAt)
      newest.set(message.conversationId, message);
  }
  await models.conversations.bulkUpdate(
    workspaceId,
    [...newest].map(([conversationId, message]) => {
      const preview = toLastMessage(message);
      return {
        filter: {
          _id: conversationId,
          $or: [{ lastMessageAt: null }, { lastMessageAt: { $lte: preview.sentAt } }],
        },
        update: { $set: { updatedAt: now, lastMessageAt: preview.sentAt, lastMessage: preview } },
      };
    }),
  );
}
