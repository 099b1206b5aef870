/**
 * The lead view shows what the AI features decided and why: the ICP decisions, the variant each
 * step gave the lead (with the reason, what the message was made of and how its AI tools fared)
 * and the latest screener analysis, fallbacks included with their cause. Every answer is checked
 * against the OpenAPI document.
 */
import type { CampaignLeadPage, Lead } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import type { IcpDecisionRecord, ReplyAnalysisRecord, VariantChoiceRecord } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { addLeads, createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

const STEP = 'stp_6650b3c8e52d0f9a3b4c6d41';
const VARIANT = 'var_6650b3c8e52d0f9a3b4c6d52';

const decision = (definitionKey: string, decidedAt: string): IcpDecisionRecord => ({
  definitionKey,
  matches: true,
  reason: 'profile mentions "cto"',
  source: 'fallback',
  model: null,
  failure: 'timeout',
  decidedAt,
});

const choice: VariantChoiceRecord = {
  variantId: VARIANT,
  reason: 'matches the ICP of this variant (fallback): profile mentions "cto"',
  icpDefinitionKey: 'icp_aaaaaaaaaaaaaaaaaaaaaaaa',
  content: 'generic_body',
  aiTools: [{ key: 'opening_line', source: 'fallback', failure: 'budget_exhausted' }],
  chosenAt: '2099-03-02T10:00:01.000Z',
};

const analysis: ReplyAnalysisRecord = {
  tag: null,
  label: 'interested',
  confidence: 0.4,
  reason: 'the lead hesitates (confidence 0.4 below 0.7: no tag)',
  source: 'model',
  model: 'outreach-simulated-1',
  failure: null,
  analysedAt: '2099-03-03T09:00:00.000Z',
};

async function onlyLead(campaignId: string): Promise<Lead> {
  const page = (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaignId}/leads`)).body;
  const [lead] = page.leads;
  if (!lead) throw new Error('expected a lead');
  return lead;
}

describe('the AI decisions in the lead view', () => {
  it('are empty for a lead nothing was decided for yet', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['ada']);
    expect(await onlyLead(campaign.id)).toMatchObject({
      icpDecisions: [],
      variantChoices: [],
      screenerAnalysis: null,
    });
  });

  it('show the ICP decisions, the variant choice with its fallbacks and the screener analysis', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['ada']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const claimed = await app.db.leadLeases.claimDue(workspaceId, campaign.id, {
      owner: 'runner-test',
      now: new Date('2100-01-01T00:00:00.000Z'),
      leaseMs: 60_000,
    });
    if (!claimed) throw new Error('expected the lead to be claimable');
    const later = decision('icp_bbbbbbbbbbbbbbbbbbbbbbbb', '2099-03-02T10:00:00.500Z');
    const earlier = decision('icp_aaaaaaaaaaaaaaaaaaaaaaaa', '2099-03-02T10:00:00.000Z');
    await app.db.leadLeases.recordPendingAction(workspaceId, claimed.id, 'runner-test', {
      key: `${claimed.id}:${STEP}:1`,
      stepId: STEP,
      variantId: VARIANT,
      content: 'Hello Ada',
      plan: {
        stepId: STEP,
        choice,
        icpDecisions: { [later.definitionKey]: later, [earlier.definitionKey]: earlier },
      },
    });
    await app.db.leads.recordScreenerAnalysis(workspaceId, claimed.id, analysis);

    const lead = await onlyLead(campaign.id);
    expect(lead.icpDecisions).toEqual([earlier, later]);
    expect(lead.variantChoices).toEqual([{ stepId: STEP, ...choice }]);
    expect(lead.screenerAnalysis).toEqual(analysis);
    // The text in flight is the runner's business, not the lead view's.
    expect(lead).not.toHaveProperty('pendingActionContent');
  });
});
