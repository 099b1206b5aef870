/**
 * Steps: insertion with the shift of later steps, lead progress kept on the step each lead was
 * going to run, completed campaigns paused by a new step, updates and deletion.
 */
import type { CampaignDetail, StepList } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import {
  addLeads,
  addStep,
  createCampaign,
  createCampaignWithSteps,
  unknownId,
  useWorkspace,
} from './support/fixtures.js';
import { applyProgress } from './support/lead-progress.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

async function stepsOf(campaignId: string) {
  return (await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaignId}`)).body.steps;
}

describe('POST /v1/campaigns/{id}/steps', () => {
  it('answers 201 with the whole sequence; message and screener steps get one empty enabled variant', async () => {
    const campaign = await createCampaign(ws.api);
    const first = await ws.api.post<StepList>(`/v1/campaigns/${campaign.id}/steps`, {
      order: 0,
      type: 'invitation',
    });
    expect(first.status).toBe(201);
    expect(first.body.success).toBe(true);
    expect(first.body.steps).toEqual([
      {
        id: expect.stringMatching(/^stp_/),
        type: 'invitation',
        order: 0,
        delay: 0,
        stopOnReply: true,
        genericBody: null,
      },
    ]);
    const message = await addStep(ws.api, campaign.id, {
      order: 1,
      type: 'message',
      delay: 3,
      genericBody: 'Hi {{firstName}}',
    });
    expect(message.steps[1]).toMatchObject({ type: 'message', delay: 3, genericBody: 'Hi {{firstName}}' });
    expect(message.steps[1]?.variants).toEqual([
      expect.objectContaining({ body: '', order: 0, isDisabled: false, icpDefinitionRaw: null, aiTools: [] }),
    ]);
    const screener = await addStep(ws.api, campaign.id, { order: 2, type: 'screener' });
    expect(screener.steps[2]?.variants).toHaveLength(1);
    const visit = await addStep(ws.api, campaign.id, { order: 3, type: 'visit_profile' });
    expect(visit.steps[3]?.variants).toBeUndefined();
  });

  it('shifts the steps at and after the insertion point down by one', async () => {
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation', 'message']);
    const before = await stepsOf(campaign.id);
    const res = await addStep(ws.api, campaign.id, { order: 1, type: 'visit_profile' });
    expect(res.steps.map((s) => [s.type, s.order])).toEqual([
      ['invitation', 0],
      ['visit_profile', 1],
      ['message', 2],
    ]);
    expect(res.steps[2]?.id).toBe(before[1]?.id);
  });

  it('refuses an order beyond the current length with 400 and changes nothing', async () => {
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const res = await ws.api.post(`/v1/campaigns/${campaign.id}/steps`, { order: 2, type: 'message' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_step_order' });
    expect(await stepsOf(campaign.id)).toHaveLength(1);
  });

  it('refuses a bad type, a negative order, a long invitation note and unknown fields with 400', async () => {
    const campaign = await createCampaign(ws.api);
    const path = `/v1/campaigns/${campaign.id}/steps`;
    expect((await ws.api.post(path, { order: 0, type: 'phone_call' })).status).toBe(400);
    expect((await ws.api.post(path, { order: -1, type: 'message' })).status).toBe(400);
    expect((await ws.api.post(path, { order: 0, type: 'message', colour: 'red' })).status).toBe(400);
    expect(
      (await ws.api.post(path, { order: 0, type: 'invitation', genericBody: 'x'.repeat(301) })).status,
    ).toBe(400);
    expect(
      (await ws.api.post(path, { order: 0, type: 'message', genericBody: 'x'.repeat(8001) })).status,
    ).toBe(400);
    expect(await stepsOf(campaign.id)).toHaveLength(0);
    expect(
      (await ws.api.post(`/v1/campaigns/${unknownId('cmp')}/steps`, { order: 0, type: 'message' })).status,
    ).toBe(404);
  });

  it('keeps every lead on the step it was going to run next', async () => {
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation', 'message']);
    await addLeads(ws.api, campaign.id, ['fresh', 'invited', 'finished', 'replied']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const byName = new Map(
      (await app.db.leads.list(workspaceId, campaign.id)).items.map((l) => [l.publicIdentifier, l.id]),
    );
    const id = (name: string) => byName.get(name) as string;
    await applyProgress(app.db, ws.workspaceId, campaign.id, {
      [id('invited')]: { advanceBy: 1, status: 'waiting', internalStatus: 'queued' },
      [id('finished')]: { advanceBy: 2, status: 'completed', internalStatus: 'finished' },
      [id('replied')]: { advanceBy: 1, status: 'completed', internalStatus: 'replied' },
    });

    await addStep(ws.api, campaign.id, { order: 1, type: 'visit_profile' });
    const middle = new Map(
      (await app.db.leads.list(workspaceId, campaign.id)).items.map((l) => [l.publicIdentifier, l]),
    );
    expect(middle.get('fresh')).toMatchObject({ currentStep: 0, status: 'waiting' });
    // At the insertion point: runs the new step next.
    expect(middle.get('invited')).toMatchObject({ currentStep: 1, status: 'waiting' });
    // Past it: moves on with its step.
    expect(middle.get('finished')).toMatchObject({ currentStep: 3, status: 'completed' });
    expect(middle.get('replied')).toMatchObject({
      currentStep: 1,
      status: 'completed',
      internalStatus: 'replied',
    });

    await addStep(ws.api, campaign.id, { order: 3, type: 'message' });
    const appended = new Map(
      (await app.db.leads.list(workspaceId, campaign.id)).items.map((l) => [l.publicIdentifier, l]),
    );
    // Finished every step: waits for the appended one.
    expect(appended.get('finished')).toMatchObject({
      currentStep: 3,
      status: 'waiting',
      internalStatus: 'queued',
    });
    // Stopped by a reply: stays completed.
    expect(appended.get('replied')).toMatchObject({ status: 'completed', internalStatus: 'replied' });
  });

  it('pauses a completed campaign when a step is added', async () => {
    const campaign = await createCampaign(ws.api);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.campaigns.transitionStatus(workspaceId, campaign.id, { from: ['draft'], to: 'active' });
    await app.db.campaigns.transitionStatus(workspaceId, campaign.id, { from: ['active'], to: 'completed' });
    await addStep(ws.api, campaign.id, { order: 0, type: 'message' });
    const detail = await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`);
    expect(detail.body.status).toBe('paused');
  });

  it('leaves the status of a campaign that is not completed alone', async () => {
    const campaign = await createCampaign(ws.api);
    await addStep(ws.api, campaign.id, { order: 0, type: 'message' });
    expect((await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body.status).toBe('draft');
  });
});

describe('PUT and DELETE /v1/campaigns/{id}/steps/{stepId}', () => {
  it('updates delay, generic body and stop-on-reply', async () => {
    const { campaign, steps } = await createCampaignWithSteps(ws.api, ['message']);
    const stepId = steps[0]?.id as string;
    const res = await ws.api.put(`/v1/campaigns/${campaign.id}/steps/${stepId}`, {
      delay: 4,
      genericBody: 'Hello {{firstName}}',
      stopOnReply: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect((await stepsOf(campaign.id))[0]).toMatchObject({
      delay: 4,
      genericBody: 'Hello {{firstName}}',
      stopOnReply: false,
    });
    await ws.api.put(`/v1/campaigns/${campaign.id}/steps/${stepId}`, { genericBody: null });
    expect((await stepsOf(campaign.id))[0]?.genericBody).toBeNull();
  });

  it('refuses an empty update and a negative delay with 400, an unknown step with 404', async () => {
    const { campaign, steps } = await createCampaignWithSteps(ws.api, ['message']);
    const path = `/v1/campaigns/${campaign.id}/steps/${steps[0]?.id}`;
    expect((await ws.api.put(path, {})).status).toBe(400);
    expect((await ws.api.put(path, { delay: -1 })).status).toBe(400);
    const unknown = await ws.api.put(`/v1/campaigns/${campaign.id}/steps/${unknownId('stp')}`, { delay: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'step_not_found' });
  });

  it('deletes a step, renumbers the rest and keeps leads on their next step', async () => {
    const { campaign, steps } = await createCampaignWithSteps(ws.api, [
      'invitation',
      'visit_profile',
      'message',
    ]);
    await addLeads(ws.api, campaign.id, ['early', 'late']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const leads = (await app.db.leads.list(workspaceId, campaign.id)).items;
    const late = leads.find((l) => l.publicIdentifier === 'late')?.id as string;
    await applyProgress(app.db, ws.workspaceId, campaign.id, {
      [late]: { advanceBy: 2, status: 'waiting', internalStatus: 'queued' },
    });

    const res = await ws.api.delete<StepList>(`/v1/campaigns/${campaign.id}/steps/${steps[1]?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s) => [s.type, s.order])).toEqual([
      ['invitation', 0],
      ['message', 1],
    ]);
    const after = new Map(
      (await app.db.leads.list(workspaceId, campaign.id)).items.map((l) => [l.publicIdentifier, l]),
    );
    expect(after.get('early')?.currentStep).toBe(0);
    expect(after.get('late')?.currentStep).toBe(1);
    expect((await ws.api.delete(`/v1/campaigns/${campaign.id}/steps/${steps[1]?.id}`)).status).toBe(404);
  });
});
