import type { ConversationPage, ConversationSummary } from '@outreach/contract';
import type { ListConversationsQuery } from '../inputs.js';
import type { Conversation as ConversationEntity, Lead } from '@outreach/db';
import { toApiLastMessage } from '../../mappers/conversation.mapper.js';
import { toLeadSummary } from '../../mappers/lead.mapper.js';
import { definedOnly, type OperationContext } from '../context.js';

/**
 * Conversations with the latest activity first, each with its lead and a preview of its last
 * message (kept on the conversation, so no history is read): two queries for the page.
 */
export async function listConversations(
  ctx: OperationContext,
  query: ListConversationsQuery,
): Promise<ConversationPage> {
  const page = await ctx.db.conversations.list(ctx.workspaceId, definedOnly(query));
  const leadIds = [...new Set(page.items.map((conversation) => conversation.leadId))];
  const leads = await ctx.db.leads.getMany(ctx.workspaceId, leadIds);
  const leadById = new Map(leads.map((lead) => [lead.id, lead]));
  const items = page.items.flatMap((conversation) => {
    const lead = leadById.get(conversation.leadId);
    // A conversation whose lead was deleted with its campaign's leads has nobody to show.
    return lead ? [summary(conversation, lead)] : [];
  });
  return {
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    nextCursor: page.nextCursor ?? null,
    items,
  };
}

function summary(conversation: ConversationEntity, lead: Lead): ConversationSummary {
  return {
    conversationUrn: conversation.conversationUrn,
    campaignId: conversation.campaignId,
    accountId: conversation.accountId,
    lead: toLeadSummary(lead),
    unread: conversation.unread,
    lastMessageAt: conversation.lastMessageAt ? conversation.lastMessageAt.toISOString() : null,
    lastMessage: conversation.lastMessage ? toApiLastMessage(conversation.lastMessage) : null,
  };
}
