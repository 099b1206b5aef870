/**
 * De-risks silent template typos (`{{compnay}}`, `{{first_name}}`): every save names the variables
 * nothing could fill, a start that would leave leads without their message is refused with the
 * names and counts, and a lead paused for a missing variable says which one.
 */
import type { CampaignLeadPage, StepList, StepUpdateResult, VariantList } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { addStep, createAccount, createCampaign, useWorkspace } from './support/fixtures.js';
import { applyProgress } from './support/lead-progress.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

async function addLeadsWith(campaignId: string, leads: ReadonlyArray<Record<string, unknown>>) {
  const res = await ws.api.post(`/v1/campaigns/${campaignId}/leads`, { leads });
  expect(res.status).toBe(200);
}

describe('saving a template', () => {
  it('names each variable nothing could fill, with its step and variant, and still saves it', async () => {
    const campaign = await createCampaign(ws.api, { customVariables: { event: 'Expo' } });
    await addLeadsWith(campaign.id, [
      { publicIdentifier: 'ada', firstName: 'Ada', customVariables: { industry: 'fintech' } },
    ]);
    const added = await ws.api.post<StepList>(`/v1/campaigns/${campaign.id}/steps`, {
      order: 0,
      type: 'message',
      genericBody: 'Hi {{first_name}}',
    });
    expect(added.status).toBe(201);
    const step = added.body.steps[0];
    expect(added.body.warnings).toEqual([
      {
        variable: 'first_name',
        stepId: step?.id,
        stepOrder: 0,
        variantId: null,
        field: 'genericBody',
        message: expect.stringContaining('{{first_name}}'),
      },
    ]);

    const variantId = step?.variants?.[0]?.id;
    const updated = await ws.api.put<VariantList>(
      `/v1/campaigns/${campaign.id}/steps/${step?.id}/variants/${variantId}`,
      {
        body: 'Hi {{FirstName}}, {{industry}} at {{event}}? {{compnay}}',
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.variants[0]?.body).toContain('{{compnay}}');
    expect(updated.body.warnings.map((warning) => [warning.variable, warning.variantId])).toEqual([
      ['compnay', variantId],
      ['first_name', null],
    ]);

    const fixed = await ws.api.put<StepUpdateResult>(`/v1/campaigns/${campaign.id}/steps/${step?.id}`, {
      genericBody: 'Hi {{firstName}}',
    });
    expect(fixed.body).toEqual({
      success: true,
      message: 'step updated',
      warnings: [expect.objectContaining({ variable: 'compnay' })],
    });

    const withTool = await ws.api.post<VariantList>(
      `/v1/campaigns/${campaign.id}/steps/${step?.id}/variants`,
      {
        body: '{{ai.opening_line}} {{Compnay}}',
        aiTools: ['opening_line'],
      },
    );
    expect(withTool.status).toBe(201);
    expect(withTool.body.warnings.map((warning) => [warning.variable, warning.variantId])).toEqual([
      ['compnay', variantId],
      ['Compnay', withTool.body.variants[1]?.id],
    ]);
  });
});

describe('starting a campaign', () => {
  it('is refused while a template would fail for some leads with no fallback, naming the variable and the count', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    const { steps } = await addStep(ws.api, campaign.id, { order: 0, type: 'message' });
    const step = steps[0];
    const variantId = step?.variants?.[0]?.id;
    await ws.api.put(`/v1/campaigns/${campaign.id}/steps/${step?.id}/variants/${variantId}`, {
      body: 'Hi {{firstName}}, how is {{compnay}}?',
    });
    await addLeadsWith(campaign.id, [
      { publicIdentifier: 'ada', firstName: 'Ada' },
      { publicIdentifier: 'bo', firstName: 'Bo' },
      { publicIdentifier: 'cy', firstName: 'Cy', customVariables: { compnay: 'Acme' } },
    ]);

    const refused = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'template_variables_missing',
      message: expect.stringContaining('{{compnay}}'),
      details: [
        { variable: 'compnay', stepId: step?.id, stepOrder: 0, variantId, field: 'body', leadsMissing: 2 },
      ],
    });
    const campaignAfter = await ws.api.get<{ status: string }>(`/v1/campaigns/${campaign.id}`);
    expect(campaignAfter.body.status).toBe('draft');

    // A fallback that renders for those leads covers them.
    await ws.api.put(`/v1/campaigns/${campaign.id}/steps/${step?.id}`, { genericBody: 'Hi {{firstName}}!' });
    const started = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(started.status).toBe(200);
  });
});

describe('a lead paused for a missing variable', () => {
  it('shows which variables it lacks', async () => {
    const campaign = await createCampaign(ws.api);
    await addStep(ws.api, campaign.id, { order: 0, type: 'message' });
    await addLeadsWith(campaign.id, [{ publicIdentifier: 'ada', firstName: 'Ada' }]);
    const before = await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`);
    const leadId = before.body.leads[0]?.id ?? '';
    expect(before.body.leads[0]?.missingVariables).toEqual([]);
    await applyProgress(app.db, ws.workspaceId, campaign.id, {
      [leadId]: {
        advanceBy: 0,
        status: 'paused',
        internalStatus: 'missing_variable',
        missingVariables: ['compnay'],
      },
    });
    const after = await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`);
    expect(after.body.leads[0]).toMatchObject({
      internalStatus: 'missing_variable',
      missingVariables: ['compnay'],
    });
  });
});
