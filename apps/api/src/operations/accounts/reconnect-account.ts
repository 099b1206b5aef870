import type { AccountReconnection } from '@outreach/contract';
import type { Db, WorkspaceId } from '@outreach/db';
import { createUnipileSimControlClient } from '@outreach/network';
import { HttpError } from '../../http/http-error.js';
import { toApiAccount } from '../../mappers/account.mapper.js';
import { requireProvider, signInLink } from './connect-account.js';
import { requireAccount, type OperationContext } from '../context.js';

/**
 * Reconnects a sender account whose session was lost. On the Unipile simulator (local runs,
 * `NETWORK_PROVIDER=sandbox`) the session is re-established there directly; then the account is connected and authenticated again
 * (a new session: a later loss fires `network_account_disconnected` again) and its leads parked as
 * `sender_unavailable` are made due now. A restricted account is reconnected the same way, and its
 * restriction is cleared. Reconnecting a connected account changes nothing.
 * An account connected through the provider's hosted sign-in (it has a provider account id) is not
 * changed here: the answer's `reconnectUrl` is the provider's reconnect page, whose callback
 * restores the session. Otherwise `reconnectUrl` is null.
 */
export async function reconnectAccount(
  ctx: OperationContext,
  accountId: string,
): Promise<AccountReconnection> {
  const current = await requireAccount(ctx, accountId);
  // An account the provider holds signs in again on the provider's page; the callback restores it.
  if (ctx.provider?.network && current.providerAccountId) {
    const link = await signInLink(ctx, requireProvider(ctx.provider), current);
    return { account: toApiAccount(current, ctx.productClock()), reconnectUrl: link.url };
  }
  const account = await restoreSession(ctx, accountId, ctx.provider?.simulatorUrl);
  return { account: toApiAccount(account, ctx.productClock()), reconnectUrl: null };
}

/** The reconnection itself, shared by the API and the admin CLI. */
export async function restoreSession(
  ctx: { db: Db; workspaceId: WorkspaceId; productClock: () => Date },
  accountId: string,
  simulatorUrl: string | undefined,
) {
  // Local runs: the Unipile simulator restores the session of an account registered directly.
  if (simulatorUrl !== undefined) {
    const control = createUnipileSimControlClient(simulatorUrl);
    try {
      await control.reconnect(accountId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(
        503,
        `the Unipile simulator could not restore the session of ${accountId}: ${reason}`,
        {
          code: 'network_unavailable',
          details: { accountId },
        },
      );
    }
  }
  const { account, changed } = await ctx.db.senderAccounts.setStatus(ctx.workspaceId, accountId, 'connected');
  if (changed) await ctx.db.leads.wakeParkedBySender(ctx.workspaceId, accountId, ctx.productClock());
  return account;
}
