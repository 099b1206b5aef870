/**
 * Malformed input the interface answers with 400 (part 1): wrong types, unknown fields, empty lists
 * and updates that change nothing. Each case must be refused, and the message must name the field.
 */
import { describe } from 'vitest';
import { updateAccountLimitsBody } from './account.schema.js';
import {
  blockCampaignLeadsBody,
  blockLeadsBody,
  unblockCampaignLeadsBody,
  unblockLeadsBody,
} from './block-list.schema.js';
import {
  addCampaignSendersBody,
  createCampaignBody,
  listCampaignsQuery,
  updateCampaignBody,
} from './campaign.schema.js';
import { listConversationsQuery, sendMessageBody } from './conversation.schema.js';
import { addLeadsBody, removeLeadsBody } from './lead.schema.js';
import { itRefusesEach } from './refusal.test-support.js';
import { addStepBody, updateStepBody, updateVariantBody } from './sequence.schema.js';
import { subscribeHookBody } from './webhook.schema.js';

describe('wrong types', () => {
  itRefusesEach([
    { name: 'a number for a name', schema: createCampaignBody, input: { name: 42 }, field: 'name' },
    {
      name: 'a string for a step order',
      schema: addStepBody,
      input: { order: '1', type: 'message' },
      field: 'order',
    },
    { name: 'a fractional delay', schema: updateStepBody, input: { delay: 1.5 }, field: 'delay' },
    {
      name: 'a string for isDisabled',
      schema: updateVariantBody,
      input: { isDisabled: 'yes' },
      field: 'isDisabled',
    },
    { name: 'an object for the lead id list', schema: removeLeadsBody, input: { ids: [] }, field: 'body' },
    {
      name: 'a number in publicIdentifiers',
      schema: blockCampaignLeadsBody,
      input: { publicIdentifiers: [7] },
      field: 'publicIdentifiers[0]',
    },
    {
      name: 'a yes for a boolean query value',
      schema: listConversationsQuery,
      input: { unread: 'yes' },
      field: 'unread',
    },
    { name: 'a word for a limit', schema: listCampaignsQuery, input: { limit: 'ten' }, field: 'limit' },
    {
      name: 'a negative account cap',
      schema: updateAccountLimitsBody,
      input: { messagesPerDay: -1 },
      field: 'messagesPerDay',
    },
    {
      name: 'a lead without identifier or URL',
      schema: addLeadsBody,
      input: { leads: [{ firstName: 'Ada' }] },
      field: 'leads[0].publicIdentifier',
    },
    {
      name: 'a malformed email',
      schema: addLeadsBody,
      input: { leads: [{ publicIdentifier: 'ada', email: 'ada@' }] },
      field: 'leads[0].email',
    },
    {
      name: 'a profile URL without /in/',
      schema: addLeadsBody,
      input: { leads: [{ networkUrl: 'https://network.example.com/ada' }] },
      field: 'leads[0].networkUrl',
    },
    {
      name: 'a webhook URL that is not http(s)',
      schema: subscribeHookBody,
      input: { url: 'ftp://hooks.example.com', type: 'campaign_completed' },
      field: 'url',
    },
    {
      name: 'an unknown time zone',
      schema: createCampaignBody,
      input: { name: 'Q3', settings: { timezone: 'Mars/Olympus' } },
      field: 'settings.timezone',
    },
    {
      name: 'working hours that end before they start',
      schema: createCampaignBody,
      input: { name: 'Q3', settings: { workingHours: { start: '18:00', end: '09:00', days: [1] } } },
      field: 'settings.workingHours.end',
    },
  ]);
});

describe('unknown fields', () => {
  itRefusesEach(
    [
      {
        name: 'in a body',
        schema: createCampaignBody,
        input: { name: 'Q3', nickname: 'q' },
        field: 'nickname: unknown field',
      },
      {
        name: 'in a nested object',
        schema: createCampaignBody,
        input: { name: 'Q3', settings: { tz: 'UTC' } },
        field: 'settings.tz: unknown field',
      },
      {
        name: 'in a list item',
        schema: blockLeadsBody,
        input: { leads: [{ publicIdentifier: 'ada', note: 'x' }] },
        field: 'leads[0].note',
      },
      {
        name: 'among the core variables',
        schema: createCampaignBody,
        input: { name: 'Q3', coreVariables: { jobTitle: true } },
        field: 'coreVariables.jobTitle',
      },
      {
        name: 'in a query string',
        schema: listCampaignsQuery,
        input: { page: '2' },
        field: 'page: unknown field',
      },
      {
        name: 'in a lead',
        schema: addLeadsBody,
        input: { leads: [{ publicIdentifier: 'ada', jobTitle: 'CEO' }] },
        field: 'leads[0].jobTitle',
      },
    ],
    'refuses an unknown field $name',
  );
});

describe('empty lists and updates that change nothing', () => {
  itRefusesEach(
    [
      { name: 'leads to add', schema: addLeadsBody, input: { leads: [] }, field: 'leads' },
      { name: 'leads to block', schema: blockLeadsBody, input: { leads: [] }, field: 'leads' },
      {
        name: 'publicIdentifiers to block for a campaign',
        schema: blockCampaignLeadsBody,
        input: { publicIdentifiers: [] },
        field: 'publicIdentifiers',
      },
      { name: 'block ids to unblock', schema: unblockLeadsBody, input: [], field: 'body' },
      { name: 'campaign block ids to unblock', schema: unblockCampaignLeadsBody, input: [], field: 'body' },
      { name: 'lead ids to remove', schema: removeLeadsBody, input: [], field: 'body' },
      {
        name: 'account ids to assign',
        schema: addCampaignSendersBody,
        input: { accountIds: [] },
        field: 'accountIds',
      },
      { name: 'a campaign update', schema: updateCampaignBody, input: {}, field: 'body' },
      { name: 'a step update', schema: updateStepBody, input: {}, field: 'body' },
      { name: 'a variant update', schema: updateVariantBody, input: {}, field: 'body' },
      { name: 'a caps update', schema: updateAccountLimitsBody, input: {}, field: 'body' },
      { name: 'a blank campaign name', schema: createCampaignBody, input: { name: '   ' }, field: 'name' },
      { name: 'a blank message', schema: sendMessageBody, input: { content: '  ' }, field: 'content' },
    ],
    'refuses empty $name',
  );
});
