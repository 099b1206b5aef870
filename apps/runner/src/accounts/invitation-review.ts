import {
  acceptanceGuard,
  acceptanceWindow,
  invitationRoomUnderCeiling,
  invitationSettingsOf,
  isSenderUsable,
  usagePeriods,
  withdrawalMinute,
  WITHDRAWALS_PER_MINUTE,
  type AcceptanceGuardState,
  type InvitationSettings,
} from '@outreach/domain';
import type { RunnerContext } from '../context/runner-context.js';
import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import type {
  AcceptanceGuardRecord,
  InvitationPileRecord,
  RunnerAccount,
} from '../store/runner-store.port.js';
import { withdrawalAllowanceOfAccount } from './account-limits.js';
import { applyAccountEffects } from './account-safety.js';
import { providerAccountOf } from './provider-account.js';
import { findInvitationId, withdrawalPort } from './sent-invitations.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Invitations older than this are not counted as pending: LinkedIn lets an invitation lapse after
 * about six months, and none of ours is left that long (they are withdrawn after 60 days at most).
 */
const PENDING_HORIZON_DAYS = 180;

/**
 * Invitations that may be between their unit of room and their record on the lead while the pile
 * is counted (the pacing gate lets one action of an account through at a time; the second is
 * slack). The room leaves them out, so the pile never passes the ceiling.
 */
const IN_FLIGHT_MARGIN = 2;

/** Pages of the provider's sent invitations read to count the pile: past the ceiling is enough. */
const PROVIDER_PAGES = 6;
const PROVIDER_PAGE_SIZE = 100;

/**
 * Reviews the account's invitations on its reconciliation poll (a few times a day): withdraws the
 * stale invitations finished leads left behind, counts the pile of pending invitations (from our
 * leads, and once a day from the provider's list, which also holds those sent by hand), keeps the
 * room under the ceiling, and reads the acceptance guard's verdict. Any network failure leaves the
 * last figures in place: the next poll tries again.
 */
export async function reviewInvitations(ctx: RunnerContext, polled: RunnerAccount): Promise<void> {
  // Read again: the poll's own calls may just have learnt a restriction or a lost session, and an
  // account that cannot act is asked nothing more.
  const account = await ctx.store.getAccount(polled.workspaceId, polled.id);
  if (account === null || !isSenderUsable(account)) return;
  const now = ctx.clock();
  const settings = invitationSettingsOf(await ctx.store.invitationSettings(account.workspaceId));
  await withdrawStaleOfFinishedLeads(ctx, account, settings, now);

  const window = acceptanceWindow(now);
  const resumedAt = account.acceptanceGuard?.resumedAt ?? null;
  const standing = await ctx.store.invitationStanding(account.workspaceId, account.id, {
    pendingSince: new Date(now.getTime() - PENDING_HORIZON_DAYS * DAY_MS),
    windowFrom: resumedAt !== null && resumedAt > window.from ? resumedAt : window.from,
    windowTo: window.to,
  });

  const provider = await providerPending(ctx, account, now);
  const pending = Math.max(standing.ownPending, provider?.count ?? 0);
  const pile: InvitationPileRecord = {
    pending,
    ownPending: standing.ownPending,
    providerPending: provider?.count ?? null,
    providerCheckedAt: provider?.checkedAt ?? null,
    ceiling: settings.outstandingCeiling,
    room: invitationRoomUnderCeiling(pending + IN_FLIGHT_MARGIN, settings.outstandingCeiling),
    stamp: now.toISOString(),
    checkedAt: now,
  };
  await ctx.store.saveInvitationPile(account.workspaceId, account.id, pile);
  if (pile.room === 0)
    ctx.logger.info(
      { accountId: account.id, pending, ceiling: pile.ceiling },
      'invitations held: at the ceiling',
    );

  await judgeAcceptance(ctx, account, settings, { sent: standing.sent, accepted: standing.accepted }, now);
}

/**
 * The guard's verdict on the window's invitations, stored over the state it was read in, with the
 * `acceptance_guard_started` event when it begins to halve or stop (once: only the runner that
 * moved the state records it, under a key naming the start). A stop stays until the user lifts it.
 */
async function judgeAcceptance(
  ctx: RunnerContext,
  account: RunnerAccount,
  settings: InvitationSettings,
  sample: { sent: number; accepted: number },
  now: Date,
): Promise<void> {
  const current = account.acceptanceGuard ?? null;
  if (current?.state === 'stopped') return;
  const verdict = acceptanceGuard(
    { sentBetween3And21DaysAgo: sample.sent, acceptedOfThose: sample.accepted },
    settings.acceptanceGuard,
  );
  const starts = guarding(verdict.state) && current?.state !== verdict.state;
  const next: AcceptanceGuardRecord = {
    state: verdict.state,
    rate: verdict.rate,
    sent: sample.sent,
    accepted: sample.accepted,
    since: guarding(verdict.state) ? (starts ? now : (current?.since ?? now)) : null,
    resumedAt: current?.resumedAt ?? null,
    checkedAt: now,
  };
  const moved = await ctx.store.moveAcceptanceGuard(
    account.workspaceId,
    account.id,
    current?.state ?? null,
    next,
  );
  if (!moved || !starts || next.since === null) return;
  ctx.logger.warn(
    { accountId: account.id, state: next.state, rate: next.rate, sent: next.sent },
    'acceptance guard started: too few invitations accepted',
  );
  await ctx.store.recordEvent({
    type: 'acceptance_guard_started',
    transitionKey: `acceptance_guard:${account.id}:${next.state}:${next.since.toISOString()}`,
    workspaceId: account.workspaceId,
    occurredAt: now,
    data: {
      accountId: account.id,
      name: account.name,
      state: next.state as 'halved' | 'stopped',
      acceptanceRate: next.rate ?? 0,
      sent: next.sent,
      accepted: next.accepted,
      halveBelow: settings.acceptanceGuard.halveBelow,
      stopBelow: settings.acceptanceGuard.stopBelow,
      startedAt: now.toISOString(),
    },
  });
}

function guarding(state: AcceptanceGuardState): boolean {
  return state === 'halved' || state === 'stopped';
}

/**
 * The provider's count of the account's pending invitations, read again once a day (each page a
 * list read of the account's budget); the last count otherwise, or null when never read or when
 * the network offers no such list.
 */
async function providerPending(
  ctx: RunnerContext,
  account: RunnerAccount,
  now: Date,
): Promise<{ count: number; checkedAt: Date } | null> {
  const last = account.invitationPile;
  const known =
    last?.providerPending !== null && last?.providerPending !== undefined && last.providerCheckedAt
      ? { count: last.providerPending, checkedAt: last.providerCheckedAt }
      : null;
  if (known !== null && now.getTime() - known.checkedAt.getTime() < DAY_MS) return known;
  const port = withdrawalPort(ctx.network);
  if (port === null) return known;
  try {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < PROVIDER_PAGES; page += 1) {
      const result = await port.listSentInvitations({
        accountId: providerAccountOf(account),
        limit: PROVIDER_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      });
      for (const item of result.items) seen.add(item.invitationId);
      cursor = result.cursor;
      if (cursor === null) break;
    }
    return { count: seen.size, checkedAt: now };
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    await applyAccountEffects(ctx, account, failure, now);
    ctx.logger.warn({ accountId: account.id, failure: failure.kind }, 'pending invitations not read');
    return known;
  }
}

/**
 * Withdraws the invitations that finished leads left pending once they are due (a lead that ended
 * by its campaign's timeout before the withdrawal age, or by a reply without an acceptance),
 * oldest first, within the day's withdrawal allowance shared with the leads' own withdrawals.
 */
async function withdrawStaleOfFinishedLeads(
  ctx: RunnerContext,
  account: RunnerAccount,
  settings: InvitationSettings,
  now: Date,
): Promise<void> {
  const port = withdrawalPort(ctx.network);
  if (port === null) return;
  const stale = await ctx.store.staleInvitationsToWithdraw(
    account.workspaceId,
    account.id,
    {
      sentSince: new Date(now.getTime() - PENDING_HORIZON_DAYS * DAY_MS),
      sentBefore: new Date(now.getTime() - settings.withdrawAfterDays * DAY_MS),
    },
    withdrawalAllowanceOfAccount(account, now),
  );
  const accountId = providerAccountOf(account);
  const today = usagePeriods(now, account.timezone).day;
  try {
    for (const invitation of stale) {
      const invitationId =
        invitation.invitationId || (await findInvitationId(port, accountId, { ...invitation }));
      if (invitationId === null) {
        // Nothing pending under that person any more: accepted unseen, or withdrawn by hand.
        await ctx.store.markInvitationWithdrawn(account.workspaceId, invitation.leadId, now);
        continue;
      }
      // At most two withdrawals a minute (no burst of writes): the rest wait for the next look.
      const minute = withdrawalMinute(now);
      const spaced = await ctx.store.consumeCapacity(account.workspaceId, {
        accountId: account.id,
        period: minute.key,
        kind: 'withdrawals',
        key: `withdraw:${invitation.leadId}:${invitationId}`,
        cap: WITHDRAWALS_PER_MINUTE,
        expiresAt: new Date(minute.end.getTime() + DAY_MS),
      });
      if (!spaced) return;
      const allowed = await ctx.store.consumeCapacity(account.workspaceId, {
        accountId: account.id,
        period: `day:${today.key}`,
        kind: 'withdrawals',
        key: `withdraw:${invitation.leadId}:${invitationId}`,
        cap: withdrawalAllowanceOfAccount(account, now),
        expiresAt: new Date(today.end.getTime() + 2 * DAY_MS),
      });
      if (!allowed) return;
      const withdrawn = await port.withdrawInvitation({ accountId, invitationId });
      await ctx.store.markInvitationWithdrawn(account.workspaceId, invitation.leadId, withdrawn.at);
      ctx.logger.info(
        { leadId: invitation.leadId, invitationId, outcome: withdrawn.outcome },
        'stale invitation of a finished lead withdrawn',
      );
    }
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    await applyAccountEffects(ctx, account, failure, now);
    ctx.logger.warn({ accountId: account.id, failure: failure.kind }, 'stale invitations not all withdrawn');
  }
}
