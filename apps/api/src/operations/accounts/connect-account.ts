import type { AccountConnection } from '@outreach/contract';
import type { SenderAccount } from '@outreach/db';
import type { HostedAuthLinkInput, ProviderNetworkPort } from '@outreach/network';
import type { ProviderSettings } from '../../app-deps.js';
import { HttpError } from '../../http/http-error.js';
import { toApiAccount } from '../../mappers/account.mapper.js';
import { signConnectState } from '../../provider/connect-state.js';
import type { BodyOf } from '../../http/operation-input.js';
import { requireAccount, type OperationContext } from '../context.js';
import { registerAccount } from './create-account.js';

type ConnectAccountBody = BodyOf<'connectAccount'>;

/**
 * How long a sign-in link stays valid, on the provider's clock: the product clock, since in a demo
 * the provider is the simulator, which runs on the same compressed clock (in production both are real).
 */
export const SIGN_IN_LINK_PRODUCT_MS = 60 * 60 * 1000;
/**
 * How long the callback's signed state is accepted, in real time (HTTP time): it outlasts the link
 * by a margin, however fast the product clock runs.
 */
const CALLBACK_STATE_REAL_MS = 2 * 60 * 60 * 1000;

/**
 * Starts connecting a sender account through the provider's hosted sign-in (see the contract's
 * `connectAccount`). A new account is registered at once, disconnected and not authenticated,
 * so the callback has a record to complete and the workspace sees the pending account.
 */
export async function connectAccount(
  ctx: OperationContext,
  body: ConnectAccountBody,
): Promise<AccountConnection> {
  const provider = requireProvider(ctx.provider);
  const account =
    'accountId' in body
      ? await requireAccount(ctx, body.accountId)
      : await registerAccount(ctx, { ...body, awaitingSignIn: true });
  const redirects = {
    ...(body.successRedirectUrl ? { successRedirectUrl: body.successRedirectUrl } : {}),
    ...(body.failureRedirectUrl ? { failureRedirectUrl: body.failureRedirectUrl } : {}),
  };
  const link = await signInLink(ctx, provider, account, redirects);
  return { account: toApiAccount(account, ctx.productClock()), ...link };
}

/**
 * A sign-in link for the account: `reconnect` when the provider holds it already, else `create`.
 * Its notify URL carries a state signed with the webhook secret, naming the workspace and account.
 */
export async function signInLink(
  ctx: Pick<OperationContext, 'productClock' | 'realClock' | 'workspaceId'>,
  provider: ProviderSettings & { network: ProviderNetworkPort },
  account: Pick<SenderAccount, 'id' | 'providerAccountId'>,
  redirects: Pick<HostedAuthLinkInput, 'successRedirectUrl' | 'failureRedirectUrl'> = {},
): Promise<{ type: 'create' | 'reconnect'; url: string; expiresAt: string }> {
  const expiresAt = new Date(ctx.productClock().getTime() + SIGN_IN_LINK_PRODUCT_MS);
  const state = signConnectState(
    {
      workspaceId: ctx.workspaceId,
      accountId: account.id,
      expiresAt: ctx.realClock().getTime() + CALLBACK_STATE_REAL_MS,
    },
    provider.webhookSecret,
  );
  const notifyUrl = `${provider.publicUrl.replace(/\/+$/, '')}/provider-webhooks/unipile/accounts?state=${state}`;
  const type = account.providerAccountId ? 'reconnect' : 'create';
  try {
    const { url } = await provider.network.createHostedAuthLink({
      type,
      ...(account.providerAccountId ? { accountId: account.providerAccountId } : {}),
      name: account.id,
      notifyUrl,
      expiresAt,
      ...redirects,
    });
    return { type, url, expiresAt: expiresAt.toISOString() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(503, `the network provider could not make a sign-in link: ${reason}`, {
      code: 'network_unavailable',
      details: { accountId: account.id },
    });
  }
}

export function requireProvider(
  provider: ProviderSettings | undefined,
): ProviderSettings & { network: ProviderNetworkPort } {
  if (!provider?.network) {
    throw new HttpError(409, 'no network provider with hosted sign-in is configured', {
      code: 'provider_not_configured',
    });
  }
  return { ...provider, network: provider.network };
}
