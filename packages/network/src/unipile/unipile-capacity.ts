/**
 * Account capacity defaults from Unipile's documented LinkedIn restrictions (conservative, per
 * account, see the README): the runner's per-account caps should start here and only go up by
 * the owner's choice. Weekly invitation caps hold over any 7-day window.
 */
export type UnipileAccountTier = 'free' | 'premium' | 'sales_navigator';

export interface UnipileCapacity {
  invitationsPerDay: number;
  invitationsPerWeek: number;
  /** Longest invitation note LinkedIn accepts for the tier. */
  noteMaxLength: number;
  profileVisitsPerDay: number;
  /** InMail needs a paid tier; credits are per month and shown by LinkedIn. */
  inmailAllowed: boolean;
}

export const UNIPILE_CAPACITY_DEFAULTS: Record<UnipileAccountTier, UnipileCapacity> = {
  free: {
    invitationsPerDay: 15,
    invitationsPerWeek: 15,
    noteMaxLength: 200,
    profileVisitsPerDay: 80,
    inmailAllowed: false,
  },
  premium: {
    invitationsPerDay: 80,
    invitationsPerWeek: 200,
    noteMaxLength: 300,
    profileVisitsPerDay: 100,
    inmailAllowed: true,
  },
  sales_navigator: {
    invitationsPerDay: 80,
    invitationsPerWeek: 200,
    noteMaxLength: 300,
    profileVisitsPerDay: 80,
    inmailAllowed: true,
  },
};
