import { ok, type Reply } from '../http/route.js';
import { blockCampaignLeads, blockLeads } from '../operations/blocks/block-leads.js';
import { listBlockedLeads } from '../operations/blocks/list-blocked-leads.js';
import { unblockLeads } from '../operations/blocks/unblock-leads.js';
import type { Route } from './route-types.js';

/** Block lists stay plain arrays, as the product always returned them; total and cursor are headers. */
function page(result: { total: number; items: unknown[]; nextCursor: string | null }): Reply {
  const headers: Record<string, string> = { 'X-Total-Count': String(result.total) };
  if (result.nextCursor !== null) headers['X-Next-Cursor'] = result.nextCursor;
  return ok(result.items, headers);
}

export function blockRoutes(route: Route): void {
  route('listBlockedLeads', 'get', '/blocked-leads', async ({ query }, ctx) =>
    page(await listBlockedLeads(ctx, { scope: 'workspace' }, query)),
  );
  route('blockLeads', 'post', '/blocked-leads', async ({ body }, ctx) => ok(await blockLeads(ctx, body)));
  route('unblockLeads', 'delete', '/blocked-leads', async ({ body }, ctx) =>
    ok(await unblockLeads(ctx, { scope: 'workspace' }, body)),
  );
  route(
    'listCampaignBlockedLeads',
    'get',
    '/campaigns/:campaignId/blocked-leads',
    async ({ params, query }, ctx) =>
      page(await listBlockedLeads(ctx, { scope: 'campaign', campaignId: params.campaignId }, query)),
  );
  route('blockCampaignLeads', 'post', '/campaigns/:campaignId/blocked-leads', async ({ params, body }, ctx) =>
    ok(await blockCampaignLeads(ctx, params.campaignId, body)),
  );
  route(
    'unblockCampaignLeads',
    'delete',
    '/campaigns/:campaignId/blocked-leads',
    async ({ params, body }, ctx) =>
      ok(await unblockLeads(ctx, { scope: 'campaign', campaignId: params.campaignId }, body)),
  );
}
