import { created, ok } from '../http/route.js';
import { addCampaignSenders } from '../operations/campaigns/add-campaign-senders.js';
import { createCampaign } from '../operations/campaigns/create-campaign.js';
import { getCampaign } from '../operations/campaigns/get-campaign.js';
import { listCampaigns } from '../operations/campaigns/list-campaigns.js';
import { pauseCampaign } from '../operations/campaigns/pause-campaign.js';
import { startCampaign } from '../operations/campaigns/start-campaign.js';
import { updateCampaign } from '../operations/campaigns/update-campaign.js';
import { campaignAnalytics } from '../operations/analytics/campaign-analytics.js';
import { getCampaignSequence } from '../operations/sequence/get-campaign-sequence.js';
import type { Route } from './route-types.js';

export function campaignRoutes(route: Route): void {
  route('createCampaign', 'post', '/campaigns', async ({ body }, ctx) =>
    created(await createCampaign(ctx, body)),
  );
  route('listCampaigns', 'get', '/campaigns', async ({ query }, ctx) => ok(await listCampaigns(ctx, query)));
  route('getCampaign', 'get', '/campaigns/:id', async ({ params }, ctx) =>
    ok(await getCampaign(ctx, params.id)),
  );
  route('updateCampaign', 'patch', '/campaigns/:id', async ({ params, body }, ctx) =>
    ok(await updateCampaign(ctx, params.id, body)),
  );
  route('pauseCampaign', 'put', '/campaigns/:campaignId/pause', async ({ params }, ctx) =>
    ok(await pauseCampaign(ctx, params.campaignId)),
  );
  route('startCampaign', 'put', '/campaigns/:campaignId/start', async ({ params }, ctx) =>
    ok(await startCampaign(ctx, params.campaignId)),
  );
  route('addCampaignSenders', 'post', '/campaigns/:campaignId/senders', async ({ params, body }, ctx) =>
    ok(await addCampaignSenders(ctx, params.campaignId, body)),
  );
  route('getCampaignSequence', 'get', '/campaigns/:id/sequence', async ({ params }, ctx) =>
    ok(await getCampaignSequence(ctx, params.id)),
  );
  route('campaignAnalytics', 'get', '/campaigns/:campaignId/analytics', async ({ params, query }, ctx) =>
    ok(await campaignAnalytics(ctx, params.campaignId, query)),
  );
}
