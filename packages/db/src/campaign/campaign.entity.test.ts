import { describe, expect, it } from 'vitest';
import { defaultCoreVariables, DEFAULT_CAMPAIGN_SETTINGS } from './campaign.defaults.js';
import { toCampaign } from './campaign.entity.js';
import type { CampaignRecord } from './campaign.schema.js';

const record: CampaignRecord = {
  _id: 'cmp_000000000000000000000001',
  workspaceId: 'ws_000000000000000000000001',
  name: 'Q3',
  status: 'draft',
  settings: {
    ...DEFAULT_CAMPAIGN_SETTINGS,
    workingHours: {
      ...DEFAULT_CAMPAIGN_SETTINGS.workingHours,
      days: [...DEFAULT_CAMPAIGN_SETTINGS.workingHours.days],
    },
  },
  coreVariables: defaultCoreVariables(),
  customVariables: { city: 'Paris' },
  networkAccounts: ['acc_000000000000000000000001'],
  steps: [
    { _id: 'stp_a', type: 'invitation', delay: 0, stopOnReply: true, genericBody: null, variants: [] },
    {
      _id: 'stp_b',
      type: 'message',
      delay: 2,
      stopOnReply: true,
      genericBody: 'Hi',
      variants: [
        { _id: 'var_2', body: 'B', order: 1, isDisabled: false, icpDefinitionRaw: null, aiTools: [] },
        {
          _id: 'var_1',
          body: 'A',
          order: 0,
          isDisabled: true,
          icpDefinitionRaw: 'CTOs',
          aiTools: [{ name: 'n', key: 'k' }],
        },
      ],
    },
  ],
  rotationCounters: { stp_b: 7 },
  version: 3,
  activation: 1,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-02T00:00:00Z'),
};

describe('toCampaign', () => {
  it('maps ids without leaking _id, numbers steps by position and sorts variants by order', () => {
    const campaign = toCampaign(record);
    expect(JSON.stringify(campaign)).not.toMatch(/"_id"|"__v"/);
    expect(campaign.id).toBe(record._id);
    expect(campaign.steps.map((step) => [step.id, step.order])).toEqual([
      ['stp_a', 0],
      ['stp_b', 1],
    ]);
    expect(campaign.steps[1]?.variants?.map((variant) => [variant.id, variant.stepId])).toEqual([
      ['var_1', 'stp_b'],
      ['var_2', 'stp_b'],
    ]);
  });

  it('gives variants only to message and screener steps, and each step its rotation counter', () => {
    const [invitation, message] = toCampaign(record).steps;
    expect(invitation).not.toHaveProperty('variants');
    expect(invitation?.rotationCounter).toBe(0);
    expect(message?.rotationCounter).toBe(7);
  });

  it('serialises dates as ISO 8601 strings, so the API can send entities as they are', () => {
    expect(JSON.parse(JSON.stringify(toCampaign(record))).createdAt).toBe('2025-01-01T00:00:00.000Z');
  });
});
