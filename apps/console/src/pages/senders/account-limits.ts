import type { components } from '@outreach/client';

type AccountUsage = components['schemas']['AccountUsage'];
type LimitUsage = components['schemas']['LimitUsage'];
type AccountTier = components['schemas']['AccountTier'];
export type LimitKey = keyof AccountUsage['limits'];

export const TIER_NAMES: Record<AccountTier, string> = {
  free: 'Free',
  premium: 'Premium',
  sales_navigator: 'Sales Navigator',
  recruiter: 'Recruiter',
};

/**
 * What each limit is called and the window it counts, in the order the card lists them. LinkedIn
 * counts the weekly invitation cap and the free tier's notes over rolling windows, and so does the
 * API's view of them (the last 7 and 31 days), whatever its `period` says.
 */
export const LIMIT_NAMES: Record<LimitKey, { action: string; window: string }> = {
  invitationsPerDay: { action: 'Invitations', window: 'today' },
  invitationsPerWeek: { action: 'Invitations', window: 'in the last 7 days' },
  notedInvitationsPerMonth: { action: 'Invitations with a note', window: 'in the last 31 days' },
  messagesPerDay: { action: 'Messages', window: 'today' },
  inmailsPerDay: { action: 'InMails', window: 'today' },
  inmailsPerMonth: { action: 'InMails', window: 'this month' },
  profileVisitsPerDay: { action: 'Profile visits', window: 'today' },
  profileRetrievalsPerDay: { action: 'Profile retrievals (every read)', window: 'today' },
  listReadsPerDay: { action: 'List reads', window: 'today' },
};

export const LIMIT_KEYS = Object.keys(LIMIT_NAMES) as LimitKey[];

export function limitLabel(key: LimitKey): string {
  const { action, window } = LIMIT_NAMES[key];
  return `${action} ${window}`;
}

/** Where a limit comes from, in words, with the figures that explain it. */
export function limitSource(limit: LimitUsage, tier: AccountTier): string {
  const tierName = TIER_NAMES[tier];
  switch (limit.source) {
    case 'tier_default':
      return `${tierName} default (you may raise it to ${limit.ceiling})`;
    case 'user_setting':
      return `Your setting (${tierName} default ${limit.tierDefault}, at most ${limit.ceiling})`;
    case 'warm_up':
      return `Warm-up: a share of ${limit.userSetting ?? limit.tierDefault} while the account is new`;
    case 'tier_ceiling':
      return `${tierName} ceiling: your setting of ${limit.userSetting ?? '?'} is above what LinkedIn allows`;
    case 'acceptance_guard':
      return limit.limit === 0
        ? 'Acceptance guard: invitations stopped, too few were accepted (see below)'
        : 'Acceptance guard: halved, too few invitations were accepted (see below)';
  }
}
