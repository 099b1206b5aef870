import type { ActionType } from '@outreach/domain';
import { newId } from '../common/public-ids.js';
import type { ActionRecord, ActionToLog } from './action.schema.js';

export interface NewAction {
  campaignId: string;
  leadId: string;
  accountId?: string | null;
  stepId?: string | null;
  variantId?: string | null;
  type: ActionType;
  idempotencyKey: string;
  occurredAt: Date;
  /**
   * With `recordLater` only: the message a `message_sent` or `inmail_sent` action sent, filed in
   * the lead's conversation (through the action's sender account) by the follower.
   */
  sentMessage?: { content: string; externalId: string };
}

/** A new action's record, under a fresh id. */
export function recordOf(input: NewAction): Omit<ActionRecord, 'workspaceId'> {
  return {
    _id: newId('action'),
    campaignId: input.campaignId,
    leadId: input.leadId,
    accountId: input.accountId ?? null,
    stepId: input.stepId ?? null,
    variantId: input.variantId ?? null,
    type: input.type,
    idempotencyKey: input.idempotencyKey,
    occurredAt: input.occurredAt,
  };
}

/** A new action as logged later (see `ActionRepository.toLog`), pending its derived records. */
export function actionToLog(input: NewAction): ActionToLog {
  const { sentMessage } = input;
  if (sentMessage !== undefined && (input.accountId ?? null) === null)
    throw new TypeError('a sent message needs the sender account it went through');
  return {
    ...recordOf(input),
    derivePending: true,
    ...(sentMessage === undefined
      ? {}
      : { sentMessage: { content: sentMessage.content, externalId: sentMessage.externalId } }),
  };
}
