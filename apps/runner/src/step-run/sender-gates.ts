import {
  createRandom,
  pacedGapMs,
  usagePeriods,
  type CappedAction,
  type LinkedinLimits,
  type Period,
} from '@outreach/domain';
import { limitNumbersOf } from '../accounts/account-limits.js';
import { WEEK_MS } from '../context/past-usage.js';
import type { CapacitySlot, UsageKind } from '../store/runner-store.port.js';
import { postponeIntoWorkingHours, type LeadVerdict } from './lead-verdict.js';
import type { StepRun } from './step-run.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which counters an action uses and which limits bound them: invitations also have LinkedIn's
 * weekly cap, InMails the month's credits.
 */
const CAPS: Record<
  CappedAction,
  Array<{ kind: UsageKind; period: 'day' | 'week' | 'month'; limit: keyof LinkedinLimits }>
> = {
  invitation: [
    { kind: 'invitations', period: 'day', limit: 'invitationsPerDay' },
    { kind: 'invitations', period: 'week', limit: 'invitationsPerWeek' },
  ],
  message: [{ kind: 'messages', period: 'day', limit: 'messagesPerDay' }],
  inmail: [
    { kind: 'inmails', period: 'day', limit: 'inmailsPerDay' },
    { kind: 'inmailsMonth', period: 'month', limit: 'inmailsPerMonth' },
  ],
  profile_visit: [{ kind: 'profileVisits', period: 'day', limit: 'profileVisitsPerDay' }],
};

export type CapacityReservation =
  | {
      ok: true;
      /** Every unit taken for the action, the extra one included when it was taken. */
      slots: CapacitySlot[];
      extraTaken: boolean;
    }
  | { ok: false; freesAt: Date };

/**
 * A unit an action takes when it can, beside its caps (an invitation's note, from the rolling
 * month's quota): taken with them, after them, and never without them.
 */
export interface ExtraUnit {
  kind: UsageKind;
  /** Its period key (`day:<key>`). */
  period: string;
  cap: number;
  expiresAt: Date;
}

/**
 * Takes one unit of the account's daily (and, for invitations, weekly) cap for the action `key`,
 * all or none with conditional updates (one round trip for all of them while none is at its cap),
 * so runners side by side never exceed a cap; a unit already taken for that key is not taken
 * again. Periods are the account's days and ISO weeks in its own timezone. When a cap is full,
 * says when the period that frees it ends. An `extra` unit goes with them when it can.
 */
export async function reserveCapacity(
  run: StepRun,
  action: CappedAction,
  key: string,
  extra?: ExtraUnit,
): Promise<CapacityReservation> {
  const { ctx, account, now } = run;
  const periods = usagePeriods(now, account.timezone);
  const limits = limitNumbersOf(account, now);
  const wanted: Array<{ period: Period; prefix: string; cap: number; kind: UsageKind }> = CAPS[action].map(
    (cap) => ({ period: periods[cap.period], prefix: cap.period, cap: limits[cap.limit], kind: cap.kind }),
  );

  // LinkedIn's weekly invitation cap runs over the last seven days: the week's unit is taken under
  // what this week's invitations may still add to last week's that are in the window.
  const weekCap = CAPS[action].findIndex((cap) => cap.period === 'week' && cap.kind === 'invitations');
  const lastWeek = weekCap < 0 ? [] : await invitationsInWindowBeforeThisWeek(run);
  const slots = wanted.map(({ period, prefix, cap, kind }, index) => ({
    accountId: account.id,
    period: `${prefix}:${period.key}`,
    kind,
    key,
    cap: index === weekCap ? cap - lastWeek.length : cap,
    expiresAt: new Date(period.end.getTime() + DAY_MS),
  }));
  const weekFreesAt = () => rollingWeekFreesAt(lastWeek, limits.invitationsPerWeek, periods.week.end);
  if (weekCap >= 0 && (slots[weekCap]?.cap ?? 0) <= 0) return { ok: false, freesAt: weekFreesAt() };

  // The pending pile's room under its ceiling, counted by the account's last review: every
  // invitation since takes a unit of it, so the pile cannot pass the ceiling before the next one.
  const pile = action === 'invitation' ? account.invitationPile : null;
  const pileSlot = pile ? slots.length : -1;
  if (pile) {
    slots.push({
      accountId: account.id,
      period: `pile:${pile.stamp}`,
      kind: 'invitations',
      key,
      cap: pile.room,
      expiresAt: new Date(now.getTime() + 7 * DAY_MS),
    });
  }
  const extraSlot = extra === undefined ? undefined : { ...extra, accountId: account.id, key };
  const taken = await ctx.store.consumeCapacities(account.workspaceId, slots, extraSlot);
  if (taken.refused !== null) {
    if (taken.refused === pileSlot) return { ok: false, freesAt: pileFreesAt(account, now) };
    const freesAt = taken.refused === weekCap ? weekFreesAt() : wanted[taken.refused]?.period.end;
    return { ok: false, freesAt: freesAt ?? now };
  }
  const held = [...slots, ...(extraSlot !== undefined && taken.optional ? [extraSlot] : [])];
  return {
    ok: true,
    slots: held.map(({ accountId, period, kind }) => ({ accountId, period, kind, key })),
    extraTaken: taken.optional,
  };
}

/**
 * LinkedIn counts its weekly invitation cap over the last seven days, not a calendar week: five on
 * a Friday and five the next Monday are ten in one week. The week's unit counts this calendar
 * week's invitations; the account's invitations of last week still in the window are read from the
 * action log, once a pass (`PastUsage`), and lower the unit's cap. Oldest first.
 */
async function invitationsInWindowBeforeThisWeek(run: StepRun): Promise<Date[]> {
  const { ctx, account, now } = run;
  const since = now.getTime() - WEEK_MS;
  const times = await ctx.pastUsage.invitationsBeforeThisWeek(account, now);
  return times.filter((time) => time.getTime() > since);
}

/**
 * When the week's unit, refused, can next be taken: once the oldest of last week's invitations in
 * the window leaves it (a minute past, so that the simulator's and LinkedIn's clocks agree it has
 * left), which raises the unit's cap by one; or, when none of them is left to leave (the calendar
 * week's invitations alone fill the cap, or the cap is 0), when the calendar week ends. With last
 * week's invitations past the cap on their own, once enough of them have left.
 */
function rollingWeekFreesAt(lastWeek: readonly Date[], cap: number, weekEnd: Date): Date {
  // None to leave, or a cap of 0 (the index is then past the end): the calendar week's end.
  const leaving = lastWeek[Math.max(0, lastWeek.length - cap)];
  return leaving === undefined ? weekEnd : new Date(leaving.getTime() + WEEK_MS + 60_000);
}

/**
 * When an account at its ceiling may try again: at its next review (withdrawals and acceptances
 * bring the pile down), and no sooner than an hour from now.
 */
function pileFreesAt(account: StepRun['account'], now: Date): Date {
  const hourLater = new Date(now.getTime() + 60 * 60 * 1000);
  return account.nextPollAt !== null && account.nextPollAt > hourLater ? account.nextPollAt : hourLater;
}

/** Gives back units taken for an action that did not happen (each only by its own key). */
export async function releaseCapacity(run: StepRun, slots: readonly CapacitySlot[]): Promise<void> {
  for (const slot of slots) await run.ctx.store.releaseCapacity(run.account.workspaceId, slot);
}

/**
 * Spaces the account's actions by a jittered gap of a few minutes, whatever lead or campaign they
 * serve and whichever runner acts: returns null when this action may go now (and reserves the gap
 * after it, on the account, where every runner sees it), else the time the account is free. The
 * gap is drawn from a source seeded by account and time, so it is reproducible under a manual
 * clock. With pacing configured off (no gap) there is no gate to take.
 */
export async function takePacingSlot(run: StepRun): Promise<Date | null> {
  const { ctx, account, now } = run;
  const gapMs = pacedGapMs(createRandom(`${account.id}:${now.toISOString()}`), ctx.options.pacing);
  if (gapMs <= 0) return null;
  const busyUntil = await ctx.store.takePacingSlot(account.workspaceId, account.id, now, gapMs);
  // The gate moved (by this runner or another): the next lead of the account reads it again.
  ctx.accounts.forget(account.id);
  return busyUntil;
}

/**
 * A lead held back by the account's pacing gate. Leads due together would otherwise all come back
 * when the gate opens, one would go and the rest be held again, gap after gap: a backlog of n leads
 * would cost n claims per action. Spreading them over several gaps past the gate's opening brings
 * back only a few at a time; they are waiting for the account's turn anyway.
 */
export function heldByPacing(run: StepRun, busyUntil: Date): LeadVerdict {
  const { ctx, campaign, lead } = run;
  const spreadSeconds = ctx.options.pacing.maxGapMinutes * 60 * PACING_SPREAD_GAPS;
  const offset = createRandom(`${lead.id}:${busyUntil.toISOString()}`).int(0, spreadSeconds) * 1000;
  return postponeIntoWorkingHours(campaign, new Date(busyUntil.getTime() + offset), 'awaiting_capacity');
}

/** How many pacing gaps a held-back backlog is spread over. */
const PACING_SPREAD_GAPS = 8;
