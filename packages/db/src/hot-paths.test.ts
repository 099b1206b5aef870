/**
 * The hot paths named by the product (claiming due leads, listing a campaign's leads by status,
 * the blocked lookup by identifier, claiming due deliveries, plus the other claims) must each be
 * served by a declared index. This checks the query shapes against the schemas on any backend;
 * lead-lease.int.test.ts confirms the claim's plan with `explain` on a real server.
 */
import { describe, expect, it } from 'vitest';
import { apiKeySchema } from './api-key/api-key.schema.js';
import { auditEntrySchema } from './audit/audit.schema.js';
import { blockedLeadSchema } from './blocked-lead/blocked-lead.schema.js';
import { campaignSchema } from './campaign/campaign.schema.js';
import { conversationSchema } from './conversation/conversation.schema.js';
import { messageSchema } from './conversation/message.schema.js';
import { dailyRollupSchema } from './daily-rollup/daily-rollup.schema.js';
import { deliverySchema } from './delivery/delivery.schema.js';
import { eventSchema } from './event/event.schema.js';
import { leadSchema } from './lead/lead.schema.js';
import { leadImportSchema } from './lead-import/lead-import.schema.js';
import { leadImportRowSchema } from './lead-import-row/lead-import-row.schema.js';
import { DUE_LEAD_SORT, dueLeadFilter } from './lead/lead-lease.repository.js';
import { senderAccountSchema } from './sender-account/sender-account.schema.js';
import { servingIndex } from './testing/index-coverage.js';
import { webhookSubscriptionSchema } from './webhook-subscription/webhook-subscription.schema.js';

describe('hot paths are served by an index', () => {
  it('claiming due leads: equality on workspace and campaign, range and sort on nextActionAt', () => {
    const filter = dueLeadFilter('cmp_000000000000000000000001', new Date());
    expect(Object.keys(filter)).toEqual(['campaignId', 'nextActionAt', 'leaseUntil']);
    expect(Object.keys(DUE_LEAD_SORT)).toEqual(['nextActionAt']);
    expect(
      servingIndex(leadSchema, {
        equality: ['workspaceId', 'campaignId'],
        range: 'nextActionAt',
        sort: ['nextActionAt'],
      }),
    ).toBe('workspaceId_campaignId_nextActionAt');
  });

  it('leaves non-runnable leads out of the claim index', () => {
    const claimIndex = leadSchema.indexes().find(([keys]) => 'nextActionAt' in keys);
    expect(claimIndex?.[1]).toMatchObject({ partialFilterExpression: { nextActionAt: { $exists: true } } });
  });

  it('listing a campaign’s leads, with and without a status, in creation order', () => {
    expect(
      servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId', 'status'], sort: ['_id'] }),
    ).toBeDefined();
    expect(
      servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId'], sort: ['_id'] }),
    ).toBeDefined();
  });

  it('the blocked lookup by identifier', () => {
    expect(servingIndex(blockedLeadSchema, { equality: ['workspaceId', 'publicIdentifier'] })).toBeDefined();
  });

  it('claiming due deliveries, events to fan out and queued messages', () => {
    expect(
      servingIndex(deliverySchema, { equality: [], range: 'nextAttemptAt', sort: ['nextAttemptAt'] }),
    ).toBe('nextAttemptAt');
    expect(servingIndex(eventSchema, { equality: [], range: 'fanOutAfter', sort: ['fanOutAfter'] })).toBe(
      'fanOutAfter',
    );
    expect(servingIndex(messageSchema, { equality: [], range: 'sendAfter', sort: ['sendAfter'] })).toBe(
      'sendAfter',
    );
  });

  it('the analytics window counts of leads: added by creation time, completed by completion time', () => {
    expect(servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId'], range: 'createdAt' })).toBe(
      'workspaceId_campaignId_createdAt',
    );
    expect(servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId'], range: 'completedAt' })).toBe(
      'workspaceId_campaignId_completedAt',
    );
    const completionIndex = leadSchema.indexes().find(([keys]) => 'completedAt' in keys);
    expect(completionIndex?.[1]).toMatchObject({
      partialFilterExpression: { completedAt: { $exists: true } },
    });
  });

  it('the fan-out’s read of the subscriptions of several (workspace, type) pairs', () => {
    expect(servingIndex(webhookSubscriptionSchema, { equality: ['workspaceId', 'type'] })).toBeDefined();
  });

  it('the pages of sender accounts and webhook subscriptions, in creation order', () => {
    const page = { equality: ['workspaceId'], sort: ['createdAt', '_id'] };
    expect(servingIndex(senderAccountSchema, page)).toBe('workspaceId_createdAt__id');
    expect(servingIndex(webhookSubscriptionSchema, page)).toBe('workspaceId_createdAt__id');
  });

  it('revoking an API key by prefix across workspaces, and listing conversations', () => {
    expect(servingIndex(apiKeySchema, { equality: ['prefix'] })).toBe('prefix');
    expect(
      servingIndex(conversationSchema, { equality: ['workspaceId'], sort: ['lastMessageAt', '_id'] }),
    ).toBe('workspaceId_lastMessageAt__id');
    for (const filter of ['campaignId', 'accountId', 'unread'])
      expect(
        servingIndex(conversationSchema, {
          equality: ['workspaceId', filter],
          sort: ['lastMessageAt', '_id'],
        }),
      ).toBe(`workspaceId_${filter}_lastMessageAt__id`);
  });

  it('the block lists by block date, and their search by identifier prefix', () => {
    const list = ['workspaceId', 'scope', 'campaignId'];
    expect(servingIndex(blockedLeadSchema, { equality: list, sort: ['createdAt', '_id'] })).toBe(
      'workspaceId_scope_campaignId_createdAt__id',
    );
    expect(servingIndex(blockedLeadSchema, { equality: list, range: 'publicIdentifier' })).toBe(
      'workspaceId_scope_campaignId_publicIdentifier',
    );
  });

  it('the campaign list, newest first, with and without a status', () => {
    const sort = ['createdAt', '_id'];
    expect(servingIndex(campaignSchema, { equality: ['workspaceId'], sort })).toBeDefined();
    expect(servingIndex(campaignSchema, { equality: ['workspaceId', 'status'], sort })).toBeDefined();
  });

  it('rejects a query whose equality fields are not an index prefix', () => {
    expect(servingIndex(leadSchema, { equality: ['status'], sort: ['_id'] })).toBeUndefined();
    expect(
      servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId'], sort: ['updatedAt'] }),
    ).toBeUndefined();
  });

  it('the drift check of campaign counters: the campaigns checked longest ago, across workspaces', () => {
    expect(servingIndex(campaignSchema, { equality: [], sort: ['countersCheckedAt', '_id'] })).toBe(
      'countersCheckedAt__id',
    );
  });

  it('the analytics series: a window of days of one campaign, or of a page of campaigns', () => {
    expect(servingIndex(dailyRollupSchema, { equality: ['workspaceId', 'campaignId'], range: 'day' })).toBe(
      'workspaceId_campaignId_day',
    );
  });

  it('lead imports: the claim of due jobs, a campaign’s list, and a page’s lookups per person', () => {
    expect(servingIndex(leadImportSchema, { equality: [], range: 'nextRunAt', sort: ['nextRunAt'] })).toBe(
      'nextRunAt',
    );
    const claimIndex = leadImportSchema.indexes().find(([keys]) => 'nextRunAt' in keys);
    expect(claimIndex?.[1]).toMatchObject({ partialFilterExpression: { nextRunAt: { $exists: true } } });
    expect(
      servingIndex(leadImportSchema, { equality: ['workspaceId', 'campaignId'], sort: ['createdAt', '_id'] }),
    ).toBe('workspaceId_campaignId_createdAt__id');
    // A page's people: their leads in every campaign, the rows this import wrote for them before,
    // the report in order; blocks by identifier are above.
    expect(servingIndex(leadSchema, { equality: ['workspaceId', 'publicIdentifier'] })).toBe(
      'workspaceId_publicIdentifier',
    );
    expect(
      servingIndex(leadImportRowSchema, {
        equality: ['workspaceId', 'importId', 'publicIdentifier'],
        range: 'seq',
      }),
    ).toBe('workspaceId_importId_publicIdentifier_seq');
    expect(servingIndex(leadImportRowSchema, { equality: ['workspaceId', 'importId'], range: 'seq' })).toBe(
      'workspaceId_importId_seq',
    );
  });

  it('the audit log, newest first: the whole list, by action and by actor', () => {
    const sort = ['at', '_id'];
    expect(servingIndex(auditEntrySchema, { equality: ['workspaceId'], sort })).toBe('workspaceId_at__id');
    expect(servingIndex(auditEntrySchema, { equality: ['workspaceId', 'action'], sort })).toBeDefined();
    expect(servingIndex(auditEntrySchema, { equality: ['workspaceId', 'actor.id'], sort })).toBeDefined();
  });
});
