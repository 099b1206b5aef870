import type { Lease } from './lead-store.port.js';

export interface ReceivedMessage {
  campaignId: string;
  leadId: string;
  accountId: string;
  /** The network's message id: recording the same message twice keeps one. */
  externalId: string;
  content: string;
  receivedAt: Date;
}

/** A message a user wrote in a conversation, waiting to be sent by the runner. */
export interface QueuedMessage {
  id: string;
  workspaceId: string;
  conversationId: string;
  leadId: string;
  accountId: string | null;
  content: string;
  attempts: number;
}

/** Conversations: the messages sent and received, and those users queued for the runner to send. */
export interface RunnerConversationStore {
  /**
   * Appends to the lead's conversation. The same external id twice yields the first message with
   * `created: false` (a feed re-read after a crash).
   */
  recordReceivedMessage(
    workspaceId: string,
    message: ReceivedMessage,
  ): Promise<{ messageId: string; conversationUrn: string; created: boolean }>;

  claimQueuedMessage(lease: Lease): Promise<QueuedMessage | null>;
  markQueuedMessageSent(
    workspaceId: string,
    messageId: string,
    owner: string,
    sent: { externalId: string; sentAt: Date },
  ): Promise<void>;
  /** Gives the message back for a later try, or marks it failed with `error` when `retryAt` is null. */
  retryQueuedMessage(
    workspaceId: string,
    messageId: string,
    owner: string,
    retry: { retryAt: Date | null; error: string },
  ): Promise<void>;
}
