import { z } from 'zod';
import type { ProviderAccountEventStatus, ProviderEvent } from '../provider/provider-events.js';

/**
 * Unipile's "new relation" webhook (users source): an invitation was accepted. It names the member
 * by `user_provider_id` (the id the adapter stores on the lead) and by the public identifier as
 * LinkedIn spells it, which may differ in case or encoding from what the user typed; the consumer
 * matches on the member id first (issue 21, finding 10).
 */
export const newRelationPayloadSchema = z.looseObject({
  event: z.literal('new_relation'),
  account_id: z.string().min(1),
  account_type: z.string(),
  user_full_name: z.string().optional(),
  user_provider_id: z.string().min(1),
  user_public_identifier: z.string().min(1),
  user_profile_url: z.string().optional(),
});

const attendeeSchema = z.looseObject({
  attendee_id: z.string().optional(),
  attendee_name: z.string().optional(),
  attendee_provider_id: z.string().min(1),
  attendee_profile_url: z.string().optional(),
});

/**
 * Unipile's "new message" webhook (messaging source); sent messages come too. `message_id` and
 * `chat_id` may be null (the SDK's message schemas make both nullable): see `parseUnipileWebhook`.
 */
export const newMessagePayloadSchema = z.looseObject({
  event: z.string(),
  account_id: z.string().min(1),
  account_type: z.string(),
  account_info: z.looseObject({ user_id: z.string().min(1) }).optional(),
  chat_id: z.string().nullable(),
  timestamp: z.string(),
  message_id: z.string().nullable(),
  message: z.string().nullable(),
  sender: attendeeSchema,
});

/** Unipile's account status webhook. */
export const accountStatusPayloadSchema = z.looseObject({
  AccountStatus: z.looseObject({
    account_id: z.string().min(1),
    account_type: z.string(),
    message: z.string().min(1),
  }),
});

/** The hosted-auth `notify_url` callback. */
export const hostedAuthNotifySchema = z.looseObject({
  status: z.enum(['CREATION_SUCCESS', 'RECONNECTED']),
  account_id: z.string().min(1),
  name: z.string(),
});

const ACCOUNT_STATUS: Record<string, ProviderAccountEventStatus> = {
  OK: 'connected',
  SYNC_SUCCESS: 'connected',
  CREDENTIALS: 'disconnected',
  PERMISSIONS: 'disconnected',
  CONNECTING: 'connecting',
  ERROR: 'error',
  STOPPED: 'error',
  CREATION_SUCCESS: 'created',
  RECONNECTED: 'reconnected',
  DELETED: 'deleted',
};

/**
 * Reads one webhook body (or hosted-auth callback) into the port's event, or null for what the
 * service does not use (reactions, read receipts, unknown statuses). Throws a `TypeError` on a
 * body that matches no known shape, so the route can answer 400. The new-relation payload has no
 * time of its own: `receivedAt` stands for it (pass the shared clock's now).
 */
export function parseUnipileWebhook(body: unknown, receivedAt: Date = new Date()): ProviderEvent | null {
  const relation = newRelationPayloadSchema.safeParse(body);
  if (relation.success) {
    const r = relation.data;
    return {
      // A pair connects once: the account and the member identify the event across redeliveries.
      id: `unipile:relation:${r.account_id}:${r.user_provider_id}`,
      type: 'invitation_accepted',
      accountId: r.account_id,
      providerId: r.user_provider_id,
      publicIdentifier: r.user_public_identifier,
      occurredAt: receivedAt,
    };
  }
  const message = newMessagePayloadSchema.safeParse(body);
  if (message.success) {
    const m = message.data;
    if (m.event !== 'message_received') return null;
    // Without its id a message cannot be stored once: a redelivery, or the reconciliation poll
    // listing it with its id, would make a second reply of it. It is left to the poll, which lists
    // every message with its id (issue 21, finding 12).
    if (!m.message_id) return null;
    // Unipile also reports the account's own messages. Without `account_info` an own message is
    // still harmless: its sender is the account owner, whom no lead's member id matches.
    const fromAccount =
      m.account_info !== undefined && m.sender.attendee_provider_id === m.account_info.user_id;
    return {
      id: `unipile:message:${m.message_id}`,
      type: fromAccount ? 'message_sent' : 'message_received',
      accountId: m.account_id,
      messageId: m.message_id,
      // A one-to-one chat is the pair's only one, so the pair names it when Unipile does not.
      chatId: m.chat_id || `unipile:chat:${m.account_id}:${m.sender.attendee_provider_id}`,
      senderProviderId: m.sender.attendee_provider_id,
      content: m.message ?? '',
      occurredAt: new Date(m.timestamp),
    };
  }
  const status = accountStatusPayloadSchema.safeParse(body);
  if (status.success) {
    const s = status.data.AccountStatus;
    const mapped = ACCOUNT_STATUS[s.message];
    if (!mapped) return null;
    return {
      id: null,
      type: 'account_status',
      accountId: s.account_id,
      status: mapped,
      authenticated: mapped !== 'disconnected',
      providerStatus: s.message,
    };
  }
  const linked = hostedAuthNotifySchema.safeParse(body);
  if (linked.success) {
    const l = linked.data;
    return {
      id: null,
      type: 'account_linked',
      accountId: l.account_id,
      name: l.name,
      status: l.status === 'CREATION_SUCCESS' ? 'created' : 'reconnected',
    };
  }
  throw new TypeError('not a Unipile webhook body');
}
