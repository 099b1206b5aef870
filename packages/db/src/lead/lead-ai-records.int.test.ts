/**
 * What the AI features keep on a lead: ICP decisions (each definition decided once, merged), the
 * variant choice of each step, the text of the message in flight (so a retry sends it again as it
 * is) and the latest screener analysis.
 */
import type { IcpDecisionRecord, VariantChoiceRecord } from '@outreach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const lease = (owner: string) => ({ owner, now: T0, leaseMs: 60_000 });

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const decision = (key: string, matches: boolean): IcpDecisionRecord => ({
  definitionKey: key,
  matches,
  reason: matches ? 'the headline says CTO' : 'nothing about engineering',
  source: 'model',
  model: 'outreach-simulated-1',
  failure: null,
  decidedAt: T0.toISOString(),
});

const choice: VariantChoiceRecord = {
  variantId: 'var_a',
  reason: 'matches the ICP of this variant: the headline says CTO',
  icpDefinitionKey: 'icp_a',
  content: 'variant',
  aiTools: [{ key: 'opening_line', source: 'model', failure: null }],
  chosenAt: T0.toISOString(),
};

async function claimedLead() {
  const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
  return must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
}

describe('AI records on a lead', () => {
  it('keeps the message in flight with its key, merges ICP decisions and forgets the text once the step is settled', async () => {
    const lead = await claimedLead();
    await t.db.leadLeases.recordMessagePlan(ws, lead.id, 'runner-a', {
      stepId: 'stp_1',
      choice: { ...choice, content: 'missing_variable' },
      icpDecisions: { icp_a: decision('icp_a', true) },
    });
    await t.db.leadLeases.recordPendingAction(ws, lead.id, 'runner-a', {
      key: `${lead.id}:stp_1:1`,
      stepId: 'stp_1',
      variantId: 'var_a',
      content: 'Hi Ada, loved your talk on compilers.',
      plan: { stepId: 'stp_1', choice, icpDecisions: { icp_b: decision('icp_b', false) } },
    });

    const pending = must(await t.db.leads.get(ws, lead.id));
    expect(pending.pendingActionContent).toBe('Hi Ada, loved your talk on compilers.');
    expect(pending.assignedVariants).toEqual({ stp_1: 'var_a' });
    expect(pending.variantChoices).toEqual({ stp_1: choice });
    expect(Object.keys(pending.icpDecisions).sort()).toEqual(['icp_a', 'icp_b']);
    expect(pending.icpDecisions['icp_b']).toEqual(decision('icp_b', false));

    await t.db.leadLeases.completeStep(ws, lead.id, 'runner-a', {
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: T0,
    });
    const settled = must(await t.db.leads.get(ws, lead.id));
    expect([settled.pendingActionKey, settled.pendingActionContent]).toEqual([null, null]);
    expect(settled.variantChoices).toEqual({ stp_1: choice });
  });

  it('refuses to record a plan for a lead whose lease is gone', async () => {
    const lead = await claimedLead();
    await expect(
      t.db.leadLeases.recordMessagePlan(ws, lead.id, 'someone-else', {
        stepId: 'stp_1',
        choice,
        icpDecisions: {},
      }),
    ).rejects.toMatchObject({ name: 'LeaseLostError' });
    expect(must(await t.db.leads.get(ws, lead.id)).variantChoices).toEqual({});
  });

  it('shows the latest screener analysis of a lead, none before a reply', async () => {
    const lead = await claimedLead();
    expect(lead.screenerAnalysis).toBeNull();
    const analysis = {
      tag: 'interested' as const,
      label: 'interested' as const,
      confidence: 0.85,
      reason: 'The lead asks for more details.',
      source: 'model' as const,
      model: 'outreach-simulated-1',
      failure: null,
      analysedAt: T0.toISOString(),
    };
    await t.db.leads.recordScreenerAnalysis(ws, lead.id, analysis);
    expect(must(await t.db.leads.get(ws, lead.id)).screenerAnalysis).toEqual(analysis);
  });
});
