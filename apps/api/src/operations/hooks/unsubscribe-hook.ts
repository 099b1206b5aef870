import type { UnsubscribeHookBody } from '../inputs.js';
import { DomainError } from '@outreach/domain';
import type { OperationContext } from '../context.js';

/** Removes the (url, type) subscription; both must match exactly (404 otherwise). */
export async function unsubscribeHook(
  ctx: OperationContext,
  input: UnsubscribeHookBody,
): Promise<{ message: string }> {
  const removed = await ctx.db.webhookSubscriptions.unsubscribe(ctx.workspaceId, input);
  if (!removed) {
    throw new DomainError('subscription_not_found', `no subscription of ${input.url} to ${input.type}`, {
      url: input.url,
      type: input.type,
    });
  }
  return { message: `unsubscribed ${input.url} from ${input.type}` };
}
