import type { components } from '@outreach/client';

type SenderAccount = components['schemas']['SenderAccount'];

export type DisplayedStatusKind = 'connected' | 'disconnected' | 'restricted' | 'cooling_down' | 'inactive';

export interface DisplayedStatus {
  kind: DisplayedStatusKind;
  label: string;
  /** What it means for sending, and what to do about it. */
  detail: string;
  /** Whether the person should reconnect the account. */
  needsReconnect: boolean;
}

/**
 * The one place that turns an account into the status the console shows, so that no page calls
 * an account "connected" while it cannot send. Today the contract says connected/disconnected,
 * authenticated, active and a cooldown; the `restricted` status (with its reason) and the warm-up
 * stage the API is gaining slot in here.
 */
export function displayedStatus(account: SenderAccount, now: Date): DisplayedStatus {
  if (account.status === 'restricted')
    return {
      kind: 'restricted',
      label: 'Restricted',
      detail: `LinkedIn restricted it${account.restriction ? ` (${account.restriction.reason})` : ''}: nothing is sent and its leads wait. Resolve it on LinkedIn, then reconnect.`,
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
  if (account.cooldownUntil && Date.parse(account.cooldownUntil) > now.getTime())
    return {
      kind: 'cooling_down',
      label: 'Cooling down',
      detail: `The network asked it to slow down: it sends again after ${new Date(account.cooldownUntil).toLocaleString()}.`,
      needsReconnect: false,
    };
  return {
    kind: 'connected',
    label: 'Connected',
    detail: 'Sending within its limits.',
    needsReconnect: false,
  };
}
