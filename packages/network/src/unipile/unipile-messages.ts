import { createHash } from 'node:crypto';
import { InmailNotAllowedError, NotConnectedError } from '../network.errors.js';
import type {
  InmailApi,
  ProviderMessageInput,
  ProviderMessageResult,
} from '../provider/provider-network.port.js';
import { type UnipileContext, call, fetchProfile, memberId } from './unipile-context.js';
import { relationshipOf } from './unipile-profile.js';

/** The one-to-one chat of the account with the lead, if they ever exchanged a message. */
export async function findChatId(
  ctx: UnipileContext,
  accountId: string,
  providerId: string,
): Promise<string | null> {
  const chats = await call(
    ctx,
    { accountId, operation: 'messaging.chatsOfAttendee', kind: 'list_read' },
    () =>
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
    const sent = await call(
      ctx,
      {
        accountId,
        operation: 'messaging.sendMessage',
        kind: 'write',
        publicIdentifier: lead.publicIdentifier,
        limitScope: 'messages',
        deadline: input.deadline,
      },
      () => ctx.client.messaging.sendMessage({ chat_id: chatId, text: content }),
    );
    return {
      messageId: sent.message_id ?? derivedMessageId(chatId, requestedAt, content),
      chatId,
      providerId,
      channel: 'message',
      sentAt: requestedAt,
    };
  }
  const profile = await fetchProfile(ctx, accountId, providerId, lead.publicIdentifier, {
    operation: 'users.getProfile',
  });
  const connected = relationshipOf(profile) === 'connected';
  if (!connected && input.inmail === 'never') throw new NotConnectedError(lead.publicIdentifier);
  if (!connected && profile.can_send_inmail === false) throw new InmailNotAllowedError(accountId);
  const requestedAt = ctx.clock();
  const started = await call(
    ctx,
    {
      accountId,
      operation: 'messaging.startNewChat',
      kind: 'write',
      publicIdentifier: lead.publicIdentifier,
      limitScope: connected ? 'messages' : 'inmail',
      deadline: input.deadline,
    },
    () =>
      ctx.client.messaging.startNewChat({
        account_id: accountId,
        text: content,
        attendees_ids: [providerId],
        ...(connected ? {} : { options: { linkedin: inmailOptions(input.inmailApi ?? 'classic') } }),
      }),
  );
  // Unipile may answer without ids (they are nullable in the SDK's schema). A chat is then named
  // after the pair, which has one one-to-one chat, and the message after the chat and the request's
  // instant, so nothing is ever stored under an empty id (issue 21, finding 12).
  const newChatId = started.chat_id ?? `unipile:chat:${accountId}:${providerId}`;
  return {
    messageId: started.message_id ?? derivedMessageId(newChatId, requestedAt, content),
    chatId: newChatId,
    providerId,
    channel: connected ? 'message' : 'inmail',
    sentAt: requestedAt,
  };
}

/**
 * The InMail options of `POST /chats`: Classic InMail is `api: classic` with `inmail: true`; Sales
 * Navigator and Recruiter messages are InMails by nature and take only their api (the SDK's
 * `LinkedinPostNewChatOptions` types them this way).
 */
function inmailOptions(api: InmailApi): LinkedinChatOptions {
  if (api === 'classic') return { api: 'classic', inmail: true };
  return { api };
}

type LinkedinChatOptions =
  { api: 'classic'; inmail: true } | { api: 'sales_navigator' } | { api: 'recruiter' };

/**
 * A stable id for a sent message the provider did not name: the chat, the request's instant and
 * the text, so two different messages never share one (the id is stored under a unique index).
 */
function derivedMessageId(chatId: string, requestedAt: Date, content: string): string {
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 16);
  return `unipile:sent:${chatId}:${requestedAt.toISOString()}:${digest}`;
}
