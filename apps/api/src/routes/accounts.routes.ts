import { created, ok } from '../http/route.js';
import { connectAccount } from '../operations/accounts/connect-account.js';
import { createAccount } from '../operations/accounts/create-account.js';
import { getAccount } from '../operations/accounts/get-account.js';
import { getAccountLimits } from '../operations/accounts/get-account-limits.js';
import { reconnectAccount } from '../operations/accounts/reconnect-account.js';
import { listAccounts } from '../operations/accounts/list-accounts.js';
import { updateAccountLimits } from '../operations/accounts/update-account-limits.js';
import { resumeAcceptanceGuard } from '../operations/accounts/resume-acceptance-guard.js';
import {
  getInvitationSettings,
  updateInvitationSettings,
} from '../operations/accounts/invitation-settings.js';
import type { Route } from './route-types.js';

export function accountRoutes(route: Route): void {
  route('listAccounts', 'get', '/accounts', async ({ query }, ctx) => ok(await listAccounts(ctx, query)));
  route('createAccount', 'post', '/accounts', async ({ body }, ctx) =>
    created(await createAccount(ctx, body)),
  );
  route('connectAccount', 'post', '/accounts/connect', async ({ body }, ctx) =>
    created(await connectAccount(ctx, body)),
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
  route(
    'resumeAcceptanceGuard',
    'post',
    '/accounts/:accountId/acceptance-guard/resume',
    async ({ params }, ctx) => ok(await resumeAcceptanceGuard(ctx, params.accountId)),
  );
  route('getInvitationSettings', 'get', '/workspace/invitation-settings', async (_input, ctx) =>
    ok(await getInvitationSettings(ctx)),
  );
  route('updateInvitationSettings', 'patch', '/workspace/invitation-settings', async ({ body }, ctx) =>
    ok(await updateInvitationSettings(ctx, body)),
  );
}
