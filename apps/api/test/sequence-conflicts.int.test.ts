/**
 * Sequence edits are stored conditional on the version they were computed from. An edit that keeps
 * losing to concurrent edits gives up after a few rounds: every step and variant operation then
 * answers the documented 409 `version_conflict`, and nothing is changed.
 */
import type { CampaignDetail, StepList } from '@outreach/contract';
import { VersionConflictError, type Db } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.js';
import { createCampaignWithSteps, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

let attempts = 0;

/** The database as the app sees it, where another edit of the sequence always got in first. */
function alwaysOutraced(db: Db): Db {
  const campaigns = Object.assign(Object.create(db.campaigns) as Db['campaigns'], {
    replaceSequence: async (...[, campaignId, edit]: Parameters<Db['campaigns']['replaceSequence']>) => {
      attempts += 1;
      throw new VersionConflictError(campaignId, edit.expectedVersion, edit.expectedVersion + 1);
    },
  });
  return { ...db, campaigns };
}

const app = useTestApp();
const contested = useTestApp({ wrapDb: alwaysOutraced, apiKeyCacheMs: 0 });
const ws = useWorkspace(app);

describe('an edit that keeps losing the race', () => {
  it('answers 409 version_conflict on every step and variant operation, changing nothing', async () => {
    const { campaign, steps } = await createCampaignWithSteps(ws.api, ['invitation', 'message']);
    const [invitation, message] = steps as StepList['steps'];
    const variant = message?.variants?.[0];
    // A second variant, so that deleting one breaks no rule of the domain.
    await ws.api.post(`/v1/campaigns/${campaign.id}/steps/${message?.id}/variants`, { body: 'A' });
    const before = (await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body;

    const client = new ApiClient(contested.baseUrl, ws.apiKey);
    const base = `/v1/campaigns/${campaign.id}/steps`;
    const edits = [
      () => client.post(base, { order: 2, type: 'visit_profile' }),
      () => client.put(`${base}/${invitation?.id}`, { delay: 4 }),
      () => client.delete(`${base}/${invitation?.id}`),
      () => client.post(`${base}/${message?.id}/variants`, { body: 'B' }),
      () => client.put(`${base}/${message?.id}/variants/${variant?.id}`, { body: 'changed' }),
      () => client.delete(`${base}/${message?.id}/variants/${variant?.id}`),
    ];
    for (const edit of edits) {
      attempts = 0;
      // The client checks each answer against the contract: the 409 must be documented.
      const res = await edit();
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, code: 'version_conflict' });
      expect(attempts).toBeGreaterThan(1);
    }
    expect((await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body.steps).toEqual(
      before.steps,
    );
  });
});
