import { LIMITS } from '@outreach/domain';
import { z } from 'zod';

/**
 * The provider-style HTTP API that the sandbox serves and the HTTP adapter speaks. Request schemas
 * are enforced by the sandbox, response schemas by the adapter, so both ends read one definition.
 * Timestamps travel as ISO 8601 strings; the adapter turns them into `Date`s.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const enc = encodeURIComponent;
const accountPath = (accountId: string) => `/v1/accounts/${enc(accountId)}`;

export const providerPaths = {
  invitations: (accountId: string) => `${accountPath(accountId)}/invitations`,
  messages: (accountId: string) => `${accountPath(accountId)}/messages`,
  profileVisits: (accountId: string) => `${accountPath(accountId)}/profile-visits`,
  relationship: (accountId: string, publicIdentifier: string) =>
    `${accountPath(accountId)}/relationships/${enc(publicIdentifier)}`,
  events: (accountId: string) => `${accountPath(accountId)}/events`,
};

/** Stable machine-readable reasons in error bodies. */
export const PROVIDER_ERROR_CODES = [
  'invalid_request',
  'rate_limited',
  'session_expired',
  'profile_not_found',
  'not_connected',
  'inmail_not_allowed',
  'already_connected',
  'invitation_pending',
  'server_error',
  'timeout',
  'not_found',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

const publicIdentifier = z.string().trim().min(1).max(200);

export const invitationRequestSchema = z.strictObject({
  publicIdentifier,
  note: z.string().max(LIMITS.invitationNoteMaxLength).optional(),
});

export const messageRequestSchema = z.strictObject({
  publicIdentifier,
  content: z.string().min(1).max(LIMITS.variantBodyMaxLength),
  inmail: z.boolean(),
});

export const profileVisitRequestSchema = z.strictObject({ publicIdentifier });

export const eventsQuerySchema = z.object({
  cursor: z.string().regex(/^\d+$/).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const timestamp = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const invitationResponseSchema = z.object({ invitationId: z.string(), sentAt: timestamp });

export const messageResponseSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  sentAt: timestamp,
});

export const profileSchema = z.object({
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  companyName: z.string().nullable(),
  location: z.string().nullable(),
  summary: z.string().nullable(),
  networkUrl: z.string(),
});

export const profileVisitResponseSchema = z.object({ profile: profileSchema, visitedAt: timestamp });

export const relationshipResponseSchema = z.object({
  publicIdentifier: z.string(),
  relationship: z.enum(['connected', 'invitation_pending', 'none']),
});

export const eventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('invitation_accepted'),
    invitationId: z.string(),
    publicIdentifier: z.string(),
    occurredAt: timestamp,
  }),
  z.object({
    id: z.string(),
    type: z.literal('message_received'),
    messageId: z.string(),
    conversationId: z.string(),
    publicIdentifier: z.string(),
    content: z.string(),
    occurredAt: timestamp,
  }),
  z.object({
    id: z.string(),
    type: z.literal('session_expired'),
    reason: z.string(),
    occurredAt: timestamp,
  }),
]);

export const eventsResponseSchema = z.object({
  events: z.array(eventSchema),
  cursor: z.string(),
  hasMore: z.boolean(),
});

export const errorBodySchema = z.object({
  statusCode: z.number(),
  message: z.string(),
  code: z.string().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
});

/** What the sandbox writes: the wire form, with timestamps as strings. */
export type WireInvitationResponse = z.input<typeof invitationResponseSchema>;
export type WireMessageResponse = z.input<typeof messageResponseSchema>;
export type WireProfileVisitResponse = z.input<typeof profileVisitResponseSchema>;
export type WireRelationshipResponse = z.input<typeof relationshipResponseSchema>;
export type WireEvent = z.input<typeof eventSchema>;
export type WireEventsResponse = z.input<typeof eventsResponseSchema>;
export type WireErrorBody = z.input<typeof errorBodySchema>;
export type WireProfile = z.input<typeof profileSchema>;
