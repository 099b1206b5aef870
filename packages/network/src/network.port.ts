/**
 * The boundary between the service and the professional network. Every call names the sender
 * account (our `acc_...` id, which the provider uses to identify the account); every action also
 * carries an idempotency key, so a repeated key yields the stored result and never a second action.
 * Failures are thrown as the typed errors of `network.errors.ts`.
 */
export type Relationship = 'connected' | 'invitation_pending' | 'none';

export interface NetworkProfile {
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  headline: string;
  companyName: string | null;
  location: string | null;
  summary: string | null;
  networkUrl: string;
}

export interface SendInvitationInput {
  accountId: string;
  publicIdentifier: string;
  note?: string;
  idempotencyKey: string;
}

export interface SendInvitationResult {
  invitationId: string;
  sentAt: Date;
}

export interface SendMessageInput {
  accountId: string;
  publicIdentifier: string;
  content: string;
  /** Send as an InMail, which needs no connection but an account entitled to InMail. */
  inmail: boolean;
  idempotencyKey: string;
}

export interface SendMessageResult {
  messageId: string;
  conversationId: string;
  sentAt: Date;
}

export interface VisitProfileInput {
  accountId: string;
  publicIdentifier: string;
  idempotencyKey: string;
}

export interface VisitProfileResult {
  profile: NetworkProfile;
  visitedAt: Date;
}

export interface GetRelationshipInput {
  accountId: string;
  publicIdentifier: string;
}

export interface InvitationAcceptedEvent {
  /** Stable across polls: use it to drop events seen before a crash. */
  id: string;
  type: 'invitation_accepted';
  invitationId: string;
  publicIdentifier: string;
  occurredAt: Date;
}

export interface MessageReceivedEvent {
  id: string;
  type: 'message_received';
  messageId: string;
  conversationId: string;
  publicIdentifier: string;
  content: string;
  occurredAt: Date;
}

export interface SessionExpiredEvent {
  id: string;
  type: 'session_expired';
  reason: string;
  occurredAt: Date;
}

export type NetworkEvent = InvitationAcceptedEvent | MessageReceivedEvent | SessionExpiredEvent;
export type NetworkEventType = NetworkEvent['type'];

export interface PollEventsInput {
  accountId: string;
  /** The cursor of the previous poll; omitted on the first poll to read from the beginning. */
  cursor?: string;
  /** At most this many events (provider default 100, max 500). */
  limit?: number;
}

export interface PollEventsResult {
  events: NetworkEvent[];
  /** Pass it to the next poll. Store it only after the events are processed. */
  cursor: string;
  /** More events are waiting beyond `limit`: poll again right away. */
  hasMore: boolean;
}

export interface NetworkPort {
  sendInvitation(input: SendInvitationInput): Promise<SendInvitationResult>;
  sendMessage(input: SendMessageInput): Promise<SendMessageResult>;
  visitProfile(input: VisitProfileInput): Promise<VisitProfileResult>;
  getRelationship(input: GetRelationshipInput): Promise<Relationship>;
  pollEvents(input: PollEventsInput): Promise<PollEventsResult>;
}
