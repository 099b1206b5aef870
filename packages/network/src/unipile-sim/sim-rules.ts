/**
 * What LinkedIn and Unipile document about a LinkedIn account, as the simulator enforces it. Each
 * number names the page it comes from; the README's simulator section lists them with the answers
 * a real account sees when it goes past them.
 */

/** The pages the rules and their answers follow. */
export const DOCS = {
  /** Invitations, profile retrievals, spacing, warm-up, and "429 or 500" past a limit. */
  limits: 'https://developer.unipile.com/docs/provider-limits-and-restrictions',
  /** Unipile's own per-account and per-sensitive-method limits, answered 429 too_many_requests. */
  rateLimits: 'https://developer.unipile.com/v2.0/docs/rate-limits',
  /** The RFC 7807 error body and the list of error types. */
  errors: 'https://developer.unipile.com/v2.0/reference/error-responses',
  /** new_relation is polled by Unipile at random intervals: up to 8 hours late. */
  acceptedInvitations: 'https://developer.unipile.com/docs/detecting-accepted-invitations',
  /** Account status webhook (OK, CREDENTIALS, ERROR, STOPPED...). */
  accountLifecycle: 'https://developer.unipile.com/docs/account-lifecycle',
  /** Why accounts get disconnected: sessions not used for long, too many sensitive requests. */
  connectionStatus: 'https://developer.unipile.com/v2.0/docs/status-lifecycle',
  /** GET /api/v1/linkedin/inmail_balance: credits per subscribed service. */
  inmailBalance: 'https://developer.unipile.com/v2.0/reference/getinmailcredits',
  /** New-message webhook body; message_id and chat_id may be null. */
  newMessages: 'https://developer.unipile.com/docs/new-messages-webhook',
  /** POST /api/v1/linkedin/search: limit 0-100 (classic "shouldn't exceed 50"), paging, cursor. */
  search: 'https://developer.unipile.com/reference/linkedincontroller_search',
  /** GET /api/v1/linkedin/search/parameters: ids by type and keywords (LEAD_LISTS included). */
  searchParameters: 'https://developer.unipile.com/reference/linkedincontroller_getsearchparameterslist',
  /** Searching from a pasted URL (a search, a saved search, a list of leads) or from parameters. */
  searchGuide: 'https://developer.unipile.com/docs/linkedin-search',
  /** A post's comments (the SDK's CommentList) and reactions (PostReaction items). */
  postComments: 'https://developer.unipile.com/reference/postscontroller_listallcomments',
  postReactions: 'https://developer.unipile.com/reference/postscontroller_listallreactions',
} as const;

export const SIM_TIERS = ['free', 'premium', 'sales_navigator', 'recruiter'] as const;
export type SimTier = (typeof SIM_TIERS)[number];

export const INMAIL_APIS = ['classic', 'sales_navigator', 'recruiter'] as const;
export type InmailApi = (typeof INMAIL_APIS)[number];

export interface TierRules {
  /** Invitations in one day (UTC day of the simulator clock); null when only the week limits. */
  invitationsPerDay: number | null;
  /** Invitations in any rolling 7 days. */
  invitationsPerWeek: number;
  noteMaxChars: number;
  /** Invitations with a note in any rolling 30 days; null when notes are not rationed. */
  notedInvitationsPerMonth: number | null;
  messagesPerDay: number;
  /** Profile retrievals (GET /users/:id, with or without sections or notify) in one day. */
  profileReadsPerDay: number;
  /** InMail credits granted each calendar month (UTC). */
  inmailCreditsPerMonth: number;
  /** The `linkedin[api]` an InMail may go through. */
  inmailApi: InmailApi | null;
  /** `connection_params.im.premiumFeatures` as Unipile reports them. */
  premiumFeatures: ('premium' | 'sales_navigator' | 'recruiter')[];
  /**
   * Search results the account may read in one day (UTC day of the simulator clock), counted per
   * result returned, whatever the search (DOCS.limits; the domain's `SEARCH_RESULTS_PER_DAY`).
   */
  searchResultsPerDay: number;
}

const PAID_INVITATIONS = {
  // DOCS.limits: "a paid and active LinkedIn account can send between 80 and 100 invitations per
  // day, and approximately 200 per week (300 characters)".
  invitationsPerDay: 100,
  invitationsPerWeek: 200,
  noteMaxChars: 300,
  notedInvitationsPerMonth: null,
} as const;

/**
 * The per-tier table. Where the documentation gives a range (80 to 100 a day) the simulator
 * refuses past its top: a client that stays under the bottom is never refused.
 */
export const TIER_RULES: Record<SimTier, TierRules> = {
  free: {
    // DOCS.limits: "for a free account with some history, it's about 15 invitations per week
    // (200 characters)"; free accounts may add a note to only a few invitations a month.
    invitationsPerDay: null,
    invitationsPerWeek: 15,
    noteMaxChars: 200,
    notedInvitationsPerMonth: 5,
    // DOCS.limits: messages to relations, about 100 a day whatever the tier.
    messagesPerDay: 100,
    // DOCS.limits: "Free and Premium account: between 80 and 100 profiles per account per day";
    // "exceeding these values can disconnect your account".
    profileReadsPerDay: 100,
    inmailCreditsPerMonth: 0,
    inmailApi: null,
    premiumFeatures: [],
    searchResultsPerDay: 1000,
  },
  premium: {
    ...PAID_INVITATIONS,
    messagesPerDay: 100,
    profileReadsPerDay: 100,
    // LinkedIn Premium: 5 InMail credits a month (15 on Premium Business, 50 on Sales Navigator);
    // the simulator takes the lowest for the plain premium tier.
    inmailCreditsPerMonth: 5,
    inmailApi: 'classic',
    premiumFeatures: ['premium'],
    searchResultsPerDay: 1000,
  },
  sales_navigator: {
    ...PAID_INVITATIONS,
    messagesPerDay: 100,
    // DOCS.limits: "Sales Navigator account: 80 profiles using the" classic route, which is the
    // one the adapter uses.
    profileReadsPerDay: 80,
    inmailCreditsPerMonth: 50,
    inmailApi: 'sales_navigator',
    premiumFeatures: ['sales_navigator'],
    searchResultsPerDay: 2500,
  },
  recruiter: {
    ...PAID_INVITATIONS,
    messagesPerDay: 100,
    profileReadsPerDay: 80,
    // Recruiter Lite: 30 InMail credits a month.
    inmailCreditsPerMonth: 30,
    inmailApi: 'recruiter',
    premiumFeatures: ['recruiter'],
    searchResultsPerDay: 2500,
  },
};

/** The LinkedIn products a search runs on (`api` of POST /linkedin/search). */
export const SEARCH_APIS = ['classic', 'sales_navigator', 'recruiter'] as const;
export type SimSearchApi = (typeof SEARCH_APIS)[number];

/**
 * DOCS.limits: LinkedIn shows at most 1,000 results of a classic search and 2,500 of a Sales
 * Navigator or Recruiter one, whatever `total_count` says; the cursor ends there.
 */
export const SEARCH_CAP: Record<SimSearchApi, number> = {
  classic: 1000,
  sales_navigator: 2500,
  recruiter: 2500,
};

/** DOCS.search: `limit` is 0 to 100 (10 when absent); classic "shouldn't exceed 50". */
export const SEARCH_PAGE: { default: number; max: number; classicMax: number } = {
  default: 10,
  max: 100,
  classicMax: 50,
};

/** The tier an api needs; classic needs none. */
export const SEARCH_API_TIER: Record<SimSearchApi, SimTier | null> = {
  classic: null,
  sales_navigator: 'sales_navigator',
  recruiter: 'recruiter',
};

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
export const MONTH_MS = 30 * DAY_MS;

/** The UTC day of an instant, for the daily limits. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The start of the next UTC day, when a daily limit frees up. */
export function nextDayStart(ms: number): number {
  return (dayOf(ms) + 1) * DAY_MS;
}

/** `YYYY-MM` of an instant (UTC), the period InMail credits are granted for. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** Instants within `windowMs` before `nowMs` (the list is kept pruned in place). */
export function within(times: number[], nowMs: number, windowMs: number): number[] {
  const kept = times.filter((at) => at > nowMs - windowMs);
  times.splice(0, times.length, ...kept);
  return times;
}

/** Instants of the same UTC day as `nowMs`. */
export function sameDay(times: number[], nowMs: number): number {
  const today = dayOf(nowMs);
  return times.filter((at) => dayOf(at) === today).length;
}
