/**
 * LinkedIn's rules for one sender account: what each account tier may do per day, week and month
 * (this file), how a new or idle account warms up (`linkedin-warm-up.rules.ts`), the limits an
 * account is held to and how far a user may raise one (`linkedin-effective-limits.rules.ts`), and
 * what a day of provider calls may cost (`linkedin-call-budgets.rules.ts`). Every number cites
 * where it comes from (see the README's table); the sources below are those of all four files.
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
