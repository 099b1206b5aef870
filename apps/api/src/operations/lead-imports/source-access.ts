import type { SenderAccount } from '@outreach/db';
import { DomainError, SEARCH_RESULTS_PER_DAY, usagePeriods } from '@outreach/domain';
import {
  AccountRestrictedError,
  isNetworkError,
  PermanentNetworkError,
  ProfileNotFoundError,
  SessionExpiredError,
  type LeadSourcesNetwork,
} from '@outreach/network';
import { HttpError } from '../../http/http-error.js';
import { requireAccount, type OperationContext } from '../context.js';

/** The provider's lead sources; 409 `provider_not_configured` without a provider that has them. */
export function requireLeadSources(ctx: OperationContext): LeadSourcesNetwork {
  const network = ctx.provider?.network;
  if (
    !network?.searchPeople ||
    !network.leadListMembers ||
    !network.postEngagers ||
    !network.listLeadLists ||
    !network.searchParameters
  )
    throw new HttpError(409, 'no network provider is configured to read this source', {
      code: 'provider_not_configured',
    });
  return network as LeadSourcesNetwork;
}

/** The workspace's account, able to act now: connected, authenticated, active (else 422). */
export async function requireUsableAccount(ctx: OperationContext, accountId: string): Promise<SenderAccount> {
  const account = await requireAccount(ctx, accountId);
  const why =
    account.status !== 'connected'
      ? account.status
      : !account.authenticated
        ? 'not authenticated'
        : !account.active
          ? 'inactive'
          : null;
  if (why !== null)
    throw new DomainError('account_not_usable', `sender account ${account.id} cannot be used: ${why}`, {
      accountId: account.id,
      status: account.status,
    });
  return account;
}

/** The provider's id of a sender account (our own id for an account registered directly). */
export function providerAccountOf(account: Pick<SenderAccount, 'id' | 'providerAccountId'>): string {
  return account.providerAccountId ?? account.id;
}

/**
 * A provider failure as the caller should read it: the account's own trouble (restricted, session
 * gone) is a 422 on the account, a source the provider does not know is the request's fault (400
 * `invalid_lead_source`), anything else is the provider not answering now (503).
 */
export function providerFailure(error: unknown, accountId: string): Error {
  if (!isNetworkError(error)) return error instanceof Error ? error : new Error(String(error));
  if (error instanceof AccountRestrictedError || error instanceof SessionExpiredError)
    return new DomainError(
      'account_not_usable',
      `sender account ${accountId} cannot be used: ${error.message}`,
      {
        accountId,
        status: error instanceof AccountRestrictedError ? 'restricted' : 'disconnected',
      },
    );
  if (error instanceof PermanentNetworkError || error instanceof ProfileNotFoundError)
    return new DomainError('invalid_lead_source', `the network cannot read this source: ${error.message}`, {
      field: 'source',
    });
  return new HttpError(503, `the network provider could not read the source: ${error.message}`, {
    code: 'network_unavailable',
  });
}

/**
 * Units of the account's search results of the day (its time zone, product time), counted per
 * result: `take` asks for a page's size and gets what is left (0 when the day is spent);
 * `giveBack` returns what a page did not use.
 */
export function searchResultsBudget(ctx: OperationContext, account: SenderAccount) {
  const day = usagePeriods(ctx.productClock(), account.timezone).day;
  const slot = { accountId: account.id, period: `day:${day.key}`, kind: 'searchResults' as const };
  return {
    take: (units: number) =>
      ctx.db.accountUsage.consumeUpTo(ctx.workspaceId, {
        ...slot,
        units,
        cap: SEARCH_RESULTS_PER_DAY[account.tier],
        expiresAt: new Date(day.end.getTime() + 24 * 60 * 60 * 1000),
      }),
    giveBack: async (units: number) => {
      if (units > 0) await ctx.db.accountUsage.release(ctx.workspaceId, { ...slot, units });
    },
  };
}
