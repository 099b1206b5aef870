import type { ActionType, EventInput, EventType } from '@outreach/domain';

/** An executed network action, the base of analytics. */
export interface ExecutedAction {
  /** Unique: logging the same action twice keeps one record. */
  idempotencyKey: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  accountId: string | null;
  stepId: string | null;
  variantId: string | null;
  type: ActionType;
  at: Date;
  /** A sent message's text and network id: filed in the lead's conversation with the derived records. */
  sentMessage?: { content: string; externalId: string };
}

/** What happened: the executed network actions and the product's events (the outbox). */
export interface RunnerActivityStore {
  /**
   * Logs the action (at once: the rolling windows of the account's actions see it) and leaves what
   * it changes beyond its own record (the lead's marks, the campaign counters, the daily roll-ups,
   * and a sent message's place in the lead's conversation) to `deriveActions`.
   */
  logAction(action: ExecutedAction): Promise<void>;
  /**
   * Writes the derived records of up to `limit` logged actions (of any runner, any workspace) in
   * bulk, under a lease; answers how many actions it took.
   */
  deriveActions(lease: { owner: string; now: Date; leaseMs: number }, limit: number): Promise<number>;
  /**
   * Writes the campaign counter moves of the leads settled since the last call (`settleLead` counts
   * them later, many campaigns in one write): the runner calls it every `leadCountsEveryMs`, with
   * `deriveActions`, and when it stops.
   */
  flushLeadCounts(): Promise<void>;
  /**
   * Inserts into the outbox under the id derived from type and transition key; false when the
   * transition was already recorded.
   */
  recordEvent<T extends EventType>(event: EventInput<T>): Promise<boolean>;
}
