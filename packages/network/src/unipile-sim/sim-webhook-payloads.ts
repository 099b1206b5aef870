import type { OutcomeOracle } from '../simulation/outcome-oracle.js';
import type { SimAccount, SimChat, SimMessage, SimPair } from './sim-model.js';

const WEBHOOK_NAME = 'outreach';

/** Unipile's new-relation webhook body (users source). */
export function newRelationPayload(oracle: OutcomeOracle, pair: SimPair): Record<string, unknown> {
  const base = oracle.profile(pair.publicIdentifier);
  return {
    event: 'new_relation',
    account_id: pair.accountId,
    account_type: 'LINKEDIN',
    webhook_name: WEBHOOK_NAME,
    user_full_name: `${base.firstName} ${base.lastName}`,
    user_provider_id: pair.providerId,
    user_public_identifier: pair.publicIdentifier,
    user_profile_url: `https://www.linkedin.com/in/${encodeURIComponent(pair.publicIdentifier)}`,
    user_picture_url: '',
  };
}

function attendee(providerId: string, name: string): Record<string, unknown> {
  return {
    attendee_id: `att-${providerId}`,
    attendee_name: name,
    attendee_provider_id: providerId,
    attendee_profile_url: `https://www.linkedin.com/in/${providerId}/`,
  };
}

/**
 * Unipile's new-message webhook body (messaging source), for received and sent messages alike.
 * Its `message_id` and `chat_id` may be null (https://developer.unipile.com/docs/new-messages-webhook):
 * `nulls` says which the simulator leaves out this time.
 */
export function newMessagePayload(
  account: SimAccount,
  chat: SimChat,
  message: SimMessage,
  nulls: { messageId: boolean; chatId: boolean } = { messageId: false, chatId: false },
): Record<string, unknown> {
  const lead = attendee(chat.attendeeProviderId, chat.attendeeProviderId);
  const owner = attendee(account.ownProviderId, account.name);
  return {
    account_id: account.id,
    account_type: 'LINKEDIN',
    account_info: { type: 'LINKEDIN', feature: 'classic', user_id: account.ownProviderId },
    event: 'message_received',
    chat_id: nulls.chatId ? null : chat.id,
    timestamp: new Date(message.timestampMs).toISOString(),
    webhook_name: WEBHOOK_NAME,
    message_id: nulls.messageId ? null : message.id,
    message: message.text,
    sender: message.isSender ? owner : lead,
    attendees: [lead],
    attachments: [],
    provider_chat_id: `urn:li:thread:${chat.id}`,
    provider_message_id: `urn:li:message:${message.id}`,
    is_event: 0,
    quoted: null,
    chat_content_type: chat.inmail ? 'inmail' : null,
    is_group: false,
  };
}

/** Unipile's account-status webhook body. */
export function accountStatusPayload(account: SimAccount, message: string): Record<string, unknown> {
  return { AccountStatus: { account_id: account.id, account_type: 'LINKEDIN', message } };
}
