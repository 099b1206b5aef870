import { z } from 'zod';
import { TransientNetworkError } from '../network.errors.js';
import type {
  HostedAuthLinkInput,
  InmailBalance,
  ProviderAccountState,
  ProviderAccountStatus,
} from '../provider/provider-network.port.js';
import { type UnipileContext, call } from './unipile-context.js';

/** LinkedIn products that come with InMail credits. */
const INMAIL_FEATURES = new Set(['premium', 'sales_navigator', 'recruiter']);

/**
 * A source's status (the SDK's account schema: OK, STOPPED, ERROR, CREDENTIALS, PERMISSIONS,
 * CONNECTING). ERROR and STOPPED are their own states: the account does not work, and reconnecting
 * is not what fixes it (Unipile restarts or the owner acts), so the caller must not treat them as
 * a lost session nor as connected (issue 21, finding 11).
 */
const STATE_OF_SOURCE: Record<string, ProviderAccountState> = {
  OK: 'connected',
  CREDENTIALS: 'disconnected',
  PERMISSIONS: 'disconnected',
  CONNECTING: 'connecting',
  ERROR: 'error',
  STOPPED: 'stopped',
};
/** The worst source decides; one source without credentials means the owner must reconnect. */
const WORST_FIRST: readonly ProviderAccountState[] = ['disconnected', 'stopped', 'error', 'connecting'];

export async function getUnipileAccountStatus(
  ctx: UnipileContext,
  accountId: string,
): Promise<ProviderAccountStatus> {
  const account = await call(ctx, { accountId, operation: 'account.getOne', kind: 'account_read' }, () =>
    ctx.client.account.getOne(accountId),
  );
  if (account.type !== 'LINKEDIN') throw new TypeError(`account ${accountId} is a ${account.type} account`);
  const states = account.sources.map((source) => STATE_OF_SOURCE[source.status] ?? 'error');
  const state = WORST_FIRST.find((s) => states.includes(s)) ?? 'connected';
  // The tier is not decided here: the domain reads it from these features.
  const premiumFeatures = account.connection_params.im.premiumFeatures ?? [];
  return {
    accountId,
    state,
    authenticated: state !== 'disconnected',
    inmailAllowed: premiumFeatures.some((feature) => INMAIL_FEATURES.has(feature)),
    premiumFeatures: [...premiumFeatures],
  };
}

/**
 * `GET /api/v1/linkedin/inmail_balance?account_id=`: the credits left per InMail api, null where
 * the account has no such subscription. SDK 1.9.3 has no method (nor validator) for this route, so
 * it goes through the SDK's own request sender and is checked here.
 */
const inmailBalanceSchema = z.looseObject({
  premium: z.number().nullable().optional(),
  sales_navigator: z.number().nullable().optional(),
  recruiter: z.number().nullable().optional(),
});

export async function getUnipileInmailBalance(
  ctx: UnipileContext,
  accountId: string,
): Promise<InmailBalance> {
  const body = await call(ctx, { accountId, operation: 'linkedin.inmailBalance', kind: 'account_read' }, () =>
    ctx.client.request.send<unknown>({
      method: 'GET',
      path: ['linkedin', 'inmail_balance'],
      parameters: { account_id: accountId },
      options: { validateRequestPayload: false },
    }),
  );
  const parsed = inmailBalanceSchema.safeParse(body);
  if (!parsed.success)
    throw new TransientNetworkError(`unexpected InMail balance answer: ${parsed.error.message}`);
  return {
    accountId,
    classic: parsed.data.premium ?? null,
    salesNavigator: parsed.data.sales_navigator ?? null,
    recruiter: parsed.data.recruiter ?? null,
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
    const link = await call(ctx, { accountId, operation: 'hosted.reconnectLink', kind: 'account_read' }, () =>
      ctx.client.account.createHostedAuthLink({ type: 'reconnect', reconnect_account: accountId, ...common }),
    );
    return { url: link.url };
  }
  // No account yet: nothing to meter.
  const link = await call(ctx, { accountId: '', operation: 'hosted.createLink', kind: 'account_read' }, () =>
    ctx.client.account.createHostedAuthLink({ type: 'create', providers: ['LINKEDIN'], ...common }),
  );
  return { url: link.url };
}
