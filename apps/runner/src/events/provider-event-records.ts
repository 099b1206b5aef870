import type { NewProviderEvent } from '@outreach/db';
import type { NetworkMessage, NetworkRelation } from '@outreach/network';

/*
 * What a reconciliation poll finds, stored exactly as the webhook of the same fact would be: the
 * same ids (`parseUnipileWebhook`'s), so a fact reported both ways is stored and handled once.
 */

export function relationRecord(
  providerAccountId: string,
  relation: NetworkRelation,
  receivedAt: Date,
): NewProviderEvent {
  return {
    eventId: `unipile:relation:${providerAccountId}:${relation.providerId}`,
    provider: 'unipile',
    type: 'invitation_accepted',
    providerAccountId,
    data: {
      type: 'invitation_accepted',
      accountId: providerAccountId,
      providerId: relation.providerId,
      publicIdentifier: relation.publicIdentifier,
      occurredAt: relation.connectedAt,
    },
    receivedAt,
  };
}

export function messageRecord(
  providerAccountId: string,
  message: NetworkMessage,
  receivedAt: Date,
): NewProviderEvent {
  const type = message.fromAccount ? 'message_sent' : 'message_received';
  return {
    eventId: `unipile:message:${message.messageId}`,
    provider: 'unipile',
    type,
    providerAccountId,
    data: {
      type,
      accountId: providerAccountId,
      messageId: message.messageId,
      chatId: message.chatId,
      senderProviderId: message.senderProviderId,
      content: message.content,
      occurredAt: message.sentAt,
    },
    receivedAt,
  };
}
