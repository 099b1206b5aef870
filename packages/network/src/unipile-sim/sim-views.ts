import type { OutcomeOracle } from '../simulation/outcome-oracle.js';
import type { SimAccount, SimChat, SimInvitation, SimMessage, SimPair } from './sim-model.js';

/**
 * The JSON bodies of Unipile's v1 API, field for field as the SDK's response validators expect
 * them (the validator test checks every body the adapter receives).
 */
export function profileView(
  oracle: OutcomeOracle,
  pair: SimPair,
  account: SimAccount,
): Record<string, unknown> {
  const base = oracle.profile(pair.publicIdentifier);
  const connected = pair.relationship === 'connected';
  return {
    object: 'UserProfile',
    provider: 'LINKEDIN',
    provider_id: pair.providerId,
    public_identifier: pair.publicIdentifier,
    first_name: base.firstName,
    last_name: base.lastName,
    headline: base.headline,
    ...(base.summary ? { summary: base.summary } : {}),
    ...(base.location ? { location: base.location } : {}),
    websites: [],
    public_profile_url: `https://www.linkedin.com/in/${encodeURIComponent(pair.publicIdentifier)}`,
    network_distance: connected ? 'FIRST_DEGREE' : 'SECOND_DEGREE',
    is_relationship: connected,
    can_send_inmail: !connected && account.premium,
    ...(pair.pendingInvitation ? { invitation: { type: 'SENT', status: 'PENDING' } } : {}),
    work_experience: base.companyName
      ? [
          {
            position: base.headline.split(' at ')[0] ?? base.headline,
            company: base.companyName,
            current: true,
            start: null,
            end: null,
          },
        ]
      : [],
  };
}

export function relationView(oracle: OutcomeOracle, pair: SimPair): Record<string, unknown> {
  const base = oracle.profile(pair.publicIdentifier);
  return {
    object: 'UserRelation',
    first_name: base.firstName,
    last_name: base.lastName,
    headline: base.headline,
    public_identifier: pair.publicIdentifier,
    public_profile_url: `https://www.linkedin.com/in/${encodeURIComponent(pair.publicIdentifier)}`,
    created_at: pair.connectedAtMs ?? 0,
    member_id: pair.providerId,
    member_urn: `urn:li:member:${pair.providerId}`,
    connection_urn: `urn:li:connection:${pair.accountId}:${pair.providerId}`,
  };
}

export function invitationView(oracle: OutcomeOracle, invitation: SimInvitation): Record<string, unknown> {
  const base = oracle.profile(invitation.publicIdentifier);
  const date = new Date(invitation.sentAtMs).toISOString();
  return {
    object: 'InvitationSent',
    id: invitation.id,
    invited_user: `${base.firstName} ${base.lastName}`,
    invited_user_id: invitation.providerId,
    invited_user_public_id: invitation.publicIdentifier,
    invited_user_description: base.headline,
    date,
    parsed_datetime: date,
    invitation_text: invitation.note,
  };
}

export function chatView(chat: SimChat): Record<string, unknown> {
  const last = chat.messages.at(-1);
  return {
    object: 'Chat',
    id: chat.id,
    account_id: chat.accountId,
    account_type: 'LINKEDIN',
    provider_id: `urn:li:thread:${chat.id}`,
    attendee_provider_id: chat.attendeeProviderId,
    name: null,
    type: 0,
    timestamp: last ? new Date(last.timestampMs).toISOString() : null,
    unread_count: 0,
    archived: 0,
    muted_until: null,
    read_only: 0,
    ...(chat.inmail ? { content_type: 'inmail' } : {}),
  };
}

export function messageView(message: SimMessage): Record<string, unknown> {
  return {
    object: 'Message',
    id: message.id,
    provider_id: `urn:li:message:${message.id}`,
    account_id: message.accountId,
    chat_id: message.chatId,
    chat_provider_id: `urn:li:thread:${message.chatId}`,
    sender_id: message.senderProviderId,
    sender_attendee_id: `att-${message.senderProviderId}`,
    text: message.text,
    attachments: [],
    timestamp: new Date(message.timestampMs).toISOString(),
    is_sender: message.isSender ? 1 : 0,
    reactions: [],
    seen: 0,
    seen_by: {},
    hidden: 0,
    deleted: 0,
    edited: 0,
    is_event: 0,
    delivered: 1,
    behavior: null,
    original: JSON.stringify({ text: message.text }),
  };
}

export function accountView(account: SimAccount): Record<string, unknown> {
  return {
    object: 'Account',
    type: 'LINKEDIN',
    id: account.id,
    name: account.name,
    created_at: account.createdAt.toISOString(),
    groups: [],
    connection_params: {
      im: {
        id: account.ownProviderId,
        username: account.name,
        premiumContractId: account.premium ? `contract-${account.id}` : null,
        premiumFeatures: account.premium ? ['premium'] : [],
      },
    },
    sources: [{ id: `${account.id}_MESSAGING`, status: account.status }],
  };
}
