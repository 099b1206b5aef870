import type { AccountRestriction, SenderAccount } from '@outreach/contract';
import type { SenderAccount as SenderAccountEntity } from '@outreach/db';
import { effectiveLimits, limitValues, warmUpStage, type EffectiveLimits } from '@outreach/domain';

/**
 * The account's limits now (product time): the user's settings on its tier, held to the tier's
 * ceiling and, during the warm-up, to a share of the target. The domain decides; this reads.
 */
export function accountLimitsAt(account: SenderAccountEntity, now: Date): EffectiveLimits {
  return effectiveLimits({
    tier: account.tier,
    settings: account.limitSettings,
    warmUpStartedAt: account.warmUpStartedAt,
    now,
    acceptanceGuard: account.acceptanceGuard?.state ?? null,
  });
}

export function toApiRestriction(account: SenderAccountEntity): AccountRestriction | null {
  const restriction = account.restriction;
  return restriction
    ? { reason: restriction.reason, detail: restriction.detail, since: restriction.since.toISOString() }
    : null;
}

/** The account as the API shows it at `now` (the product clock: warm-up and limits follow it). */
export function toApiAccount(account: SenderAccountEntity, now: Date): SenderAccount {
  return {
    id: account.id,
    name: account.name,
    publicIdentifier: account.publicIdentifier,
    status: account.status,
    authenticated: account.authenticated,
    active: account.active,
    timezone: account.timezone,
    inmailAllowed: account.inmailAllowed,
    tier: account.tier,
    warmingUp: warmUpStage(account.warmUpStartedAt, now).week !== null,
    limits: limitValues(accountLimitsAt(account, now)),
    restriction: toApiRestriction(account),
    cooldownUntil: account.cooldownUntil ? account.cooldownUntil.toISOString() : null,
    createdAt: account.createdAt.toISOString(),
  };
}
