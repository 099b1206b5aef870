import type { OutcomeOracle } from '../simulation/outcome-oracle.js';
import type { SimAccount, SimChat, SimInvitation, SimMessage, SimPair } from './sim-model.js';
import { SimProblem } from './sim-problem.js';
import { TIER_RULES } from './sim-rules.js';

/**
 * The JSON bodies of Unipile's v1 API, field for field as the SDK's response validators expect
 * them (the validator test checks every body the adapter receives).
 */

const SECTIONS = ['experience', 'education', 'languages', 'skills', 'certifications', 'about'] as const;
export type ProfileSection = (typeof SECTIONS)[number];

/** `linkedin_sections` as the SDK sends it: `*`, or names separated by commas. */
export function requestedSections(value: unknown): Set<ProfileSection> {
  if (typeof value !== 'string' || value === '') return new Set();
  if (value.split(',').includes('*')) return new Set(SECTIONS);
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new SimProblem(400, 'invalid_parameters', `unknown linkedin_sections: ${unknown.join(', ')}`);
  return new Set(names as ProfileSection[]);
}

/**
 * `GET /users/:identifier`. Like the real route, the sections (experience, hence the current
 * company, and about, the summary) come only when `linkedin_sections` asks for them.
 */
export function profileView(
  oracle: OutcomeOracle,
  pair: SimPair,
  account: SimAccount,
  sections: Set<ProfileSection> = new Set(),
): Record<string, unknown> {
  const base = oracle.profile(pair.publicIdentifier);
  const connected = pair.relationship === 'connected';
  const experience = base.companyName
    ? [
        {
          position: base.headline.split(' at ')[0] ?? base.headline,
          company: base.companyName,
          current: true,
          start: null,
          end: null,
        },
      ]
    : [];
  return {
    object: 'UserProfile',
    provider: 'LINKEDIN',
    provider_id: pair.providerId,
    public_identifier: pair.publicIdentifier,
    first_name: base.firstName,
    last_name: base.lastName,
    headline: base.headline,
    ...(sections.has('about') && base.summary ? { summary: base.summary } : {}),
    ...(base.location ? { location: base.location } : {}),
    websites: [],
    public_profile_url: `https://www.linkedin.com/in/${encodeURIComponent(pair.publicIdentifier)}`,
    network_distance: connected ? 'FIRST_DEGREE' : 'SECOND_DEGREE',
    is_relationship: connected,
    can_send_inmail: !connected && TIER_RULES[account.tier].inmailApi !== null,
    ...(pair.pendingInvitation ? { invitation: { type: 'SENT', status: 'PENDING' } } : {}),
    ...(sections.has('experience') ? { work_experience: experience } : {}),
    ...(sections.has('education') ? { education: [] } : {}),
    ...(sections.has('languages') ? { languages: [] } : {}),
    ...(sections.has('skills') ? { skills: [] } : {}),
    ...(sections.has('certifications') ? { certifications: [] } : {}),
  };
}

/** `GET /linkedin/inmail_balance`: the subscribed service's credits, null for the others. */
export function inmailBalanceView(account: SimAccount, credits: number): Record<string, unknown> {
  const api = TIER_RULES[account.tier].inmailApi;
  return {
    object: 'LinkedinInmailBalance',
    premium: api === 'classic' ? credits : null,
    sales_navigator: api === 'sales_navigator' ? credits : null,
    recruiter: api === 'recruiter' ? credits : null,
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
        premiumContractId: account.tier === 'free' ? null : `contract-${account.id}`,
        premiumFeatures: TIER_RULES[account.tier].premiumFeatures,
      },
    },
    sources: [{ id: `${account.id}_MESSAGING`, status: account.status }],
  };
}
