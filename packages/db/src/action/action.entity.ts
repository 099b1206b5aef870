import type { ActionType } from '@outreach/domain';
import type { ActionRecord } from './action.schema.js';

export interface Action {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  accountId: string | null;
  stepId: string | null;
  variantId: string | null;
  type: ActionType;
  idempotencyKey: string;
  occurredAt: Date;
}

export function toAction(record: ActionRecord): Action {
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    campaignId: record.campaignId,
    leadId: record.leadId,
    accountId: record.accountId ?? null,
    stepId: record.stepId ?? null,
    variantId: record.variantId ?? null,
    type: record.type,
    idempotencyKey: record.idempotencyKey,
    occurredAt: record.occurredAt,
  };
}
