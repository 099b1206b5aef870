/**
 * What template checks and the completion check read of a campaign's leads: the custom field
 * names (a variable named after one is not a typo), the leads that may still run a step, the
 * variables a paused lead lacks, and whether a lead waits for a template fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('leads as template checks read them', () => {
  it("lists the distinct custom field names of the campaign's leads only", async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const { campaign: other } = await seedCampaign(t.db, ws);
    await t.db.leads.addMany(ws, campaign.id, [
      { publicIdentifier: 'a', customVariables: { industry: 'fintech', Region: 'EU' } },
      { publicIdentifier: 'b', customVariables: { industry: 'retail' } },
      { publicIdentifier: 'c' },
    ]);
    await t.db.leads.addMany(ws, other.id, [{ publicIdentifier: 'd', customVariables: { elsewhere: 'x' } }]);
    await expect(t.db.leads.variableNames(ws, campaign.id)).resolves.toEqual(['Region', 'industry']);
  });

  it('reads the profile and progress of the leads not yet finished', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const { leads } = await t.db.leads.addMany(ws, campaign.id, [
      { publicIdentifier: 'a', firstName: 'Ada', customVariables: { industry: 'fintech' } },
      { publicIdentifier: 'b', firstName: 'Bo' },
    ]);
    await t.db.leads.setStatus(ws, must(leads[1]).id, {
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });
    await expect(t.db.leads.listForTemplates(ws, campaign.id)).resolves.toEqual([
      expect.objectContaining({
        firstName: 'Ada',
        status: 'waiting',
        currentStep: 0,
        customVariables: { industry: 'fintech' },
      }),
    ]);
  });

  it('keeps the missing variables of a lead paused for them, and tells a campaign waits for a fix', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    await expect(t.db.leads.existsAwaitingFix(ws, campaign.id)).resolves.toBe(false);
    const lead = must(
      await t.db.leadLeases.claimDue(ws, campaign.id, { owner: 'r', now: T0, leaseMs: 60_000 }),
    );
    const paused = await t.db.leadLeases.completeStep(ws, lead.id, 'r', {
      advanceBy: 0,
      status: 'paused',
      internalStatus: 'missing_variable',
      nextActionAt: null,
      missingVariables: ['compnay'],
    });
    expect(paused.missingVariables).toEqual(['compnay']);
    await expect(t.db.leads.existsAwaitingFix(ws, campaign.id)).resolves.toBe(true);
  });
});
