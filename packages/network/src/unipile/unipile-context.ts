import type { UnipileClient } from 'unipile-node-sdk';
import type { Clock } from '../clock.js';
import type { LeadRef } from '../provider/provider-network.port.js';
import { unipileCall } from './unipile-call.js';
import { type UnipileLinkedinProfile, asLinkedinProfile } from './unipile-profile.js';

/** What every operation of the adapter shares. */
export interface UnipileContext {
  client: UnipileClient;
  dsn: string;
  timeoutMs: number;
  clock: Clock;
}

export function call<T>(
  ctx: UnipileContext,
  accountId: string,
  publicIdentifier: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  return unipileCall({ accountId, publicIdentifier }, ctx.timeoutMs, run);
}

/**
 * Retrieves a profile. `notify: true` is how LinkedIn records a visit (the lead sees it); the
 * SDK's `getProfile` declares the flag but does not send it, so it goes as an extra parameter.
 */
export async function fetchProfile(
  ctx: UnipileContext,
  accountId: string,
  identifier: string,
  publicIdentifier: string,
  notify = false,
): Promise<UnipileLinkedinProfile> {
  const options = notify ? { extra_params: { notify: 'true' } } : undefined;
  const profile = await call(ctx, accountId, publicIdentifier, () =>
    ctx.client.users.getProfile({ account_id: accountId, identifier }, options),
  );
  return asLinkedinProfile(profile);
}

/** The member id of a lead: the stored one, or one profile lookup by public identifier. */
export async function memberId(ctx: UnipileContext, accountId: string, lead: LeadRef): Promise<string> {
  if (lead.providerId) return lead.providerId;
  const profile = await fetchProfile(ctx, accountId, lead.publicIdentifier, lead.publicIdentifier);
  return profile.provider_id;
}
