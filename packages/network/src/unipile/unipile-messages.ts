import { InmailNotAllowedError, NotConnectedError } from '../network.errors.js';
import type { ProviderMessageInput, ProviderMessageResult } from '../provider/provider-network.port.js';
import { type UnipileContext, call, fetchProfile, memberId } from './unipile-context.js';
import { relationshipOf } from './unipile-profile.js';

/** The one-to-one chat of the account with the lead, if they ever exchanged a message. */
export async function findChatId(
  ctx: UnipileContext,
  accountId: string,
  providerId: string,
): Promise<string | null> {
  const chats = await call(ctx, accountId, undefined, () =>
    ctx.client.messaging.getAllChatsFromAttendee({
      attendee_id: providerId,
      account_id: accountId,
      limit: 10,
    }),
  );
  const single = chats.items.find((chat) => chat.account_id === accountId && chat.type === 0);
  return single?.id ?? null;
}

/**
 * A message goes into the existing chat with the lead when there is one; otherwise a new chat
 * starts, as an InMail when the lead is not a connection and the policy allows it. The
 * relationship is read only when a new chat is needed, to decide between a plain message and an
 * InMail before LinkedIn refuses one.
 */
export async function sendUnipileMessage(
  ctx: UnipileContext,
  input: ProviderMessageInput,
): Promise<ProviderMessageResult> {
  const { accountId, lead, content } = input;
  const providerId = await memberId(ctx, accountId, lead);
  const chatId = await findChatId(ctx, accountId, providerId);
  // Unipile's answer carries no time. The instant of the request is used: the message exists from
  // some moment after it, so a reply the lead sends to it is always timed later than the message.
  if (chatId) {
    const requestedAt = ctx.clock();
    const sent = await call(ctx, accountId, lead.publicIdentifier, () =>
      ctx.client.messaging.sendMessage({ chat_id: chatId, text: content }),
    );
    return { messageId: sent.message_id ?? '', chatId, providerId, channel: 'message', sentAt: requestedAt };
  }
  const profile = await fetchProfile(ctx, accountId, providerId, lead.publicIdentifier);
  const connected = relationshipOf(profile) === 'connected';
  if (!connected && input.inmail === 'never') throw new NotConnectedError(lead.publicIdentifier);
  if (!connected && profile.can_send_inmail === false) throw new InmailNotAllowedError(accountId);
  const requestedAt = ctx.clock();
  const started = await call(ctx, accountId, lead.publicIdentifier, () =>
    ctx.client.messaging.startNewChat({
      account_id: accountId,
      text: content,
      attendees_ids: [providerId],
      ...(connected ? {} : { options: { linkedin: { api: 'classic', inmail: true } } }),
    }),
  );
  return {
    messageId: started.message_id ?? '',
    chatId: started.chat_id ?? '',
    providerId,
    channel: connected ? 'message' : 'inmail',
    sentAt: requestedAt,
  };
}
