import type { ConversationPage, ConversationSummary } from '@outreach/contract';
import type { ListConversationsQuery } from '../inputs.js';
import type { Conversation as ConversationEntity, Lead } from '@outreach/db';
import { toApiMessage } from '../../mappers/conversation.mapper.js';
import { toLeadSummary } from '../../mappers/lead.mapper.js';
import { definedOnly, type OperationContext } from '../context.js';

/** Conversations with the latest activity first, each with its lead and last message. */
export async function listConversations(
  ctx: OperationContext,
  query: ListConversationsQuery,
): Promise<ConversationPage> {
  const page = await ctx.db.conversations.list(ctx.workspaceId, definedOnly(query));
  const leadIds = [...new Set(page.items.map((conversation) => conversation.leadId))];
  const [leads, histories] = await Promise.all([
    ctx.db.leads.getMany(ctx.workspaceId, leadIds),
    Promise.all(
      page.items.map((item) => ctx.db.conversations.getByUrn(ctx.workspaceId, item.conversationUrn)),
    ),
  ]);
  const leadById = new Map(leads.map((lead) => [lead.id, lead]));
  const items = page.items.flatMap((conversation, index) => {
    const lead = leadById.get(conversation.leadId);
    // A conversation whose lead was deleted with its campaign's leads has nobody to show.
    if (!lead) return [];
    const last = histories[index]?.messages.at(-1);
    return [summary(conversation, lead, last ? toApiMessage(last) : null)];
  });
  return { total: page.total, offset: query.offset, limit: query.limit, items };
}

function summary(
  conversation: ConversationEntity,
  lead: Lead,
  lastMessage: ConversationSummary['lastMessage'],
): ConversationSummary {
  return {
    conversationUrn: conversation.conversationUrn,
    campaignId: conversation.campaignId,
    accountId: conversation.accountId ?? lead.accountId ?? '',
    lead: toLeadSummary(lead),
    unread: conversation.unread,
    lastMessageAt: conversation.lastMessageAt ? conversation.lastMessageAt.toISOString() : null,
    lastMessage,
  };
}
