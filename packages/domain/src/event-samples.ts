/**
 * Sample events for `GET /v1/hooks/perform-list`: shaped exactly like real deliveries, with ids
 * that are valid, stable and recognisably fake, so a webhook consumer can be built before the first
 * real event.
 */
import { createHash } from 'node:crypto';
import type { EventDataMap, EventLead, WebhookEvent } from './event-catalogue.js';
import { buildEvent } from './event-envelope.js';
import { conversationUrn, type IdPrefix } from './ids.js';
import { LIMITS, type EventType } from './vocabulary.js';

function sampleId(prefix: IdPrefix): string {
  return `${prefix}_${createHash('sha256').update(`sample:${prefix}`).digest('hex').slice(0, 24)}`;
}

const SAMPLE_LEAD: EventLead = {
  id: sampleId('led'),
  publicIdentifier: 'jane-doe',
  firstName: 'Jane',
  lastName: 'Doe',
  networkUrl: 'https://www.network.example/in/jane-doe/',
};

const CAMPAIGN = { campaignId: sampleId('cmp') };
const LEAD = { leadId: SAMPLE_LEAD.id, lead: SAMPLE_LEAD };
const ACCOUNT_LEAD = { campaignId: CAMPAIGN.campaignId, leadId: SAMPLE_LEAD.id, accountId: sampleId('acc') };

const SCREENER_ANALYSIS = (label: 'interested' | 'matched') => ({
  label,
  confidence: 0.9,
  reason:
    label === 'interested' ? 'The lead asks to hear more next week.' : 'The lead confirms they are hiring.',
  source: 'model' as const,
  model: 'gpt-4.1-mini',
  failure: null,
});

const SAMPLES: { [T in EventType]: (at: string) => EventDataMap[T] } = {
  connection_request_accepted: (at) => ({ ...ACCOUNT_LEAD, lead: SAMPLE_LEAD, acceptedAt: at }),
  message_received: (at) => ({
    ...ACCOUNT_LEAD,
    lead: SAMPLE_LEAD,
    conversationUrn: conversationUrn(sampleId('cnv')),
    messageId: sampleId('msg'),
    content: 'Thanks for reaching out, happy to talk next week.',
    receivedAt: at,
  }),
  lead_tagged_interested: (at) => ({
    ...CAMPAIGN,
    ...LEAD,
    tag: 'interested',
    source: 'screener',
    analysis: SCREENER_ANALYSIS('interested'),
    taggedAt: at,
  }),
  lead_meeting_booked: (at) => ({
    ...CAMPAIGN,
    ...LEAD,
    tag: 'meeting_booked',
    source: 'manual',
    analysis: null,
    taggedAt: at,
  }),
  lead_status_matched: (at) => ({
    ...CAMPAIGN,
    ...LEAD,
    tag: 'matched',
    source: 'screener',
    analysis: SCREENER_ANALYSIS('matched'),
    taggedAt: at,
  }),
  lead_status_discarded: (at) => ({
    ...CAMPAIGN,
    ...LEAD,
    tag: 'discarded',
    source: 'manual',
    analysis: null,
    taggedAt: at,
  }),
  campaign_completed: (at) => ({ ...CAMPAIGN, name: 'Sample campaign', totalLeads: 42, completedAt: at }),
  campaign_without_leads: (at) => ({ ...CAMPAIGN, name: 'Sample campaign', detectedAt: at }),
  network_account_disconnected: (at) => ({
    accountId: sampleId('acc'),
    name: 'Sample sender',
    reason: 'session_expired',
    restrictionReason: null,
    disconnectedAt: at,
  }),
  acceptance_guard_started: (at) => ({
    accountId: sampleId('acc'),
    name: 'Sample sender',
    state: 'halved',
    acceptanceRate: 0.16,
    sent: 50,
    accepted: 8,
    halveBelow: 0.2,
    stopBelow: 0.1,
    startedAt: at,
  }),
  lead_import_completed: (at) => ({
    importId: sampleId('imp'),
    campaignId: CAMPAIGN.campaignId,
    accountId: sampleId('acc'),
    sourceType: 'linkedin_search',
    status: 'capped',
    total: 3400,
    importable: 1000,
    fetched: 1000,
    added: 912,
    skipped: {
      already_in_campaign: 20,
      in_other_campaign: 31,
      contacted_recently: 12,
      blocked: 3,
      already_connected: 15,
      invitation_pending: 2,
      invalid: 4,
      duplicate_in_source: 1,
    },
    capped: 2400,
    error: null,
    finishedAt: at,
  }),
};

/** A sample event of `type` for the workspace, stamped `now`; its id is stable per workspace. */
export function sampleEvent<T extends EventType>(type: T, workspaceId: string, now: Date): WebhookEvent<T> {
  const data = (SAMPLES[type] as (at: string) => EventDataMap[T])(now.toISOString());
  return buildEvent({ type, transitionKey: `sample:${workspaceId}`, workspaceId, occurredAt: now, data });
}

/**
 * What perform-list returns: the newest real events of the type (at most 3), or one sample when the
 * workspace has none yet.
 */
export function performList<T extends EventType>(
  recent: readonly WebhookEvent<T>[],
  type: T,
  workspaceId: string,
  now: Date,
): WebhookEvent<T>[] {
  if (recent.length === 0) return [sampleEvent(type, workspaceId, now)];
  return [...recent]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, LIMITS.performListMax);
}
