import type { Conversation } from '@outreach/contract';
import { DomainError } from '@outreach/domain';
import { toApiMessage } from '../../mappers/conversation.mapper.js';
import { toApiLead, toApiWaitingFor } from '../../mappers/lead.mapper.js';
import type { OperationContext } from '../context.js';

export function conversationNotFound(urn: string): DomainError {
  return new DomainError('conversation_not_found', `conversation not found: ${urn}`, {
    conversationUrn: urn,
  });
}

/** One conversation with its whole history, oldest message first. */
export async function getConversation(ctx: OperationContext, urn: string): Promise<Conversation> {
  const conversation = await ctx.db.conversations.getByUrn(ctx.workspaceId, urn);
  if (!conversation) throw conversationNotFound(urn);
  const lead = await ctx.db.leads.get(ctx.workspaceId, conversation.leadId);
  if (!lead) throw conversationNotFound(urn);
  const sender = lead.accountId ? await ctx.db.senderAccounts.get(ctx.workspaceId, lead.accountId) : null;
  return {
    conversationUrn: conversation.conversationUrn,
    campaignId: conversation.campaignId,
    accountId: conversation.accountId,
    unread: conversation.unread,
    lead: toApiLead(lead, toApiWaitingFor(lead, sender, ctx.productClock())),
    messages: conversation.messages.map(toApiMessage),
  };
}
