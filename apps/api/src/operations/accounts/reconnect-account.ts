import type { AccountReconnection } from '@outreach/contract';
import type { Db, WorkspaceId } from '@outreach/db';
import { createSandboxControlClient } from '@outreach/network';
import { HttpError } from '../../http/http-error.js';
import { toApiAccount } from '../../mappers/account.mapper.js';
import { requireAccount, type OperationContext } from '../context.js';

/**
 * Reconnects a sender account whose session was lost. With the sandbox network (local runs) the
 * session is re-established there directly; then the account is connected and authenticated again
 * (a new session: a later loss fires `network_account_disconnected` again) and its leads parked as
 * `sender_unavailable` are made due now. Reconnecting a connected account changes nothing.
 * `reconnectUrl` is null: a provider whose accounts sign in through a hosted page answers with the
 * page to open instead.
 */
export async function reconnectAccount(
  ctx: OperationContext,
  accountId: string,
): Promise<AccountReconnection> {
  await requireAccount(ctx, accountId);
  const account = await restoreSession(ctx, accountId, ctx.settings.sandboxUrl);
  return { account: toApiAccount(account), reconnectUrl: null };
}

/** The reconnection itself, shared by the API and the admin CLI. */
export async function restoreSession(
  ctx: { db: Db; workspaceId: WorkspaceId; clock: () => Date },
  accountId: string,
  sandboxUrl: string | undefined,
) {
  if (sandboxUrl !== undefined) {
    try {
      await createSandboxControlClient(sandboxUrl).reconnect(accountId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(
        503,
        `the sandbox network could not restore the session of ${accountId}: ${reason}`,
        {
          code: 'network_unavailable',
          details: { accountId },
        },
      );
    }
  }
  const { account, changed } = await ctx.db.senderAccounts.setStatus(ctx.workspaceId, accountId, 'connected');
  if (changed) await ctx.db.leads.wakeParkedBySender(ctx.workspaceId, accountId, ctx.clock());
  return account;
}
