import { created, ok } from '../http/route.js';
import { createAccount } from '../operations/accounts/create-account.js';
import { getAccount } from '../operations/accounts/get-account.js';
import { getAccountLimits } from '../operations/accounts/get-account-limits.js';
import { reconnectAccount } from '../operations/accounts/reconnect-account.js';
import { listAccounts } from '../operations/accounts/list-accounts.js';
import { updateAccountLimits } from '../operations/accounts/update-account-limits.js';
import type { Route } from './route-types.js';

export function accountRoutes(route: Route): void {
  route('listAccounts', 'get', '/accounts', async ({ query }, ctx) => ok(await listAccounts(ctx, query)));
  route('createAccount', 'post', '/accounts', async ({ body }, ctx) =>
    created(await createAccount(ctx, body)),
  );
  route('getAccount', 'get', '/accounts/:accountId', async ({ params }, ctx) =>
    ok(await getAccount(ctx, params.accountId)),
  );
  route('reconnectAccount', 'post', '/accounts/:accountId/reconnect', async ({ params }, ctx) =>
    ok(await reconnectAccount(ctx, params.accountId)),
  );
  route('getAccountLimits', 'get', '/accounts/:accountId/limits', async ({ params }, ctx) =>
    ok(await getAccountLimits(ctx, params.accountId)),
  );
  route('updateAccountLimits', 'patch', '/accounts/:accountId/limits', async ({ params, body }, ctx) =>
    ok(await updateAccountLimits(ctx, params.accountId, body)),
  );
}
