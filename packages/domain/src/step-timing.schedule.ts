/**
 * When things become due. Delays count whole days in the campaign's timezone: a step with a delay
 * of 2 whose previous step completed on Friday 10:15 local is due on Sunday 10:15 local, even when
 * the clocks change in between (24-hour arithmetic would drift by an hour). Working hours are then
 * applied by `planAction`.
 */
import { DateTime } from 'luxon';

function plusLocalDays(at: Date, days: number, timezone: string): Date {
  return DateTime.fromJSDate(at, { zone: timezone }).plus({ days }).toJSDate();
}

/** When a step becomes due: `delayDays` whole days after the previous step completed. */
export function stepDueAt(previousStepCompletedAt: Date, delayDays: number, timezone: string): Date {
  return plusLocalDays(previousStepCompletedAt, delayDays, timezone);
}

/** When an invitation sent at `sentAt` and still not accepted expires. */
export function invitationExpiresAt(sentAt: Date, invitationTimeoutDays: number, timezone: string): Date {
  return plusLocalDays(sentAt, invitationTimeoutDays, timezone);
}

export function isInvitationExpired(
  sentAt: Date,
  invitationTimeoutDays: number,
  timezone: string,
  now: Date,
): boolean {
  return now.getTime() >= invitationExpiresAt(sentAt, invitationTimeoutDays, timezone).getTime();
}

/** How long an account rests after a "rate limited" answer that gave no Retry-After. */
export const DEFAULT_RATE_LIMIT_COOLDOWN_MS = 60 * 60 * 1000;

/**
 * The end of an account's cool-down after the network answered "rate limited": the network's
 * Retry-After when it gave one, else one hour. The account does nothing until then.
 */
export function rateLimitCooldownUntil(now: Date, retryAfterSeconds?: number | null): Date {
  const wait =
    retryAfterSeconds !== undefined && retryAfterSeconds !== null && retryAfterSeconds > 0
      ? retryAfterSeconds * 1000
      : DEFAULT_RATE_LIMIT_COOLDOWN_MS;
  return new Date(now.getTime() + wait);
}

export function isCoolingDown(cooldownUntil: Date | null, now: Date): boolean {
  return cooldownUntil !== null && cooldownUntil.getTime() > now.getTime();
}
