/**
 * Webhook bodies in the forms Unipile documents: a new relation names the member by its provider
 * id (the lead's stored id) and by the identifier as LinkedIn spells it; a new message may come
 * with a null message or chat id, and nothing may then be stored under an empty id.
 */
import { describe, expect, it } from 'vitest';
import { parseUnipileWebhook } from './unipile-webhooks.js';

const at = new Date('2025-03-03T09:00:00.000Z');
const message = (ids: { message_id: string | null; chat_id: string | null }) => ({
  event: 'message_received',
  account_id: 'acc',
  account_type: 'LINKEDIN',
  account_info: { user_id: 'me' },
  timestamp: at.toISOString(),
  message: 'Hello',
  sender: { attendee_provider_id: 'ACoAA-lead' },
  ...ids,
});

describe('parseUnipileWebhook', () => {
  it('keeps the member id of a new relation, and the identifier as LinkedIn spells it', () => {
    const event = parseUnipileWebhook(
      {
        event: 'new_relation',
        account_id: 'acc',
        account_type: 'LINKEDIN',
        user_provider_id: 'ACoAA-lead',
        user_public_identifier: 'Jean-Dupont%C3%A9',
        user_full_name: 'Jean Dupont',
      },
      at,
    );
    expect(event).toMatchObject({ providerId: 'ACoAA-lead', publicIdentifier: 'Jean-Dupont%C3%A9' });
  });

  it('leaves a message without an id to the reconciliation poll instead of storing it under an empty id', () => {
    expect(parseUnipileWebhook(message({ message_id: null, chat_id: 'chat-1' }), at)).toBeNull();
  });

  it('names the chat after the pair when the message comes without a chat id', () => {
    expect(parseUnipileWebhook(message({ message_id: 'msg-1', chat_id: null }), at)).toMatchObject({
      id: 'unipile:message:msg-1',
      messageId: 'msg-1',
      chatId: 'unipile:chat:acc:ACoAA-lead',
    });
  });
});
