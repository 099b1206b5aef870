import type { components } from '@outreach/client';
import { dateTime } from '../../lib/format.js';

type SenderAccount = components['schemas']['SenderAccount'];
type AccountUsage = components['schemas']['AccountUsage'];

export type DisplayedStatusKind =
  'connected' | 'disconnected' | 'restricted' | 'cooling_down' | 'warming_up' | 'inactive';

export interface DisplayedStatus {
  kind: DisplayedStatusKind;
  label: string;
  /** What it means for sending, and what to do about it. */
  detail: string;
  /** Whether the person should reconnect the account. */
  needsReconnect: boolean;
}

/** What LinkedIn's restriction reasons mean, in words (the API passes Unipile's codes through). */
const RESTRICTION_REASONS: Record<string, string> = {
  account_restricted: 'LinkedIn restricted the account',
  action_required: 'LinkedIn asks for an action on the account (a check or a confirmation)',
  unknown_authentication_context: 'LinkedIn no longer recognises the session',
  disconnected_feature: 'LinkedIn turned off a feature the account relies on',
  multiple_sessions: 'the account was signed in elsewhere at the same time',
};

export function restrictionReason(reason: string): string {
  return RESTRICTION_REASONS[reason] ?? `LinkedIn restricted the account (${reason})`;
}

/**
 * The one place that turns an account into the status the console shows, so that no page calls
 * an account "connected" while it cannot send. The account record says connected, disconnected
 * or restricted; its limits view (`usage`, once read) adds the warm-up week and the cooldown's
 * reason. One status wins, in the order that matters to the person: what stops sending first.
 */
export function displayedStatus(
  account: SenderAccount,
  usage: AccountUsage | undefined,
  now: Date,
): DisplayedStatus {
  const restriction = account.restriction ?? usage?.restriction ?? null;
  if (account.status === 'restricted')
    return {
      kind: 'restricted',
      label: 'Restricted',
      detail: `${restriction ? `${restrictionReason(restriction.reason)} (${restriction.reason}) since ${dateTime(restriction.since)}${restriction.detail ? `: “${restriction.detail}”` : ''}` : 'LinkedIn restricted the account'}. Nothing is sent and its leads wait. Resolve it on LinkedIn, then reconnect.`,
      needsReconnect: true,
    };
  if (account.status === 'disconnected' || !account.authenticated)
    return {
      kind: 'disconnected',
      label: 'Disconnected',
      detail: 'Its session was lost: nothing is sent and its leads wait. Reconnect it to resume.',
      needsReconnect: true,
    };
  if (!account.active)
    return {
      kind: 'inactive',
      label: 'Inactive',
      detail: 'Turned off: it is not used by any campaign.',
      needsReconnect: false,
    };
  const cooldownUntil = usage?.cooldown?.until ?? account.cooldownUntil;
  if (cooldownUntil && Date.parse(cooldownUntil) > now.getTime()) {
    const reason = usage?.cooldown?.reason;
    return {
      kind: 'cooling_down',
      label: 'Cooling down',
      detail: `LinkedIn answered with a limit${reason ? ` (${reason})` : ''}: it sends again after ${dateTime(cooldownUntil)}, and its leads wait until then.`,
      needsReconnect: false,
    };
  }
  if (usage?.warmUp)
    return {
      kind: 'warming_up',
      label: 'Warming up',
      detail: `Week ${usage.warmUp.week} of its warm-up: held to ${Math.round(usage.warmUp.share * 100)}% of each limit until ${dateTime(usage.warmUp.endsAt)}, so LinkedIn sees a new account start slowly.`,
      needsReconnect: false,
    };
  if (account.warmingUp)
    return {
      kind: 'warming_up',
      label: 'Warming up',
      detail: 'In its warm-up: held to a share of each limit for its first weeks.',
      needsReconnect: false,
    };
  return {
    kind: 'connected',
    label: 'Connected',
    detail: 'Sending within its limits.',
    needsReconnect: false,
  };
}
