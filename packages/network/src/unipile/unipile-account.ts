import type {
  HostedAuthLinkInput,
  ProviderAccountState,
  ProviderAccountStatus,
} from '../provider/provider-network.port.js';
import { type UnipileContext, call } from './unipile-context.js';

/** LinkedIn products that come with InMail credits. */
const INMAIL_FEATURES = new Set(['premium', 'sales_navigator', 'recruiter']);

const STATE_OF_SOURCE: Record<string, ProviderAccountState> = {
  OK: 'connected',
  CREDENTIALS: 'disconnected',
  PERMISSIONS: 'disconnected',
  CONNECTING: 'connecting',
  ERROR: 'error',
  STOPPED: 'error',
};

export async function getUnipileAccountStatus(
  ctx: UnipileContext,
  accountId: string,
): Promise<ProviderAccountStatus> {
  const account = await call(ctx, accountId, undefined, () => ctx.client.account.getOne(accountId));
  if (account.type !== 'LINKEDIN') throw new TypeError(`account ${accountId} is a ${account.type} account`);
  // The worst source decides: one source without credentials means the owner must reconnect.
  const states = account.sources.map((source) => STATE_OF_SOURCE[source.status] ?? 'error');
  const state: ProviderAccountState =
    (['disconnected', 'error', 'connecting'] as const).find((s) => states.includes(s)) ?? 'connected';
  const premiumFeatures = account.connection_params.im.premiumFeatures ?? [];
  return {
    accountId,
    state,
    authenticated: state !== 'disconnected',
    inmailAllowed: premiumFeatures.some((feature) => INMAIL_FEATURES.has(feature)),
    premiumFeatures: [...premiumFeatures],
  };
}

/** Hosted authentication: a link to Unipile's login page; its `notify_url` learns the account id. */
export async function createUnipileHostedAuthLink(
  ctx: UnipileContext,
  input: HostedAuthLinkInput,
): Promise<{ url: string }> {
  const common = {
    expiresOn: input.expiresAt.toISOString(),
    api_url: ctx.dsn,
    name: input.name,
    notify_url: input.notifyUrl,
    ...(input.successRedirectUrl ? { success_redirect_url: input.successRedirectUrl } : {}),
    ...(input.failureRedirectUrl ? { failure_redirect_url: input.failureRedirectUrl } : {}),
  };
  if (input.type === 'reconnect') {
    const accountId = input.accountId;
    if (!accountId) throw new TypeError('a reconnect link needs the accountId');
    const link = await call(ctx, accountId, undefined, () =>
      ctx.client.account.createHostedAuthLink({ type: 'reconnect', reconnect_account: accountId, ...common }),
    );
    return { url: link.url };
  }
  const link = await call(ctx, '', undefined, () =>
    ctx.client.account.createHostedAuthLink({ type: 'create', providers: ['LINKEDIN'], ...common }),
  );
  return { url: link.url };
}
