import type { OperationContext } from '../context.js';
import { conversationNotFound } from './get-conversation.js';

/** Marks the conversation read inside the service only (not on the network). Idempotent. */
export async function markConversationRead(
  ctx: OperationContext,
  urn: string,
): Promise<{ success: boolean }> {
  const found = await ctx.db.conversations.markRead(ctx.workspaceId, urn);
  if (!found) throw conversationNotFound(urn);
  return { success: true };
}
