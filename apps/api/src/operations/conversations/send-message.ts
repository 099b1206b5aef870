import type { Message } from '@outreach/contract';
import type { SendMessageBody } from '../inputs.js';
import { conversationIdFromUrn, DomainError } from '@outreach/domain';
import { toApiMessage } from '../../mappers/conversation.mapper.js';
import type { OperationContext } from '../context.js';
import { conversationNotFound } from './get-conversation.js';

/**
 * Queues a reply in the conversation. The runner sends queued messages through the conversation's
 * sender account and marks them `sent` (or `failed`); the answer shows it `queued`. A sender
 * account that is not authenticated or not active could never send it, so that is refused (422).
 */
export async function sendMessage(
  ctx: OperationContext,
  urn: string,
  input: SendMessageBody,
): Promise<Message> {
  if (input.content.trim() === '') {
    throw new DomainError('invalid_input', 'content must not be blank', { field: 'content' });
  }
  const conversationId = conversationIdFromUrn(urn);
  const conversation = conversationId
    ? await ctx.db.conversations.get(ctx.workspaceId, conversationId)
    : null;
  if (!conversation) throw conversationNotFound(urn);
  const account = await ctx.db.senderAccounts.get(ctx.workspaceId, conversation.accountId);
  if (account && (!account.authenticated || !account.active)) {
    throw new DomainError(
      'account_not_usable',
      `sender account ${account.id} is ${account.authenticated ? 'not active' : 'not authenticated'}`,
      { accountId: account.id },
    );
  }
  // Under an Idempotency-Key the message takes the key's reserved id: a retry after the first
  // request died finds it queued and does not queue it twice (the lead would get it twice).
  const message = await ctx.db.messages.queueOutgoing(ctx.workspaceId, conversation.id, input.content, {
    id: ctx.creationId('message'),
  });
  return toApiMessage(message);
}
