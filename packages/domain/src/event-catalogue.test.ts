/**
 * The event catalogue: its types, one data shape each, deterministic ids, and samples shaped
 * exactly like real events.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_DATA_FIELDS, EVENT_LEAD_FIELDS, TAG_SOURCES, toEventLead } from './event-catalogue.js';
import { buildEvent, eventId, tagEventType, transitionKeys } from './event-envelope.js';
import { performList, sampleEvent } from './event-samples.js';
import { conversationIdFromUrn, isPublicId } from './ids.js';
import { EVENT_TYPES, LEAD_TAGS } from './vocabulary.js';

const now = new Date('2026-03-10T10:00:00.000Z');

describe('the event types', () => {
  it('each have a data shape', () => {
    expect(EVENT_TYPES).toHaveLength(11);
    expect(Object.keys(EVENT_DATA_FIELDS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each([
    ['connection_request_accepted', ['campaignId', 'leadId', 'accountId', 'lead', 'acceptedAt']],
    [
      'message_received',
      ['campaignId', 'leadId', 'accountId', 'lead', 'conversationUrn', 'messageId', 'content', 'receivedAt'],
    ],
    ['lead_tagged_interested', ['campaignId', 'leadId', 'lead', 'tag', 'source', 'analysis', 'taggedAt']],
    ['lead_meeting_booked', ['campaignId', 'leadId', 'lead', 'tag', 'source', 'analysis', 'taggedAt']],
    ['lead_status_matched', ['campaignId', 'leadId', 'lead', 'tag', 'source', 'analysis', 'taggedAt']],
    ['lead_status_discarded', ['campaignId', 'leadId', 'lead', 'tag', 'source', 'analysis', 'taggedAt']],
    ['campaign_completed', ['campaignId', 'name', 'totalLeads', 'completedAt']],
    ['campaign_without_leads', ['campaignId', 'name', 'detectedAt']],
    ['network_account_disconnected', ['accountId', 'name', 'reason', 'restrictionReason', 'disconnectedAt']],
    [
      'lead_import_completed',
      [
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
    ],
  ] as const)('%s carries %j', (type, fields) => {
    expect(EVENT_DATA_FIELDS[type]).toEqual(fields);
    expect(Object.keys(sampleEvent(type, 'ws_1', now).data)).toEqual(fields);
  });

  it('shows a lead as { id, publicIdentifier, firstName, lastName, networkUrl }, unknown text as null', () => {
    expect(EVENT_LEAD_FIELDS).toEqual(['id', 'publicIdentifier', 'firstName', 'lastName', 'networkUrl']);
    expect(
      toEventLead({
        id: 'led_1',
        publicIdentifier: 'jane',
        firstName: 'Jane',
        lastName: null,
        networkUrl: '',
        extra: 1,
      } as never),
    ).toEqual({
      id: 'led_1',
      publicIdentifier: 'jane',
      firstName: 'Jane',
      lastName: null,
      networkUrl: null,
    });
  });

  it('maps each tag to its event type', () => {
    expect(LEAD_TAGS.map((tag) => tagEventType(tag))).toEqual([
      'lead_tagged_interested',
      'lead_meeting_booked',
      'lead_status_matched',
      'lead_status_discarded',
    ]);
    expect(TAG_SOURCES).toEqual(['manual', 'screener']);
  });
});

describe('event ids', () => {
  it('are evt_ + the first 24 hex characters of SHA-256 of <type>:<transition key>', () => {
    const expected = createHash('sha256').update('message_received:msg_1').digest('hex').slice(0, 24);
    expect(eventId('message_received', 'msg_1')).toBe(`evt_${expected}`);
    expect(isPublicId(eventId('message_received', 'msg_1'), 'evt')).toBe(true);
  });

  it('are the same for the same transition and differ across transitions and types', () => {
    expect(eventId('campaign_completed', 'cmp_1:2')).toBe(eventId('campaign_completed', 'cmp_1:2'));
    expect(eventId('campaign_completed', 'cmp_1:3')).not.toBe(eventId('campaign_completed', 'cmp_1:2'));
    expect(eventId('campaign_without_leads', 'cmp_1:2')).not.toBe(eventId('campaign_completed', 'cmp_1:2'));
    // sha256("campaign_completed:cmp_1:2"), first 24 hex characters: stored ids must never change
    expect(eventId('campaign_completed', 'cmp_1:2')).toBe('evt_756fddc735eb0d2f9cca30ea');
  });

  it('name transitions with the agreed keys', () => {
    expect(transitionKeys.connectionRequestAccepted('led_1', 'stp_1')).toBe('led_1:stp_1');
    expect(transitionKeys.messageReceived('msg_1')).toBe('msg_1');
    expect(transitionKeys.leadTagged('led_1')).toBe('led_1');
    expect(transitionKeys.campaignCompleted('cmp_1', 3)).toBe('cmp_1:3');
    expect(transitionKeys.campaignWithoutLeads('cmp_1', 3)).toBe('cmp_1:3');
    expect(transitionKeys.campaignWithoutLeads('cmp_1', 3, 2)).toBe('cmp_1:3:2');
    expect(transitionKeys.campaignCompleted('cmp_1', 3, 2)).toBe('cmp_1:3:2');
    expect(transitionKeys.networkAccountDisconnected('acc_1', '2026-03-01T00:00:00.000Z')).toBe(
      'acc_1:2026-03-01T00:00:00.000Z',
    );
  });
});

describe('buildEvent', () => {
  it('wraps data in the envelope { id, type, timestamp, workspaceId, data }', () => {
    const data = { campaignId: 'cmp_1', name: 'Q2', detectedAt: now.toISOString() };
    const event = buildEvent({
      type: 'campaign_without_leads',
      transitionKey: transitionKeys.campaignWithoutLeads('cmp_1', 1),
      workspaceId: 'ws_1',
      occurredAt: now,
      data,
    });
    expect(event).toEqual({
      id: eventId('campaign_without_leads', 'cmp_1:1'),
      type: 'campaign_without_leads',
      timestamp: '2026-03-10T10:00:00.000Z',
      workspaceId: 'ws_1',
      data,
    });
  });
});

describe('samples', () => {
  it.each(EVENT_TYPES)('%s sample has the envelope, valid ids and ISO timestamps', (type) => {
    const event = sampleEvent(type, 'ws_1', now);
    expect(Object.keys(event)).toEqual(['id', 'type', 'timestamp', 'workspaceId', 'data']);
    expect(event).toMatchObject({ type, timestamp: now.toISOString(), workspaceId: 'ws_1' });
    expect(isPublicId(event.id, 'evt')).toBe(true);
    const data = event.data as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(data)) {
      if (key.endsWith('At')) expect(value).toBe(now.toISOString());
      if (key === 'campaignId') expect(isPublicId(value, 'cmp')).toBe(true);
      if (key === 'accountId') expect(isPublicId(value, 'acc')).toBe(true);
      if (key === 'leadId') expect(isPublicId(value, 'led')).toBe(true);
      if (key === 'lead') expect(Object.keys(value as object)).toEqual([...EVENT_LEAD_FIELDS]);
    }
  });

  it('gives the tag events the matching tag and a known source', () => {
    for (const tag of LEAD_TAGS) {
      const data = sampleEvent(tagEventType(tag), 'ws_1', now).data;
      expect(data.tag).toBe(tag);
      expect(TAG_SOURCES).toContain(data.source);
    }
  });

  it('puts a valid conversation URN in message_received', () => {
    const data = sampleEvent('message_received', 'ws_1', now).data;
    expect(conversationIdFromUrn(data.conversationUrn)).not.toBeNull();
    expect(isPublicId(data.messageId, 'msg')).toBe(true);
  });

  it('fills the samples with a recognisable fake lead, sender, reply and reasons', () => {
    const reply = sampleEvent('message_received', 'ws_1', now).data;
    expect(reply.lead).toEqual({
      id: reply.leadId,
      publicIdentifier: 'jane-doe',
      firstName: 'Jane',
      lastName: 'Doe',
      networkUrl: 'https://www.network.example/in/jane-doe/',
    });
    expect(reply.content).toBe('Thanks for reaching out, happy to talk next week.');
    expect(sampleEvent('lead_tagged_interested', 'ws_1', now).data.analysis).toEqual({
      label: 'interested',
      confidence: 0.9,
      reason: 'The lead asks to hear more next week.',
      source: 'model',
      model: 'gpt-4.1-mini',
      failure: null,
    });
    expect(sampleEvent('lead_status_matched', 'ws_1', now).data.analysis?.reason).toBe(
      'The lead confirms they are hiring.',
    );
    expect(sampleEvent('campaign_completed', 'ws_1', now).data.name).toBe('Sample campaign');
    expect(sampleEvent('campaign_without_leads', 'ws_1', now).data.name).toBe('Sample campaign');
    expect(sampleEvent('network_account_disconnected', 'ws_1', now).data).toMatchObject({
      name: 'Sample sender',
      reason: 'session_expired',
    });
  });

  it('gives each kind of sample id its own value, not only its own prefix', () => {
    const data = sampleEvent('message_received', 'ws_1', now).data;
    const values = [data.leadId, data.campaignId, data.accountId, data.messageId].map((id) => id.slice(4));
    expect(new Set(values).size).toBe(4);
  });

  it('keeps a stable id per workspace', () => {
    expect(sampleEvent('campaign_completed', 'ws_1', now).id).toBe(
      sampleEvent('campaign_completed', 'ws_1', new Date(0)).id,
    );
    expect(sampleEvent('campaign_completed', 'ws_2', now).id).not.toBe(
      sampleEvent('campaign_completed', 'ws_1', now).id,
    );
  });
});

describe('perform-list', () => {
  const real = (minute: number) =>
    buildEvent({
      type: 'campaign_completed',
      transitionKey: `cmp_1:${minute}`,
      workspaceId: 'ws_1',
      occurredAt: new Date(Date.UTC(2026, 2, 10, 10, minute)),
      data: { campaignId: 'cmp_1', name: 'Q2', totalLeads: 3, completedAt: '2026-03-10T10:00:00.000Z' },
    });

  it('returns at most 3 real events, newest first', () => {
    const list = performList([real(1), real(4), real(2), real(3)], 'campaign_completed', 'ws_1', now);
    expect(list.map((event) => event.timestamp)).toEqual([
      '2026-03-10T10:04:00.000Z',
      '2026-03-10T10:03:00.000Z',
      '2026-03-10T10:02:00.000Z',
    ]);
  });

  it('returns a generated sample when the workspace has no event of the type', () => {
    expect(performList([], 'campaign_completed', 'ws_1', now)).toEqual([
      sampleEvent('campaign_completed', 'ws_1', now),
    ]);
  });
});
