/**
 * LinkedIn's rules for one sender account: the limits it is held to (its tier, the user's settings
 * and the warm-up), and a user's changes to them. The sources are listed in
 * `linkedin-limits.rules.ts`.
 */
import { DomainError } from './errors.js';
import {
  LIMIT_KEYS,
  TIER_RULES,
  type AccountTier,
  type LimitKey,
  type LimitSettings,
  type LinkedinLimits,
} from './linkedin-limits.rules.js';
import {
  guardedInvitationsPerDay,
  withdrawalAllowance,
  type AcceptanceGuardState,
} from './invitation-hygiene.rules.js';
import { warmUpStage } from './linkedin-warm-up.rules.js';

const WARMED_KEYS: ReadonlySet<LimitKey> = new Set(LIMIT_KEYS.filter((key) => key !== 'listReadsPerDay'));

export type LimitSource = 'tier_default' | 'user_setting' | 'warm_up' | 'tier_ceiling' | 'acceptance_guard';

export interface EffectiveLimit {
  value: number;
  /**
   * What decided the value: the tier's default, the user's setting, the warm-up, the ceiling, or the
   * acceptance guard (too few invitations accepted lately: the day's invitations halved or stopped).
   */
  source: LimitSource;
  tierDefault: number;
  ceiling: number;
  userSetting: number | null;
}

export type EffectiveLimits = Record<LimitKey, EffectiveLimit>;

export interface EffectiveLimitsInput {
  tier: AccountTier;
  settings: LimitSettings;
  warmUpStartedAt: Date | null;
  now: Date;
  /** The acceptance guard's state for the account (`ok` when absent). */
  acceptanceGuard?: AcceptanceGuardState | null | undefined;
}

/**
 * The limits the runner holds an account to: the user's setting where there is one (never above
 * the tier's ceiling: a tier that dropped since the setting was saved clamps it), else the tier's
 * default; during the warm-up a share of the target (the larger of the two), rounded up so that a
 * warming account still acts. A user's setting below the warm-up value wins: the lowest applies.
 * The acceptance guard, last, halves the day's invitations or stops them.
 */
export function effectiveLimits(input: EffectiveLimitsInput): EffectiveLimits {
  const rules = TIER_RULES[input.tier];
  const stage = warmUpStage(input.warmUpStartedAt, input.now);
  const result = {} as EffectiveLimits;
  for (const key of LIMIT_KEYS) {
    const tierDefault = rules.defaults[key];
    const ceiling = rules.ceilings[key];
    const userSetting = input.settings[key] ?? null;
    let value = userSetting ?? tierDefault;
    let source: LimitSource = userSetting === null ? 'tier_default' : 'user_setting';
    if (value > ceiling) {
      value = ceiling;
      source = 'tier_ceiling';
    }
    if (stage.share < 1 && WARMED_KEYS.has(key)) {
      // The ramp leads to the larger of the tier's default and the user's own target.
      const warmed = Math.ceil(Math.max(tierDefault, value) * stage.share);
      if (warmed < value) {
        value = warmed;
        source = 'warm_up';
      }
    }
    if (key === 'invitationsPerDay' && input.acceptanceGuard) {
      const guarded = guardedInvitationsPerDay(value, { state: input.acceptanceGuard });
      if (guarded < value) {
        value = guarded;
        source = 'acceptance_guard';
      }
    }
    result[key] = { value, source, tierDefault, ceiling, userSetting };
  }
  return result;
}

/**
 * The account's withdrawals allowed today (`withdrawalAllowance`), from its daily invitation limit
 * as the tier, the user's setting and the warm-up make it, before the acceptance guard.
 */
export function withdrawalAllowanceOf(input: EffectiveLimitsInput): number {
  const unguarded = effectiveLimits({ ...input, acceptanceGuard: null });
  return withdrawalAllowance(input.tier, unguarded.invitationsPerDay.value);
}

/** Just the numbers of `effectiveLimits`. */
export function limitValues(limits: EffectiveLimits): LinkedinLimits {
  const values = {} as LinkedinLimits;
  for (const key of LIMIT_KEYS) values[key] = limits[key].value;
  return values;
}

/**
 * A user's change to an account's limits, checked against the tier: each value a whole number,
 * 0 or more (0 stops that action), at most the tier's ceiling, with the reason in the error. A
 * null value removes the setting (the tier's default applies again).
 */
export function applyLimitSettings(
  tier: AccountTier,
  current: LimitSettings,
  patch: Partial<Record<LimitKey, number | null>>,
): LimitSettings {
  const next = new Map(Object.entries(current) as Array<[LimitKey, number]>);
  for (const [key, value] of Object.entries(patch) as Array<[string, number | null | undefined]>) {
    if (!(LIMIT_KEYS as readonly string[]).includes(key)) {
      throw new DomainError(
        'invalid_input',
        `limits.${key} is not a limit; use one of ${LIMIT_KEYS.join(', ')}`,
        {
          field: `limits.${key}`,
        },
      );
    }
    const limitKey = key as LimitKey;
    if (value === undefined) continue;
    if (value === null) {
      next.delete(limitKey);
      continue;
    }
    if (!Number.isInteger(value) || value < 0) {
      throw new DomainError('invalid_input', `limits.${key} must be a whole number, 0 or more`, {
        field: `limits.${key}`,
      });
    }
    const ceiling = TIER_RULES[tier].ceilings[limitKey];
    if (value > ceiling) {
      throw new DomainError(
        'invalid_input',
        `limits.${key} may be at most ${ceiling} for a ${tier} account: LinkedIn restricts accounts above it`,
        { field: `limits.${key}`, max: ceiling, tier },
      );
    }
    next.set(limitKey, value);
  }
  return Object.fromEntries(next) as LimitSettings;
}
