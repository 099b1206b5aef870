import { conversationIdFromUrn } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import {
  toConversation,
  toMessage,
  type Conversation,
  type ConversationWithMessages,
} from './conversation.entity.js';
import type { ConversationRecord } from './conversation.schema.js';
import type { MessageRecord } from './message.schema.js';
import { openConversation, type ConversationOwner } from './open-conversation.js';

/** Latest activity first; a conversation opened but not yet written to has no date and comes last. */
const CONVERSATION_ORDER: KeysetOrder = {
  list: 'conversations',
  keys: [
    ['lastMessageAt', -1],
    ['_id', -1],
  ],
  nullable: new Set(['lastMessageAt']),
};

export interface ConversationListQuery extends PageRequest {
  campaignId?: string;
  accountId?: string;
  unread?: boolean;
}

export class ConversationRepository {
  constructor(
    private readonly conversations: ScopedModel<ConversationRecord>,
    private readonly messages: ScopedModel<MessageRecord>,
    private readonly clock: () => Date,
  ) {}

  /** The lead's conversation, opened on first use (see `openConversation`). */
  getOrCreateForLead(workspaceId: WorkspaceId, owner: ConversationOwner): Promise<Conversation> {
    return openConversation(this.conversations, workspaceId, owner, this.clock());
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<Conversation | null> {
    const record = await this.conversations.findOne(workspaceId, { _id: id });
    return record ? toConversation(record) : null;
  }

  async getForLead(workspaceId: WorkspaceId, leadId: string): Promise<Conversation | null> {
    const record = await this.conversations.findOne(workspaceId, { leadId });
    return record ? toConversation(record) : null;
  }

  /**
   * A conversation with its whole history in the order messages were sent or received (a reply
   * not sent yet, or never, sits where it was written); null for an unknown URN. Replies accepted
   * together may go out in another order than they were accepted, so acceptance order is not it.
   */
  async getByUrn(workspaceId: WorkspaceId, urn: string): Promise<ConversationWithMessages | null> {
    const id = conversationIdFromUrn(urn);
    if (id === null) return null;
    const [record, messages] = await Promise.all([
      this.conversations.findOne(workspaceId, { _id: id }),
      this.messages.find(workspaceId, { conversationId: id }, { sort: { createdAt: 1, _id: 1 } }),
    ]);
    if (!record) return null;
    return { ...toConversation(record), messages: messages.sort(bySending).map(toMessage) };
  }

  /** Conversations with the latest activity first. */
  async list(workspaceId: WorkspaceId, query: ConversationListQuery = {}): Promise<Page<Conversation>> {
    const filter: QueryFilter<ConversationRecord> = {};
    if (query.campaignId !== undefined) filter.campaignId = query.campaignId;
    if (query.accountId !== undefined) filter.accountId = query.accountId;
    if (query.unread !== undefined) filter.unread = query.unread;
    const { skip, limit } = pageBounds(query);
    const [total, page] = await Promise.all([
      this.conversations.count(workspaceId, filter),
      this.conversations.page(workspaceId, filter, {
        order: CONVERSATION_ORDER,
        after: query.after,
        skip,
        limit,
      }),
    ]);
    return { total, items: page.records.map(toConversation), nextCursor: page.nextCursor };
  }

  /** Marks the conversation read; idempotent. False when the URN is unknown in the workspace. */
  async markRead(workspaceId: WorkspaceId, urn: string): Promise<boolean> {
    const id = conversationIdFromUrn(urn);
    if (id === null) return false;
    const result = await this.conversations.updateOne(
      workspaceId,
      { _id: id },
      { $set: { unread: false, updatedAt: this.clock() } },
    );
    return result.matched === 1;
  }
}

/** Sending order: when a message went out (or came in), else when it was written; then by id. */
function bySending(a: MessageRecord, b: MessageRecord): number {
  const at = (m: MessageRecord) => (m.sentAt ?? m.createdAt).getTime();
  return at(a) - at(b) || a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : 1);
}
