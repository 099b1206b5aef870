/**
 * The hot paths named by the product (claiming due leads, listing a campaign's leads by status,
 * the blocked lookup by identifier, claiming due deliveries, plus the other claims) must each be
 * served by a declared index. This checks the query shapes against the schemas on any backend;
 * lead-lease.int.test.ts confirms the claim's plan with `explain` on a real server.
 */
import { describe, expect, it } from 'vitest';
import { blockedLeadSchema } from './blocked-lead/blocked-lead.schema.js';
import { messageSchema } from './conversation/message.schema.js';
import { deliverySchema } from './delivery/delivery.schema.js';
import { eventSchema } from './event/event.schema.js';
import { leadSchema } from './lead/lead.schema.js';
import { DUE_LEAD_SORT, dueLeadFilter } from './lead/lead-lease.repository.js';
import { servingIndex } from './testing/index-coverage.js';

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

  it('rejects a query whose equality fields are not an index prefix', () => {
    expect(servingIndex(leadSchema, { equality: ['status'], sort: ['_id'] })).toBeUndefined();
    expect(
      servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId'], sort: ['createdAt'] }),
    ).toBeUndefined();
  });
});
