// The service keeps its data across restarts: `scripts/start.mjs` stopped with Ctrl-C (SIGINT) and
// started again in the same place serves the same workspace, API key and campaign; `--fresh`
// starts empty.
import { createOutreachClient, unwrap } from '@outreach/client';
import { describe, expect, it } from 'vitest';
import { stackPlace, startStack } from './support/stack.js';

const LEADS = ['ada-lovelace', 'grace-hopper', 'alan-turing'];

describe('the whole service, stopped and started again', () => {
  it('serves the same campaign with the same API key after a restart, and nothing after --fresh', async () => {
    const place = await stackPlace();
    const first = await startStack({}, { place });
    const before = createOutreachClient({ baseUrl: first.info.apiUrl, apiKey: first.info.apiKey });
    const campaign = await unwrap(before.POST('/v1/campaigns', { body: { name: 'Survives a restart' } }));
    await unwrap(
      before.POST('/v1/campaigns/{campaignId}/leads', {
        params: { path: { campaignId: campaign.id } },
        body: {
          leads: LEADS.map((handle) => ({ networkUrl: `https://www.linkedin.com/in/${handle}/` })),
        },
      }),
    );
    expect(await first.stop()).toBe(0);

    const second = await startStack({}, { place });
    try {
      expect(second.info.apiKey).toBe(first.info.apiKey);
      const after = createOutreachClient({ baseUrl: second.info.apiUrl, apiKey: first.info.apiKey });
      const kept = await unwrap(after.GET('/v1/campaigns/{id}', { params: { path: { id: campaign.id } } }));
      expect(kept).toMatchObject({ id: campaign.id, name: 'Survives a restart' });
      const leads = await unwrap(
        after.GET('/v1/campaigns/{campaignId}/leads', { params: { path: { campaignId: campaign.id } } }),
      );
      expect(leads.leads.map((lead) => lead.networkUrl).sort()).toEqual(
        LEADS.map((handle) => `https://www.linkedin.com/in/${handle}/`).sort(),
      );
    } finally {
      expect(await second.stop()).toBe(0);
    }

    const fresh = await startStack({}, { place, args: ['--fresh'] });
    try {
      expect(fresh.info.apiKey).not.toBe(first.info.apiKey);
      const oldKey = await fetch(`${fresh.info.apiUrl}/v1/accounts`, {
        headers: { 'x-api-key': first.info.apiKey },
      });
      expect(oldKey.status).toBe(401);
      const current = createOutreachClient({ baseUrl: fresh.info.apiUrl, apiKey: fresh.info.apiKey });
      await expect(
        current.GET('/v1/campaigns/{id}', { params: { path: { id: campaign.id } } }),
      ).rejects.toMatchObject({ status: 404 });
    } finally {
      expect(await fresh.stop()).toBe(0);
    }
  });
});
