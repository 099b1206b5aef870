import type { UnipileClient } from 'unipile-node-sdk';
import type { Clock } from '../clock.js';
import { TransientNetworkError, type ProviderCallKind, type ProviderLimitScope } from '../network.errors.js';
import type { ProviderCallMeter } from '../provider/provider-call-meter.js';
import type { CallDeadline, LeadRef } from '../provider/provider-network.port.js';
import { unipileCall } from './unipile-call.js';
import { type UnipileLinkedinProfile, asLinkedinProfile } from './unipile-profile.js';

/** What every operation of the adapter shares. */
export interface UnipileContext {
  client: UnipileClient;
  dsn: string;
  timeoutMs: number;
  clock: Clock;
  meter: ProviderCallMeter | null;
}

/** One HTTP call: for whom, what it costs, and what a limit answer to it would apply to. */
export interface CallSpec {
  /** Empty for the one call made for no account (a link to connect a new one). */
  accountId: string;
  operation: string;
  kind: ProviderCallKind;
  publicIdentifier?: string | undefined;
  limitScope?: ProviderLimitScope | undefined;
  /** The action's deadline, for the write that carries it out (see `CallDeadline`). */
  deadline?: CallDeadline | undefined;
}

/**
 * Takes the call from the meter, then makes it. The meter runs before the deadline starts, and its
 * refusal (`CallBudgetExhaustedError`) reaches the caller untouched: nothing was sent. A call past
 * its action's deadline is not made, and the meter is not charged for it.
 */
export async function call<T>(ctx: UnipileContext, spec: CallSpec, run: () => Promise<T>): Promise<T> {
  // Throws when the action's time is over already: the meter is not charged for a call not made.
  timeoutOf(ctx, spec);
  if (ctx.meter && spec.accountId !== '') {
    await ctx.meter.take({ accountId: spec.accountId, kind: spec.kind, operation: spec.operation });
  }
  return unipileCall(
    {
      accountId: spec.accountId,
      publicIdentifier: spec.publicIdentifier,
      kind: spec.kind,
      limitScope: spec.limitScope ?? LIMIT_SCOPE_OF_KIND[spec.kind],
    },
    // Read again after the meter: its write may have taken a while.
    timeoutOf(ctx, spec),
    run,
  );
}

/**
 * How long the call may take: its own timeout, or what its action's deadline leaves when that is
 * shorter, so the call is over (answered or abandoned) by the deadline. With no time left it is not
 * sent: the caller hears an outcome it does not know, as after a timeout, and reconciles first.
 */
function timeoutOf(ctx: UnipileContext, spec: CallSpec): number {
  const left = spec.deadline?.msLeft() ?? ctx.timeoutMs;
  if (left <= 0) throw new TransientNetworkError(`${spec.operation} not sent: the action's time ran out`);
  return Math.min(ctx.timeoutMs, left);
}

const LIMIT_SCOPE_OF_KIND: Record<ProviderCallKind, ProviderLimitScope> = {
  write: 'any',
  profile_read: 'profile_reads',
  list_read: 'any',
  account_read: 'any',
};

/**
 * The sections a profile read asks for. Unipile returns company (work experience) and summary
 * ("about") only when `linkedin_sections` names them (issue 21, finding 9; the SDK's
 * `LinkedinSection` lists the names); a relationship check needs none, so it asks for none.
 */
export const VISIT_SECTIONS = ['experience', 'about'] as const;

export interface ProfileRead {
  /** `true` is how LinkedIn records a visit (the lead sees it). */
  notify?: boolean;
  sections?: readonly ('experience' | 'about')[];
  operation: string;
}

/**
 * Retrieves a profile. The SDK's `getProfile` declares `notify` but does not send it, so it goes
 * as an extra parameter.
 */
export async function fetchProfile(
  ctx: UnipileContext,
  accountId: string,
  identifier: string,
  publicIdentifier: string,
  read: ProfileRead,
): Promise<UnipileLinkedinProfile> {
  const options = read.notify ? { extra_params: { notify: 'true' } } : undefined;
  const sections = read.sections && read.sections.length > 0 ? [...read.sections] : undefined;
  const profile = await call(
    ctx,
    { accountId, operation: read.operation, kind: 'profile_read', publicIdentifier },
    () =>
      ctx.client.users.getProfile(
        { account_id: accountId, identifier, ...(sections ? { linkedin_sections: sections } : {}) },
        options,
      ),
  );
  return asLinkedinProfile(profile);
}

/** The member id of a lead: the stored one, or one profile lookup by public identifier. */
export async function memberId(ctx: UnipileContext, accountId: string, lead: LeadRef): Promise<string> {
  if (lead.providerId) return lead.providerId;
  const profile = await fetchProfile(ctx, accountId, lead.publicIdentifier, lead.publicIdentifier, {
    operation: 'users.getProfile',
  });
  return profile.provider_id;
}
