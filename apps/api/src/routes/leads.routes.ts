import { ok } from '../http/route.js';
import { addLeads } from '../operations/leads/add-leads.js';
import { exportCampaignLeads } from '../operations/leads/export-campaign-leads.js';
import { listCampaignLeads } from '../operations/leads/list-campaign-leads.js';
import { removeLeads } from '../operations/leads/remove-leads.js';
import { tagLead } from '../operations/leads/tag-lead.js';
import { updateLeadStatus } from '../operations/leads/update-lead-status.js';
import type { Route } from './route-types.js';

export function leadRoutes(route: Route): void {
  route('listCampaignLeads', 'get', '/campaigns/:campaignId/leads', async ({ params, query }, ctx) =>
    ok(await listCampaignLeads(ctx, params.campaignId, query)),
  );
  route('addLeads', 'post', '/campaigns/:campaignId/leads', async ({ params, body }, ctx) =>
    ok(await addLeads(ctx, params.campaignId, body)),
  );
  route('exportCampaignLeads', 'get', '/campaigns/:campaignId/leads/export', async ({ params }, ctx) =>
    exportCampaignLeads(ctx, params.campaignId),
  );
  route('removeLeads', 'delete', '/campaigns/:campaignId/leads', async ({ params, body }, ctx) =>
    ok(await removeLeads(ctx, params.campaignId, body)),
  );
  route('updateLeadStatus', 'put', '/leads/:leadId/status', async ({ params, body }, ctx) =>
    ok(await updateLeadStatus(ctx, params.leadId, body)),
  );
  route('tagLead', 'post', '/leads/:leadId/tags', async ({ params, body }, ctx) =>
    ok(await tagLead(ctx, params.leadId, body)),
  );
}
