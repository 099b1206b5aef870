/**
 * The webhook event catalogue: the `data` each of the eleven event types carries. Every timestamp is
 * an ISO 8601 string. Deliveries wrap the data in the envelope `{ id, type, timestamp, workspaceId,
 * data }` (see `buildEvent`).
 */
import type { AiDecisionSource, AiFailureKind, ReplyLabel } from './ai-decisions.js';
import type { ImportSkipCounts, FinishedLeadImportStatus } from './lead-import-job.rules.js';
import type { LeadSourceType } from './lead-import-source.rules.js';
import type { EventType, LeadTag } from './vocabulary.js';

/** Who set a lead's tag: a person through the API, or the screener's analysis of a reply. */
export const TAG_SOURCES = ['manual', 'screener'] as const;
export type TagSource = (typeof TAG_SOURCES)[number];

/**
 * The lead as events (and the API's lead summaries) show it. Profile text that is unknown is null,
 * never '' (the data layer stores unknown text as '').
 */
export interface EventLead {
  id: string;
  publicIdentifier: string;
  firstName: string | null;
  lastName: string | null;
  networkUrl: string | null;
}

export interface ConnectionRequestAcceptedData {
  campaignId: string;
  leadId: string;
  accountId: string;
  lead: EventLead;
  acceptedAt: string;
}

export interface MessageReceivedData {
  campaignId: string;
  leadId: string;
  accountId: string;
  lead: EventLead;
  conversationUrn: string;
  messageId: string;
  content: string;
  receivedAt: string;
}

/** Why the screener tagged a lead: its reading of the reply, and where that reading came from. */
export interface TagAnalysis {
  label: ReplyLabel;
  /** 0 to 1; keyword rules are certain of what they match (1). */
  confidence: number;
  reason: string;
  source: AiDecisionSource;
  model: string | null;
  failure: AiFailureKind | null;
}

export interface LeadTaggedData<Tag extends LeadTag = LeadTag> {
  campaignId: string;
  leadId: string;
  lead: EventLead;
  tag: Tag;
  source: TagSource;
  /** The screener's analysis of the reply; null for a tag set by hand. */
  analysis: TagAnalysis | null;
  taggedAt: string;
}

export interface CampaignCompletedData {
  campaignId: string;
  name: string;
  totalLeads: number;
  completedAt: string;
}

export interface CampaignWithoutLeadsData {
  campaignId: string;
  name: string;
  detectedAt: string;
}

export interface NetworkAccountDisconnectedData {
  accountId: string;
  name: string;
  reason: string;
  /**
   * The network's reason when it restricted the account (`account_restricted`, `action_required`,
   * ...); null when the session simply ended. Optional here because events recorded before the
   * field existed lack it; deliveries show them with null.
   */
  restrictionReason?: string | null;
  disconnectedAt: string;
}

/**
 * A lead import ended: read to the end (`completed`), read as far as the network's cap on one
 * search lets it (`capped`, with what was left out), stopped by a user (`cancelled`) or stopped by
 * a failure (`failed`, with the error). Fired once per import.
 */
export interface LeadImportCompletedData {
  importId: string;
  campaignId: string;
  accountId: string;
  sourceType: LeadSourceType;
  status: FinishedLeadImportStatus;
  total: number | null;
  importable: number | null;
  fetched: number;
  added: number;
  skipped: ImportSkipCounts;
  capped: number;
  error: string | null;
  finishedAt: string;
}

/**
 * Too few of a sender's recent invitations were accepted: the acceptance guard started to halve
 * its daily invitations (`halved`) or stopped them until a user lifts the stop (`stopped`). Fired
 * once when each begins.
 */
export interface AcceptanceGuardStartedData {
  accountId: string;
  name: string;
  state: 'halved' | 'stopped';
  /** Accepted share of the invitations sent 3 to 21 days ago. */
  acceptanceRate: number;
  sent: number;
  accepted: number;
  halveBelow: number;
  stopBelow: number;
  startedAt: string;
}

export interface EventDataMap {
  connection_request_accepted: ConnectionRequestAcceptedData;
  message_received: MessageReceivedData;
  lead_tagged_interested: LeadTaggedData<'interested'>;
  lead_meeting_booked: LeadTaggedData<'meeting_booked'>;
  lead_status_matched: LeadTaggedData<'matched'>;
  lead_status_discarded: LeadTaggedData<'discarded'>;
  campaign_completed: CampaignCompletedData;
  campaign_without_leads: CampaignWithoutLeadsData;
  network_account_disconnected: NetworkAccountDisconnectedData;
  acceptance_guard_started: AcceptanceGuardStartedData;
  lead_import_completed: LeadImportCompletedData;
}

export type EventData<T extends EventType = EventType> = EventDataMap[T];

/** The envelope of every delivered event. */
export interface WebhookEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  /** ISO 8601: when the transition happened. */
  timestamp: string;
  workspaceId: string;
  data: EventDataMap[T];
}

const LEAD_TAGGED_FIELDS = ['campaignId', 'leadId', 'lead', 'tag', 'source', 'analysis', 'taggedAt'] as const;

/** The fields of each type's `data`, in the order deliveries show them (for docs and shape tests). */
export const EVENT_DATA_FIELDS = {
  connection_request_accepted: ['campaignId', 'leadId', 'accountId', 'lead', 'acceptedAt'],
  message_received: [
    'campaignId',
    'leadId',
    'accountId',
    'lead',
    'conversationUrn',
    'messageId',
    'content',
    'receivedAt',
  ],
  lead_tagged_interested: LEAD_TAGGED_FIELDS,
  lead_meeting_booked: LEAD_TAGGED_FIELDS,
  lead_status_matched: LEAD_TAGGED_FIELDS,
  lead_status_discarded: LEAD_TAGGED_FIELDS,
  campaign_completed: ['campaignId', 'name', 'totalLeads', 'completedAt'],
  campaign_without_leads: ['campaignId', 'name', 'detectedAt'],
  network_account_disconnected: ['accountId', 'name', 'reason', 'restrictionReason', 'disconnectedAt'],
  acceptance_guard_started: [
    'accountId',
    'name',
    'state',
    'acceptanceRate',
    'sent',
    'accepted',
    'halveBelow',
    'stopBelow',
    'startedAt',
  ],
  lead_import_completed: [
    'importId',
    'campaignId',
    'accountId',
    'sourceType',
    'status',
    'total',
    'importable',
    'fetched',
    'added',
    'skipped',
    'capped',
    'error',
    'finishedAt',
  ],
} as const satisfies { [T in EventType]: readonly (keyof EventDataMap[T])[] };

export const EVENT_LEAD_FIELDS = [
  'id',
  'publicIdentifier',
  'firstName',
  'lastName',
  'networkUrl',
] as const satisfies readonly (keyof EventLead)[];

/** The event-facing view of a lead; absent names become empty strings. */
export function toEventLead(lead: {
  id: string;
  publicIdentifier: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  networkUrl?: string | null | undefined;
}): EventLead {
  return {
    id: lead.id,
    publicIdentifier: lead.publicIdentifier,
    firstName: knownText(lead.firstName),
    lastName: knownText(lead.lastName),
    networkUrl: knownText(lead.networkUrl),
  };
}

/** Stored profile text as shown: '' (unknown) and missing are null. */
export function knownText(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}
