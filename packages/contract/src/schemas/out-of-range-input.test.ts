/**
 * Malformed input the interface answers with 400 (part 2): text over 8000 characters, over 1000
 * items, dates that are not ISO 8601, values outside an enum, pagination out of bounds.
 */
import { describe, expect, it } from 'vitest';
import { listAccountsQuery } from './account.schema.js';
import { campaignAnalyticsQuery, workspaceAnalyticsQuery } from './analytics.schema.js';
import {
  blockCampaignLeadsBody,
  blockLeadsBody,
  listBlockedLeadsQuery,
  unblockLeadsBody,
} from './block-list.schema.js';
import { addCampaignSendersBody, listCampaignsQuery } from './campaign.schema.js';
import { listConversationsQuery, sendMessageBody } from './conversation.schema.js';
import {
  addLeadsBody,
  listCampaignLeadsQuery,
  removeLeadsBody,
  tagLeadBody,
  updateLeadStatusBody,
} from './lead.schema.js';
import { ids, itRefusesEach, leads, text } from './refusal.test-support.js';
import { addStepBody, addVariantBody, updateStepBody, updateVariantBody } from './sequence.schema.js';
import { performListQuery, subscribeHookBody } from './webhook.schema.js';

describe('text over 8000 characters', () => {
  itRefusesEach([
    { name: 'a variant body', schema: updateVariantBody, input: { body: text(8001) }, field: 'body' },
    { name: 'a new variant body', schema: addVariantBody, input: { body: text(8001) }, field: 'body' },
    {
      name: 'a step fallback template',
      schema: updateStepBody,
      input: { genericBody: text(8001) },
      field: 'genericBody',
    },
    {
      name: 'a new step fallback template',
      schema: addStepBody,
      input: { order: 0, type: 'message', genericBody: text(8001) },
      field: 'genericBody',
    },
    {
      name: 'an ICP definition',
      schema: updateVariantBody,
      input: { icpDefinitionRaw: text(8001) },
      field: 'icpDefinitionRaw',
    },
    {
      name: 'a conversation message',
      schema: sendMessageBody,
      input: { content: text(8001) },
      field: 'content',
    },
  ]);

  it('accepts exactly 8000 characters', () => {
    expect(updateVariantBody.safeParse({ body: text(8000) }).success).toBe(true);
    expect(sendMessageBody.safeParse({ content: text(8000) }).success).toBe(true);
  });
});

describe('more than 1000 items', () => {
  itRefusesEach(
    [
      { name: 'leads to add', schema: addLeadsBody, input: { leads: leads(1001) }, field: 'leads' },
      { name: 'leads to block', schema: blockLeadsBody, input: { leads: leads(1001) }, field: 'leads' },
      {
        name: 'publicIdentifiers',
        schema: blockCampaignLeadsBody,
        input: { publicIdentifiers: ids(1001) },
        field: 'publicIdentifiers',
      },
      { name: 'block ids', schema: unblockLeadsBody, input: ids(1001), field: 'body' },
      { name: 'lead ids', schema: removeLeadsBody, input: ids(1001), field: 'body' },
      {
        name: 'account ids',
        schema: addCampaignSendersBody,
        input: { accountIds: ids(1001) },
        field: 'accountIds',
      },
    ],
    'refuses 1001 $name',
  );

  it('accepts exactly 1000', () => {
    expect(addLeadsBody.safeParse({ leads: leads(1000) }).success).toBe(true);
    expect(unblockLeadsBody.safeParse(ids(1000)).success).toBe(true);
  });
});

describe('dates that are not ISO 8601', () => {
  itRefusesEach([
    {
      name: 'a day-first date',
      schema: campaignAnalyticsQuery,
      input: { startDate: '01/06/2025' },
      field: 'startDate',
    },
    {
      name: 'a month 13',
      schema: campaignAnalyticsQuery,
      input: { endDate: '2025-13-01' },
      field: 'endDate',
    },
    {
      name: 'February 30th',
      schema: workspaceAnalyticsQuery,
      input: { startDate: '2025-02-30' },
      field: 'startDate',
    },
    {
      name: 'a date-time without offset',
      schema: workspaceAnalyticsQuery,
      input: { endDate: '2025-06-01T10:00:00' },
      field: 'endDate',
    },
    {
      name: 'a window that ends before it starts',
      schema: campaignAnalyticsQuery,
      input: { startDate: '2025-06-30', endDate: '2025-06-01' },
      field: 'startDate',
    },
  ]);

  it('accepts dates, date-times with Z or an offset, and a one-day window', () => {
    expect(campaignAnalyticsQuery.safeParse({ startDate: '2025-06-01', endDate: '2025-06-01' }).success).toBe(
      true,
    );
    expect(
      workspaceAnalyticsQuery.safeParse({
        startDate: '2025-06-01T00:00:00Z',
        endDate: '2025-06-02T08:00:00+02:00',
      }).success,
    ).toBe(true);
  });
});

describe('values outside an enum', () => {
  itRefusesEach([
    {
      name: 'a campaign status filter',
      schema: listCampaignsQuery,
      input: { status: 'running' },
      field: 'status',
    },
    { name: 'a step type', schema: addStepBody, input: { order: 0, type: 'email' }, field: 'type' },
    { name: 'a lead status', schema: updateLeadStatusBody, input: { status: 'archived' }, field: 'status' },
    {
      name: 'a lead status filter',
      schema: listCampaignLeadsQuery,
      input: { status: 'done' },
      field: 'status',
    },
    { name: 'a tag', schema: tagLeadBody, input: { tag: 'hot' }, field: 'tag' },
    {
      name: 'an event type to subscribe to',
      schema: subscribeHookBody,
      input: { url: 'https://hooks.example.com', type: 'lead_created' },
      field: 'type',
    },
    {
      name: 'an event type for samples',
      schema: performListQuery,
      input: { type: 'lead_created' },
      field: 'type',
    },
    { name: 'a block sort order', schema: listBlockedLeadsQuery, input: { sort: 'asc' }, field: 'sort' },
    {
      name: 'a campaign status filter of analytics',
      schema: workspaceAnalyticsQuery,
      input: { campaignStatus: 'live' },
      field: 'campaignStatus',
    },
  ]);
});

describe('pagination bounds', () => {
  itRefusesEach([
    { name: 'a limit of 0', schema: listAccountsQuery, input: { limit: '0' }, field: 'limit' },
    { name: 'a limit over 100', schema: listCampaignsQuery, input: { limit: '101' }, field: 'limit' },
    { name: 'a negative offset', schema: listBlockedLeadsQuery, input: { offset: '-1' }, field: 'offset' },
    {
      name: 'a fractional offset',
      schema: listCampaignLeadsQuery,
      input: { offset: '1.5' },
      field: 'offset',
    },
  ]);

  it('reads numbers and booleans from query text, with the documented defaults', () => {
    expect(listCampaignsQuery.parse({})).toEqual({ offset: 0, limit: 50 });
    expect(listConversationsQuery.parse({ unread: 'false', offset: '20', limit: '100' })).toEqual({
      unread: false,
      offset: 20,
      limit: 100,
    });
    expect(listBlockedLeadsQuery.parse({})).toEqual({ sort: 'DESC', offset: 0, limit: 50 });
  });
});
