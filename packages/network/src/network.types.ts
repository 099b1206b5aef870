/**
 * What the service knows of the professional network, whatever the provider: a member's
 * profile, the relationship between a sender account and a lead, and the events the runner
 * handles (translated from the provider's stored webhooks and reconciliation polls).
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

export interface InvitationAcceptedEvent {
  /** Stable across deliveries: use it to drop events already handled. */
  id: string;
  type: 'invitation_accepted';
  invitationId: string;
  /** The member id the provider reports (match on it first); null when the source has none. */
  providerId: string | null;
  /** As the provider spells it: compare it normalised (lower case, URL-decoded). */
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
