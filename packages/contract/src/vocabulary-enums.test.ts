import {
  AB_VERDICTS,
  ACCOUNT_STATUSES,
  ACCOUNT_TIERS,
  AI_DECISION_SOURCES,
  WAITING_REASONS,
  AI_FAILURE_KINDS,
  MESSAGE_CONTENT_SOURCES,
  REPLY_LABELS,
  CAMPAIGN_STATUSES,
  CORE_VARIABLES,
  DELIVERY_FAILURE_REASONS,
  EVENT_TYPES,
  LEAD_INTERNAL_STATUSES,
  LEAD_STATUSES,
  LEAD_TAGS,
  MESSAGE_SENDERS,
  STEP_TYPES,
} from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi-document.js';

const schemas = openApiDocument.components['schemas'] as Record<
  string,
  { enum?: unknown; required?: unknown }
>;

describe('the enums of openapi.yaml', () => {
  it.each([
    ['CampaignStatus', CAMPAIGN_STATUSES],
    ['AbVerdict', AB_VERDICTS],
    ['StepType', STEP_TYPES],
    ['LeadStatus', LEAD_STATUSES],
    ['LeadInternalStatus', LEAD_INTERNAL_STATUSES],
    ['LeadTag', LEAD_TAGS],
    ['AccountStatus', ACCOUNT_STATUSES],
    ['AccountTier', ACCOUNT_TIERS],
    ['WaitingReason', WAITING_REASONS],
    ['MessageSender', MESSAGE_SENDERS],
    ['EventType', EVENT_TYPES],
    ['DeliveryFailureReason', DELIVERY_FAILURE_REASONS],
    ['AiDecisionSource', AI_DECISION_SOURCES],
    ['AiFailureKind', AI_FAILURE_KINDS],
    ['ReplyLabel', REPLY_LABELS],
    ['MessageContentSource', MESSAGE_CONTENT_SOURCES],
  ] as const)('%s lists the values of the shared vocabulary, in its order', (name, values) => {
    expect(schemas[name]?.enum).toEqual([...values]);
  });

  it('CoreVariables names the eight core variables', () => {
    expect(schemas['CoreVariables']?.required).toEqual([...CORE_VARIABLES]);
  });
});
