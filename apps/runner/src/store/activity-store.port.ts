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
}

/** What happened: the executed network actions and the product's events (the outbox). */
export interface RunnerActivityStore {
  logAction(action: ExecutedAction): Promise<void>;
  /**
   * Inserts into the outbox under the id derived from type and transition key; false when the
   * transition was already recorded.
   */
  recordEvent<T extends EventType>(event: EventInput<T>): Promise<boolean>;
}
