/**
 * Variants: adding (with or without a body), updating, deleting with renumbering, and the rules
 * (no variants on invitation steps, bodies of at most 8000 characters, the last enabled variant of
 * a step can be neither disabled nor deleted).
 */
import type { VariantList } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { createCampaignWithSteps, unknownId, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

describe('variants', () => {
  async function messageStep() {
    const { campaign, steps } = await createCampaignWithSteps(ws.api, ['message']);
    const step = steps[0];
    if (!step?.variants?.[0]) throw new Error('message step without its default variant');
    return {
      campaign,
      step,
      path: `/v1/campaigns/${campaign.id}/steps/${step.id}/variants`,
      first: step.variants[0],
    };
  }

  it('adds variants at the end of the rotation with 201, with or without a body', async () => {
    const { path } = await messageStep();
    const withBody = await ws.api.post<VariantList>(path, { body: 'Hi {{firstName}}, quick question' });
    expect(withBody.status).toBe(201);
    expect(withBody.body.variants.map((v) => [v.order, v.body])).toEqual([
      [0, ''],
      [1, 'Hi {{firstName}}, quick question'],
    ]);
    const empty = await ws.api.post<VariantList>(path, {});
    expect(empty.body.variants[2]).toMatchObject({ order: 2, body: '', isDisabled: false });
    const noBody = await ws.api.post<VariantList>(path);
    expect(noBody.status).toBe(201);
    expect(noBody.body.variants).toHaveLength(4);
    expect(noBody.body.variants.every((v) => v.stepId === noBody.body.variants[0]?.stepId)).toBe(true);
  });

  it('refuses variants on an invitation step with 409', async () => {
    const { campaign, steps } = await createCampaignWithSteps(ws.api, ['invitation']);
    const res = await ws.api.post(`/v1/campaigns/${campaign.id}/steps/${steps[0]?.id}/variants`, {
      body: 'x',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'step_has_no_variants' });
  });

  it('refuses a body over 8000 characters with 400 and changes nothing', async () => {
    const { path, first } = await messageStep();
    expect((await ws.api.post(path, { body: 'x'.repeat(8001) })).status).toBe(400);
    const update = await ws.api.put(`${path}/${first.id}`, { body: 'y'.repeat(8001) });
    expect(update.status).toBe(400);
    const exactly = await ws.api.put<VariantList>(`${path}/${first.id}`, { body: 'z'.repeat(8000) });
    expect(exactly.status).toBe(200);
  });

  it('updates body, disabled flag and ICP definition', async () => {
    const { path, first } = await messageStep();
    await ws.api.post(path, { body: 'second' });
    const res = await ws.api.put<VariantList>(`${path}/${first.id}`, {
      body: 'Hello {{firstName}}',
      isDisabled: true,
      icpDefinitionRaw: 'fintech founders in Berlin',
    });
    expect(res.status).toBe(200);
    expect(res.body.variants[0]).toMatchObject({
      body: 'Hello {{firstName}}',
      isDisabled: true,
      icpDefinitionRaw: 'fintech founders in Berlin',
    });
    const cleared = await ws.api.put<VariantList>(`${path}/${first.id}`, { icpDefinitionRaw: null });
    expect(cleared.body.variants[0]?.icpDefinitionRaw).toBeNull();
  });

  it('refuses to disable the last enabled variant with 409', async () => {
    const { path, first } = await messageStep();
    const res = await ws.api.put(`${path}/${first.id}`, { isDisabled: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'last_enabled_variant' });
    const second = await ws.api.post<VariantList>(path, { body: 'b' });
    const secondId = second.body.variants[1]?.id as string;
    expect((await ws.api.put(`${path}/${secondId}`, { isDisabled: true })).status).toBe(200);
    expect((await ws.api.put(`${path}/${first.id}`, { isDisabled: true })).status).toBe(409);
  });

  it('deletes a variant and renumbers the rest; the last enabled one cannot be deleted', async () => {
    const { path, first } = await messageStep();
    await ws.api.post(path, { body: 'b' });
    const third = await ws.api.post<VariantList>(path, { body: 'c' });
    const [, secondVariant, thirdVariant] = third.body.variants;
    const res = await ws.api.delete<VariantList>(`${path}/${secondVariant?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.variants.map((v) => [v.id, v.order])).toEqual([
      [first.id, 0],
      [thirdVariant?.id, 1],
    ]);
    await ws.api.put(`${path}/${thirdVariant?.id}`, { isDisabled: true });
    const last = await ws.api.delete(`${path}/${first.id}`);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'last_enabled_variant' });
    // A disabled variant can go.
    expect((await ws.api.delete<VariantList>(`${path}/${thirdVariant?.id}`)).body.variants).toHaveLength(1);
  });

  it('answers 404 for an unknown variant, step or campaign', async () => {
    const { campaign, step, path } = await messageStep();
    expect((await ws.api.put(`${path}/${unknownId('var')}`, { body: 'x' })).status).toBe(404);
    expect((await ws.api.delete(`${path}/${unknownId('var')}`)).status).toBe(404);
    expect(
      (await ws.api.post(`/v1/campaigns/${campaign.id}/steps/${unknownId('stp')}/variants`, {})).status,
    ).toBe(404);
    expect(
      (await ws.api.post(`/v1/campaigns/${unknownId('cmp')}/steps/${step.id}/variants`, {})).status,
    ).toBe(404);
  });

  it('refuses an empty update and unknown fields with 400', async () => {
    const { path, first } = await messageStep();
    expect((await ws.api.put(`${path}/${first.id}`, {})).status).toBe(400);
    expect((await ws.api.put(`${path}/${first.id}`, { stepId: 'stp_x' })).status).toBe(400);
    expect((await ws.api.put(`${path}/${first.id}`, { isDisabled: 'yes' })).status).toBe(400);
  });
});
