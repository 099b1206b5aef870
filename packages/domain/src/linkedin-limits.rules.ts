/**
 * LinkedIn's rules for one sender account, in one place: what each account tier may do per day,
 * week and month, how far a user may raise a limit, how a new or idle account warms up, and what a
 * day of provider calls may cost. Every number cites where it comes from (see the README's table).
 *
 * Sources:
 * - [limits] Unipile, "Provider limits and restrictions":
 *   https://developer.unipile.com/docs/provider-limits-and-restrictions
 *   (paid accounts: 80-100 invitations a day, about 200 a week, notes of 300 characters; free
 *   accounts: about 15 invitations a week with a note of at most 200 characters, 150 without a
 *   note; profile retrievals: 80-100 a day per account, "exceeding these values can disconnect
 *   your account"; new or inactive accounts start low and increase gradually; space calls out
 *   randomly across several launches in working hours.)
 * - [inmail] LinkedIn Help, InMail credits: Premium Career 5, Premium Business 15, Sales
 *   Navigator 50 a month; the real balance is read from Unipile's `GET /linkedin/inmail_balance`.
 * - [peers] Conservative defaults below the documented ceilings, as the peers ship them (about
 *   20-25 invitations a day and 100 a week, 50 messages a day, a three-week ramp).
 */
import { DomainError } from './errors.js';

export const ACCOUNT_TIERS = ['free', 'premium', 'sales_navigator', 'recruiter'] as const;
export type AccountTier = (typeof ACCOUNT_TIERS)[number];

/**
 * The tier of an account from the premium features its provider reports (Unipile lists them as
 * `premium`, `sales_navigator`, `recruiter`): the richest feature wins; none means free.
 */
export function tierFromFeatures(features: readonly string[]): AccountTier {
  const normalised = new Set(
    features.map((feature) =>
      feature
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    ),
  );
  if ([...normalised].some((feature) => feature.startsWith('recruiter'))) return 'recruiter';
  if ([...normalised].some((feature) => feature.startsWith('sales_navigator'))) return 'sales_navigator';
  if (normalised.has('premium') || [...normalised].some((feature) => feature.startsWith('premium')))
    return 'premium';
  return 'free';
}

/** Every limit the runner keeps for an account. Days and weeks are the account's own (its timezone). */
export const LIMIT_KEYS = [
  'invitationsPerDay',
  'invitationsPerWeek',
  'notedInvitationsPerMonth',
  'messagesPerDay',
  'inmailsPerDay',
  'inmailsPerMonth',
  'profileVisitsPerDay',
  'profileRetrievalsPerDay',
  'listReadsPerDay',
] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
export type LinkedinLimits = Record<LimitKey, number>;

/** What a user set for an account; a missing key follows the tier. */
export type LimitSettings = Partial<Record<LimitKey, number>>;

export interface TierRules {
  /** The defaults the service applies ([peers], under [limits]). */
  defaults: LinkedinLimits;
  /** The highest value a user may set ([limits]); above it LinkedIn restricts accounts. */
  ceilings: LinkedinLimits;
  /** The longest invitation note the tier may send ([limits]). */
  noteMaxLength: number;
}

const PAID_INVITATIONS = { invitationsPerDay: 25, invitationsPerWeek: 100 } as const;
const PAID_INVITATION_CEILINGS = { invitationsPerDay: 100, invitationsPerWeek: 200 } as const;
/** [limits]: 80-100 profiles a day for free and premium accounts; the low end is the default. */
const PROFILE_READS = { profileVisitsPerDay: 40, profileRetrievalsPerDay: 80 } as const;
const PROFILE_READ_CEILINGS = { profileVisitsPerDay: 100, profileRetrievalsPerDay: 100 } as const;
/**
 * List reads (relations, sent invitations, chats, messages) have no published number; [limits]
 * asks to space such checks out to a few a day. A poll reads a few pages, so four polls and the
 * per-lead checks before resumed actions fit in 60.
 */
const LIST_READS = { listReadsPerDay: 60 } as const;
const LIST_READ_CEILING = { listReadsPerDay: 200 } as const;

export const TIER_RULES: Readonly<Record<AccountTier, TierRules>> = Object.freeze({
  free: {
    defaults: {
      // [limits]: about 15 a week with a note, 150 without; the default stays at the noted figure.
      // Notes themselves: a free account may add one to only a few invitations a month.
      invitationsPerDay: 5,
      invitationsPerWeek: 15,
      notedInvitationsPerMonth: 5,
      messagesPerDay: 30,
      inmailsPerDay: 0,
      inmailsPerMonth: 0,
      ...PROFILE_READS,
      ...LIST_READS,
    },
    ceilings: {
      invitationsPerDay: 30,
      invitationsPerWeek: 150,
      notedInvitationsPerMonth: 5,
      messagesPerDay: 100,
      inmailsPerDay: 0,
      inmailsPerMonth: 0,
      ...PROFILE_READ_CEILINGS,
      ...LIST_READ_CEILING,
    },
    noteMaxLength: 200,
  },
  premium: {
    defaults: {
      ...PAID_INVITATIONS,
      notedInvitationsPerMonth: 400,
      messagesPerDay: 50,
      inmailsPerDay: 5,
      inmailsPerMonth: 5,
      ...PROFILE_READS,
      ...LIST_READS,
    },
    ceilings: {
      ...PAID_INVITATION_CEILINGS,
      notedInvitationsPerMonth: 800,
      messagesPerDay: 150,
      inmailsPerDay: 15,
      inmailsPerMonth: 15,
      ...PROFILE_READ_CEILINGS,
      ...LIST_READ_CEILING,
    },
    noteMaxLength: 300,
  },
  sales_navigator: {
    defaults: {
      ...PAID_INVITATIONS,
      notedInvitationsPerMonth: 400,
      messagesPerDay: 50,
      inmailsPerDay: 10,
      inmailsPerMonth: 50,
      ...PROFILE_READS,
      ...LIST_READS,
    },
    ceilings: {
      ...PAID_INVITATION_CEILINGS,
      notedInvitationsPerMonth: 800,
      messagesPerDay: 150,
      inmailsPerDay: 50,
      inmailsPerMonth: 150,
      ...PROFILE_READ_CEILINGS,
      ...LIST_READ_CEILING,
    },
    noteMaxLength: 300,
  },
  recruiter: {
    defaults: {
      ...PAID_INVITATIONS,
      notedInvitationsPerMonth: 400,
      messagesPerDay: 50,
      inmailsPerDay: 20,
      inmailsPerMonth: 100,
      ...PROFILE_READS,
      ...LIST_READS,
    },
    ceilings: {
      ...PAID_INVITATION_CEILINGS,
      notedInvitationsPerMonth: 800,
      messagesPerDay: 150,
      inmailsPerDay: 50,
      inmailsPerMonth: 150,
      ...PROFILE_READ_CEILINGS,
      ...LIST_READ_CEILING,
    },
    noteMaxLength: 300,
  },
});

/**
 * The warm-up ([limits]: new or inactive accounts start low and increase gradually): a share of
 * each action limit by whole weeks since the warm-up began, full from the fourth week on. List
 * reads are not actions on LinkedIn and do not warm up.
 */
export const WARM_UP_SHARES = [0.3, 0.6, 0.85] as const;
export const WARM_UP_DAYS = WARM_UP_SHARES.length * 7;
/** An account that acted on nothing for this long warms up again when it starts again. */
export const IDLE_DAYS_BEFORE_WARM_UP = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const WARMED_KEYS: ReadonlySet<LimitKey> = new Set(LIMIT_KEYS.filter((key) => key !== 'listReadsPerDay'));

export interface WarmUpStage {
  /** 1-based week of the warm-up, or null once it is over. */
  week: number | null;
  share: number;
  /** When the warm-up ends (null once over). */
  endsAt: Date | null;
}

export function warmUpStage(warmUpStartedAt: Date | null, now: Date): WarmUpStage {
  if (warmUpStartedAt === null) return { week: null, share: 1, endsAt: null };
  const elapsedDays = Math.max(0, (now.getTime() - warmUpStartedAt.getTime()) / DAY_MS);
  const index = Math.floor(elapsedDays / 7);
  const share = WARM_UP_SHARES[index];
  if (share === undefined) return { week: null, share: 1, endsAt: null };
  return { week: index + 1, share, endsAt: new Date(warmUpStartedAt.getTime() + WARM_UP_DAYS * DAY_MS) };
}

/**
 * When an account's warm-up starts again: at its first action after being idle for
 * `IDLE_DAYS_BEFORE_WARM_UP` days (null: keep the current warm-up start).
 */
export function warmUpRestartAt(lastActionAt: Date | null, now: Date): Date | null {
  if (lastActionAt === null) return null;
  return now.getTime() - lastActionAt.getTime() >= IDLE_DAYS_BEFORE_WARM_UP * DAY_MS ? now : null;
}

export type LimitSource = 'tier_default' | 'user_setting' | 'warm_up' | 'tier_ceiling';

export interface EffectiveLimit {
  value: number;
  /** What decided the value: the tier's default, the user's setting, the warm-up, or the ceiling. */
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
}

/**
 * The limits the runner holds an account to: the user's setting where there is one (never above
 * the tier's ceiling: a tier that dropped since the setting was saved clamps it), else the tier's
 * default; during the warm-up a share of the target (the larger of the two), rounded up so that a
 * warming account still acts. A user's setting below the warm-up value wins: the lowest applies.
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
    result[key] = { value, source, tierDefault, ceiling, userSetting };
  }
  return result;
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

export interface InvitationNoteVerdict {
  /** The note to send, or null to send the invitation without one. */
  note: string | null;
  /** Why a rendered note is left out. */
  dropped: 'too_long' | 'note_quota' | null;
}

/** Noted invitations count over this many days back from now (a month, taken as a rolling window). */
export const NOTE_QUOTA_DAYS = 31;

/**
 * Whether an invitation may carry its note: the tier's note length ([limits]: 200 characters on a
 * free account, 300 otherwise; counted as LinkedIn counts, in characters) and the quota of noted
 * invitations over the last month (a few on a free account). An invitation without its note still
 * goes: a free account may send many more of those.
 */
export function invitationNote(
  tier: AccountTier,
  note: string | null,
  notedThisMonth: number,
  limits: Pick<LinkedinLimits, 'notedInvitationsPerMonth'>,
): InvitationNoteVerdict {
  if (note === null || note.length === 0) return { note: null, dropped: null };
  if ([...note].length > TIER_RULES[tier].noteMaxLength) return { note: null, dropped: 'too_long' };
  if (notedThisMonth >= limits.notedInvitationsPerMonth) return { note: null, dropped: 'note_quota' };
  return { note, dropped: null };
}

/** Which InMail product a tier sends through (Unipile's `api` option of a new chat). */
export function inmailApiOf(tier: AccountTier): 'classic' | 'sales_navigator' | 'recruiter' | null {
  if (tier === 'free') return null;
  if (tier === 'premium') return 'classic';
  return tier;
}

/** The kinds of provider call budgeted per account and day. */
export const PROVIDER_CALL_KINDS = ['write', 'profile_read', 'list_read'] as const;
export type ProviderCallKind = (typeof PROVIDER_CALL_KINDS)[number];

/**
 * Calls of each kind an account may make in a day. Writes are bounded by the action limits
 * themselves plus a margin for the chat a first message opens; profile reads by the retrieval
 * limit ([limits]: every route that retrieves a profile counts); list reads by their own budget.
 */
export function callBudgets(limits: LinkedinLimits): Record<ProviderCallKind, number> {
  return {
    write: limits.invitationsPerDay + limits.messagesPerDay + limits.inmailsPerDay,
    profile_read: limits.profileRetrievalsPerDay,
    list_read: limits.listReadsPerDay,
  };
}

/**
 * The reconciliation polls of an account per day ([limits]: space such checks out to a few a
 * day): the gap to the next one, in product time, jittered so that accounts never poll in step.
 * The jitter only brings a poll forward (by up to a quarter): the poll is what catches a reply
 * whose webhook was lost, so no gap may exceed the interval the user configured (6 h at 4 a day).
 * `unit` is a number in [0, 1) from a seeded source.
 */
export function nextPollGapMs(pollsPerDay: number, unit: number): number {
  if (!(pollsPerDay > 0)) throw new DomainError('invalid_input', 'pollsPerDay must be positive');
  const base = DAY_MS / pollsPerDay;
  return Math.round(base * (0.75 + 0.25 * unit));
}
