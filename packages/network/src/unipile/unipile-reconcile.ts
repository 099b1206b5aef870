import type {
  ReconcileInvitationInput,
  ReconcileMessageInput,
  ReconcileVerdict,
} from '../provider/provider-network.port.js';
import { type UnipileContext, call, fetchProfile, memberId } from './unipile-context.js';
import { findChatId } from './unipile-messages.js';
import { relationshipOf } from './unipile-profile.js';

/** Pages of sent invitations read before concluding that none went to the lead. */
const INVITATION_PAGES = 5;
const MESSAGE_PAGES = 5;

/**
 * Did the invitation whose outcome is unknown go out? The profile tells whether the pair is
 * connected or has our invitation pending (both count as sent: sending again would be refused or
 * pointless); the list of sent invitations is read as well, because LinkedIn may take a moment
 * before the profile shows a fresh invitation.
 */
export async function reconcileUnipileInvitation(
  ctx: UnipileContext,
  input: ReconcileInvitationInput,
): Promise<ReconcileVerdict> {
  const { accountId, lead } = input;
  const providerId = await memberId(ctx, accountId, lead);
  const profile = await fetchProfile(ctx, accountId, providerId, lead.publicIdentifier, {
    operation: 'users.getProfile',
  });
  if (relationshipOf(profile) !== 'none') return 'sent';
  let cursor: string | undefined;
  for (let page = 0; page < INVITATION_PAGES; page++) {
    const spec = { accountId, operation: 'users.invitationsSent', kind: 'list_read' } as const;
    const sent = await call(ctx, spec, () =>
      ctx.client.users.getAllInvitationsSent({
        account_id: accountId,
        limit: 100,
        ...(cursor ? { cursor } : {}),
      }),
    );
    const found = sent.items.some(
      (invitation) =>
        invitation.invited_user_id === providerId ||
        invitation.invited_user_public_id === lead.publicIdentifier,
    );
    if (found) return 'sent';
    if (!sent.cursor) break;
    cursor = sent.cursor;
  }
  return 'not_sent';
}

/**
 * Did the message whose outcome is unknown go out? It did if the chat with the lead holds a
 * message from the account with exactly this text, sent at or after the pending time. No chat
 * means nothing was ever sent to the lead.
 */
export async function reconcileUnipileMessage(
  ctx: UnipileContext,
  input: ReconcileMessageInput,
): Promise<ReconcileVerdict> {
  const { accountId, lead, content, since } = input;
  const providerId = await memberId(ctx, accountId, lead);
  const chatId = await findChatId(ctx, accountId, providerId);
  if (!chatId) return 'not_sent';
  let cursor: string | undefined;
  for (let page = 0; page < MESSAGE_PAGES; page++) {
    const spec = { accountId, operation: 'messaging.chatMessages', kind: 'list_read' } as const;
    const list = await call(ctx, spec, () =>
      ctx.client.messaging.getAllMessagesFromChat({
        chat_id: chatId,
        after: since.toISOString(),
        limit: 100,
        ...(cursor ? { cursor } : {}),
      }),
    );
    const found = list.items.some(
      (message) =>
        message.is_sender === 1 &&
        message.text === content &&
        Date.parse(message.timestamp) >= since.getTime(),
    );
    if (found) return 'sent';
    if (!list.cursor) break;
    cursor = list.cursor;
  }
  return 'not_sent';
}
