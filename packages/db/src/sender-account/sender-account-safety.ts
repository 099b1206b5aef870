import type { AccountTier, LimitKey } from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { NotFoundError } from '../common/db-errors.js';
import { leaseFree } from '../common/lease.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { limitSettingsOf, toSenderAccount, type SenderAccount } from './sender-account.entity.js';
import type { AccountRestriction, InmailBalance, SenderAccountRecord } from './sender-account.schema.js';

/*
 * What keeps a LinkedIn account safe, as the runner learns it: the tier, the InMail credits, a
 * restriction, a cooldown, the last action (for the warm-up) and the next reconciliation poll.
 * Each write is one conditional update, so runners side by side never undo each other: a reading
 * older than the stored one changes nothing, a cooldown never gets shorter, a restriction is
 * reported once, one runner wins a poll.
 */

type Records = ScopedModel<SenderAccountRecord>;

export interface TierReading {
  tier: AccountTier;
  premiumFeatures?: string[];
  checkedAt: Date;
  /** Given only where the provider's word should replace the user's (a new connection). */
  inmailAllowed?: boolean;
}

/** Older records have no tier and read as free: a filter on `free` must match them too. */
function tierFilter(tier: AccountTier): QueryFilter<SenderAccountRecord> {
  return tier === 'free' ? { tier: { $in: ['free', null] } } : { tier };
}

async function updateOrCurrent(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  filter: QueryFilter<SenderAccountRecord>,
  update: UpdateQuery<SenderAccountRecord>,
): Promise<{ account: SenderAccount; changed: boolean }> {
  const updated = await records.findOneAndUpdate(workspaceId, { ...filter, _id: accountId }, update);
  if (updated) return { account: toSenderAccount(updated), changed: true };
  const current = await records.findOne(workspaceId, { _id: accountId });
  if (!current) throw new NotFoundError('sender account', [accountId]);
  return { account: toSenderAccount(current), changed: false };
}

/** Stores the tier read from the provider, unless a newer reading is stored already. */
export async function setTier(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  reading: TierReading,
): Promise<SenderAccount> {
  const { account } = await updateOrCurrent(
    records,
    workspaceId,
    accountId,
    { tierCheckedAt: leaseFree(reading.checkedAt) },
    {
      $set: {
        tier: reading.tier,
        tierCheckedAt: reading.checkedAt,
        ...(reading.inmailAllowed !== undefined ? { inmailAllowed: reading.inmailAllowed } : {}),
        ...(reading.premiumFeatures !== undefined ? { premiumFeatures: [...reading.premiumFeatures] } : {}),
      },
    },
  );
  return account;
}

/** Stores the InMail credits read from the provider, unless a newer reading is stored already. */
export async function setInmailBalance(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  balance: InmailBalance,
): Promise<SenderAccount> {
  const { account } = await updateOrCurrent(
    records,
    workspaceId,
    accountId,
    { 'inmailBalance.checkedAt': leaseFree(balance.checkedAt) },
    { $set: { inmailBalance: { ...balance } } },
  );
  return account;
}

/**
 * The network restricted the account: it is `restricted`, not authenticated, with the reason.
 * `changed` is true for the one call that moved it, so the event fires once however many calls
 * meet the restriction at the same time.
 */
export function markRestricted(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  restriction: AccountRestriction,
  now: Date,
): Promise<{ account: SenderAccount; changed: boolean }> {
  return updateOrCurrent(
    records,
    workspaceId,
    accountId,
    { status: { $ne: 'restricted' } },
    {
      $set: {
        status: 'restricted',
        authenticated: false,
        disconnectReason: null,
        restriction: { ...restriction },
        updatedAt: now,
      },
    },
  );
}

/**
 * No action for the account before `until`, for `reason`. A cooldown already running longer is
 * kept (two limit answers racing: the later end wins, whatever the order of the writes).
 */
export async function setCooldown(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  cooldown: { until: Date; reason: string },
): Promise<SenderAccount> {
  const { account } = await updateOrCurrent(
    records,
    workspaceId,
    accountId,
    { cooldownUntil: { $not: { $gte: cooldown.until } } },
    { $set: { cooldownUntil: cooldown.until, cooldownReason: cooldown.reason } },
  );
  return account;
}

/**
 * The account acted at `at` (never moved back); with `warmUpRestartAt` (the domain's
 * `warmUpRestartAt` after an idle spell), its warm-up starts again then. Like the pacing gate, no
 * edit of the account: `updatedAt` stays.
 */
export async function touchLastAction(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  at: Date,
  warmUpRestartAt: Date | null,
): Promise<void> {
  const result = await records.updateOne(
    workspaceId,
    { _id: accountId },
    {
      $max: { lastActionAt: at },
      ...(warmUpRestartAt !== null ? { $set: { warmUpStartedAt: warmUpRestartAt } } : {}),
    },
  );
  if (result.matched === 0) throw new NotFoundError('sender account', [accountId]);
}

/**
 * Takes the account's reconciliation poll when it is due (`nextPollAt` passed or never set) and
 * moves the next one to `nextPollAt`: of runners racing, one wins (true), the others skip.
 */
export async function claimPoll(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  now: Date,
  nextPollAt: Date,
): Promise<boolean> {
  const result = await records.updateOne(
    workspaceId,
    { _id: accountId, nextPollAt: leaseFree(now) },
    { $set: { nextPollAt } },
  );
  return result.matched === 1;
}

export type LimitSettingsPatch = Partial<Record<LimitKey, number | null>>;

/**
 * Changes some of the user's settings (null removes one) when the account still has the tier they
 * were checked against; null when the tier changed meanwhile (check again). Each key is its own
 * path, so two changes of different limits at once both land. A record still carrying the retired
 * `limits` has them folded into its settings first, once.
 */
export async function updateLimitSettings(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  patch: LimitSettingsPatch,
  expected: { tier: AccountTier },
  now: Date,
): Promise<SenderAccount | null> {
  const current = await records.findOne(workspaceId, { _id: accountId });
  if (!current) throw new NotFoundError('sender account', [accountId]);
  if (current.limits !== undefined) {
    await records.updateOne(
      workspaceId,
      { _id: accountId, limits: { $exists: true } },
      { $set: { limitSettings: limitSettingsOf(current) }, $unset: { limits: '' } },
    );
  }
  const set: Record<string, unknown> = { updatedAt: now };
  const unset: Record<string, ''> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) unset[`limitSettings.${key}`] = '';
    else set[`limitSettings.${key}`] = value;
  }
  const updated = await records.findOneAndUpdate(
    workspaceId,
    { _id: accountId, limits: { $exists: false }, ...tierFilter(expected.tier) },
    { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
  );
  return updated ? toSenderAccount(updated) : null;
}

/**
 * The warm-up of an account that never acted starts when it is connected. One that acted keeps its
 * own: a reconnection after a lost session does not make an active account new again (the runner
 * restarts the warm-up when it acts after idle weeks). Null when nothing changed.
 */
export async function startWarmUpIfNew(
  records: Records,
  workspaceId: WorkspaceId,
  accountId: string,
  now: Date,
): Promise<SenderAccount | null> {
  const record = await records.findOneAndUpdate(
    workspaceId,
    { _id: accountId, lastActionAt: null, warmUpStartedAt: null },
    { $set: { warmUpStartedAt: now } },
  );
  return record ? toSenderAccount(record) : null;
}
