import type { InvitationHygiene, InvitationSettings as ApiInvitationSettings } from '@outreach/contract';
import type { SenderAccount as SenderAccountEntity } from '@outreach/db';
import {
  INVITATION_SETTINGS_BOUNDS,
  INVITATION_SETTINGS_DEFAULTS,
  invitationSettingsOf,
  type StoredInvitationSettings,
} from '@outreach/domain';

/**
 * The account's invitations as the runner last reviewed them (`invitation-review.ts`): the pile
 * under its ceiling, the withdrawals, the acceptance guard, with the workspace's settings.
 */
export function invitationHygieneView(
  account: SenderAccountEntity,
  stored: StoredInvitationSettings,
  withdrawalsToday: number,
  withdrawalAllowance: number,
): InvitationHygiene {
  const settings = invitationSettingsOf(stored);
  const pile = account.invitationPile;
  const guard = account.acceptanceGuard;
  const source = (key: keyof StoredInvitationSettings) =>
    stored[key] === undefined ? ('default' as const) : ('workspace_setting' as const);
  const pending = pile?.pending ?? 0;
  // The ceiling applies as set now; the room is the review's, never above what the ceiling leaves.
  const room = Math.min(
    pile?.room ?? settings.outstandingCeiling,
    Math.max(0, settings.outstandingCeiling - pending),
  );
  return {
    pending: {
      count: pending,
      own: pile?.ownPending ?? 0,
      provider: pile?.providerPending ?? null,
      providerCheckedAt: pile?.providerCheckedAt ? pile.providerCheckedAt.toISOString() : null,
      ceiling: settings.outstandingCeiling,
      ceilingSource: source('outstandingCeiling'),
      room,
      atCeiling: room === 0,
      checkedAt: pile ? pile.checkedAt.toISOString() : null,
    },
    withdrawals: {
      afterDays: settings.withdrawAfterDays,
      afterDaysSource: source('withdrawAfterDays'),
      allowance: withdrawalAllowance,
      usedToday: withdrawalsToday,
    },
    acceptanceGuard: {
      state: guard?.state ?? 'not_enough_data',
      rate: guard?.rate ?? null,
      sent: guard?.sent ?? 0,
      accepted: guard?.accepted ?? 0,
      since: guard?.since ? guard.since.toISOString() : null,
      resumedAt: guard?.resumedAt ? guard.resumedAt.toISOString() : null,
      checkedAt: guard ? guard.checkedAt.toISOString() : null,
      ...settings.acceptanceGuard,
    },
  };
}

/** The workspace's settings, each with its default, the workspace's own value and its bounds. */
export function invitationSettingsView(stored: StoredInvitationSettings): ApiInvitationSettings {
  const settings = invitationSettingsOf(stored);
  const defaults = INVITATION_SETTINGS_DEFAULTS;
  const value = (key: keyof StoredInvitationSettings, applied: number, fallback: number) => ({
    value: applied,
    default: fallback,
    userSetting: stored[key] ?? null,
    min: INVITATION_SETTINGS_BOUNDS[key].min,
    max: INVITATION_SETTINGS_BOUNDS[key].max,
  });
  return {
    withdrawAfterDays: value('withdrawAfterDays', settings.withdrawAfterDays, defaults.withdrawAfterDays),
    outstandingCeiling: value('outstandingCeiling', settings.outstandingCeiling, defaults.outstandingCeiling),
    minSample: value('minSample', settings.acceptanceGuard.minSample, defaults.acceptanceGuard.minSample),
    halveBelow: value('halveBelow', settings.acceptanceGuard.halveBelow, defaults.acceptanceGuard.halveBelow),
    stopBelow: value('stopBelow', settings.acceptanceGuard.stopBelow, defaults.acceptanceGuard.stopBelow),
  };
}
