/**
 * The runner's one question for a due lead: run its next action now, or wait until when and why.
 * Checks, in order: the step's own due time, the sender's cool-down, the campaign's working hours,
 * the sender's caps, and the pacing gap since the sender's last action. Every waiting time lands
 * inside working hours, so the lead is not picked up at night only to be put back.
 */
import { nextCapacityAt, type AccountUsage, type CappedAction } from './account-capacity.schedule.js';
import type { AccountLimits, CampaignSettings } from './model.types.js';
import type { RandomSource } from './seeded-random.js';
import { isCoolingDown } from './step-timing.schedule.js';
import type { LeadInternalStatus } from './vocabulary.js';
import { nextWorkingTime } from './working-hours.schedule.js';

/** Gaps between two actions of one account, drawn uniformly between the bounds. */
export interface Pacing {
  minGapMinutes: number;
  maxGapMinutes: number;
}

/** A few minutes apart, never in bursts: 2 to 8 minutes between two actions of one account. */
export const DEFAULT_PACING: Pacing = Object.freeze({ minGapMinutes: 2, maxGapMinutes: 8 });

/** A jittered gap in milliseconds, whole seconds between the pacing bounds. */
export function pacedGapMs(random: RandomSource, pacing: Pacing = DEFAULT_PACING): number {
  return random.int(pacing.minGapMinutes * 60, pacing.maxGapMinutes * 60) * 1000;
}

export interface SenderSchedule {
  /** The sender account's timezone: its days and weeks bound the caps. */
  timezone: string;
  limits: AccountLimits;
  usage: AccountUsage;
  cooldownUntil: Date | null;
  lastActionAt: Date | null;
}

export interface ActionPlanInput {
  now: Date;
  /** When the lead's next step is due (see `stepDueAt`). */
  dueAt: Date;
  action: CappedAction;
  campaign: Pick<CampaignSettings, 'timezone' | 'workingHours'>;
  sender: SenderSchedule;
  /**
   * Jitter source. Seed it from the sender and its last action (e.g. `${accountId}:${lastActionAt}`)
   * so that planning the same action twice gives the same answer.
   */
  random: RandomSource;
  pacing?: Pacing | undefined;
}

export type WaitReason = Extract<
  LeadInternalStatus,
  'awaiting_delay' | 'sender_unavailable' | 'awaiting_working_hours' | 'awaiting_capacity'
>;

export type ActionPlan = { kind: 'run' } | { kind: 'wait'; until: Date; reason: WaitReason };

export function planAction(input: ActionPlanInput): ActionPlan {
  const { now, campaign, sender } = input;
  const pacing = input.pacing ?? DEFAULT_PACING;
  const intoWorkingHours = (at: Date): Date => {
    const start = nextWorkingTime(at, campaign.workingHours, campaign.timezone);
    if (start.getTime() === at.getTime()) return at;
    // Spread the senders over the first minutes of the window instead of all at its first second.
    return new Date(start.getTime() + input.random.int(0, pacing.maxGapMinutes * 60) * 1000);
  };
  const wait = (until: Date, reason: WaitReason): ActionPlan => ({
    kind: 'wait',
    until: intoWorkingHours(until),
    reason,
  });

  if (input.dueAt.getTime() > now.getTime()) return wait(input.dueAt, 'awaiting_delay');
  if (sender.cooldownUntil !== null && isCoolingDown(sender.cooldownUntil, now)) {
    return wait(sender.cooldownUntil, 'sender_unavailable');
  }
  if (nextWorkingTime(now, campaign.workingHours, campaign.timezone).getTime() !== now.getTime()) {
    return wait(now, 'awaiting_working_hours');
  }
  const capacityAt = nextCapacityAt(input.action, sender.limits, sender.usage, now, sender.timezone);
  if (capacityAt.getTime() > now.getTime()) return wait(capacityAt, 'awaiting_capacity');
  if (sender.lastActionAt !== null) {
    const pacedAt = new Date(sender.lastActionAt.getTime() + pacedGapMs(input.random, pacing));
    if (pacedAt.getTime() > now.getTime()) return wait(pacedAt, 'awaiting_capacity');
  }
  return { kind: 'run' };
}
