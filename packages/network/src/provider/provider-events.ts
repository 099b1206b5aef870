/**
 * What a provider pushes (webhooks), in the port's terms. Relation and message events carry `id`,
 * stable across redeliveries, so the ingestion route can store each once.
 */
export interface RelationCreatedEvent {
  id: string;
  type: 'invitation_accepted';
  accountId: string;
  providerId: string;
  publicIdentifier: string;
  occurredAt: Date;
}

export interface ProviderMessageEvent {
  id: string;
  /** `message_received` from a lead; `message_sent` by the account (from any device). */
  type: 'message_received' | 'message_sent';
  accountId: string;
  messageId: string;
  chatId: string;
  senderProviderId: string;
  content: string;
  occurredAt: Date;
}

export type ProviderAccountEventStatus =
  'connected' | 'disconnected' | 'connecting' | 'error' | 'created' | 'reconnected' | 'deleted';

/**
 * Account status and hosted-auth callbacks carry no provider event id and the same status may
 * come back after a later change (CREDENTIALS, RECONNECTED, CREDENTIALS...), so they have no `id`:
 * they are states, stored as they come and applied as "latest wins", never de-duplicated.
 */
export interface AccountStatusEvent {
  id: null;
  type: 'account_status';
  accountId: string;
  status: ProviderAccountEventStatus;
  /** False only when the provider lost the credentials. */
  authenticated: boolean;
  /** The provider's own status word, kept for logs. */
  providerStatus: string;
}

/** The hosted-auth callback: an account was connected or reconnected. */
export interface AccountLinkedEvent {
  id: null;
  type: 'account_linked';
  accountId: string;
  /** The `name` given when the link was created. */
  name: string;
  status: 'created' | 'reconnected';
}

export type ProviderEvent =
  RelationCreatedEvent | ProviderMessageEvent | AccountStatusEvent | AccountLinkedEvent;
