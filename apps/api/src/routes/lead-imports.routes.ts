import { accepted, ok } from '../http/route.js';
import { cancelLeadImport } from '../operations/lead-imports/cancel-lead-import.js';
import { createLeadImport } from '../operations/lead-imports/create-lead-import.js';
import { dryRunLeadImport } from '../operations/lead-imports/dry-run-lead-import.js';
import { leadImportReport } from '../operations/lead-imports/lead-import-report.js';
import { getLeadImport, listLeadImports } from '../operations/lead-imports/read-lead-imports.js';
import { listAccountLeadLists, listSearchParameters } from '../operations/lead-imports/sender-sources.js';
import type { Route } from './route-types.js';

export function leadImportRoutes(route: Route): void {
  route('createLeadImport', 'post', '/campaigns/:campaignId/lead-imports', async ({ params, body }, ctx) =>
    body.dryRun
      ? ok(await dryRunLeadImport(ctx, params.campaignId, body))
      : accepted(await createLeadImport(ctx, params.campaignId, body)),
  );
  route('listLeadImports', 'get', '/campaigns/:campaignId/lead-imports', async ({ params, query }, ctx) =>
    ok(await listLeadImports(ctx, params.campaignId, query)),
  );
  route('getLeadImport', 'get', '/lead-imports/:importId', async ({ params }, ctx) =>
    ok(await getLeadImport(ctx, params.importId)),
  );
  route('cancelLeadImport', 'post', '/lead-imports/:importId/cancel', async ({ params }, ctx) =>
    ok(await cancelLeadImport(ctx, params.importId)),
  );
  route('getLeadImportReport', 'get', '/lead-imports/:importId/report', async ({ params }, ctx) =>
    leadImportReport(ctx, params.importId),
  );
  route('listAccountLeadLists', 'get', '/accounts/:accountId/lead-lists', async ({ params, query }, ctx) =>
    ok(await listAccountLeadLists(ctx, params.accountId, query)),
  );
  route(
    'listSearchParameters',
    'get',
    '/accounts/:accountId/search-parameters',
    async ({ params, query }, ctx) => ok(await listSearchParameters(ctx, params.accountId, query)),
  );
}
