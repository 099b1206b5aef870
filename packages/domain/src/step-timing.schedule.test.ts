/** Delays and timeouts count whole local days, so they survive daylight-saving changes. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATE_LIMIT_COOLDOWN_MS,
  invitationExpiresAt,
  isCoolingDown,
  isInvitationExpired,
  rateLimitCooldownUntil,
  stepDueAt,
} from './step-timing.schedule.js';

const at = (iso: string) => new Date(iso);

describe('stepDueAt', () => {
  it('is the completion time itself with no delay', () => {
    expect(stepDueAt(at('2026-03-10T10:15:00Z'), 0, 'UTC')).toEqual(at('2026-03-10T10:15:00Z'));
  });

  it('adds whole days after the previous step completed', () => {
    expect(stepDueAt(at('2026-03-10T10:15:00Z'), 3, 'UTC')).toEqual(at('2026-03-13T10:15:00Z'));
  });

  it('keeps the local time of day across a daylight-saving change', () => {
    // 10:15 in Paris on Friday 2026-03-27 is 09:15Z; two days later clocks are UTC+2.
    expect(stepDueAt(at('2026-03-27T09:15:00Z'), 2, 'Europe/Paris')).toEqual(at('2026-03-29T08:15:00Z'));
  });
});

describe('invitation expiry', () => {
  it('expires invitationTimeoutDays after it was sent', () => {
    expect(invitationExpiresAt(at('2026-03-01T12:00:00Z'), 21, 'UTC')).toEqual(at('2026-03-22T12:00:00Z'));
  });

  it('is not expired one second before and is expired at the deadline', () => {
    const sent = at('2026-03-01T12:00:00Z');
    expect(isInvitationExpired(sent, 21, 'UTC', at('2026-03-22T11:59:59Z'))).toBe(false);
    expect(isInvitationExpired(sent, 21, 'UTC', at('2026-03-22T12:00:00Z'))).toBe(true);
  });
});

describe('rate-limit cool-down', () => {
  const now = at('2026-03-10T10:00:00Z');

  it("honours the network's Retry-After", () => {
    expect(rateLimitCooldownUntil(now, 120)).toEqual(at('2026-03-10T10:02:00Z'));
  });

  it('rests one hour without a usable Retry-After', () => {
    expect(DEFAULT_RATE_LIMIT_COOLDOWN_MS).toBe(3_600_000);
    expect(rateLimitCooldownUntil(now)).toEqual(at('2026-03-10T11:00:00Z'));
    expect(rateLimitCooldownUntil(now, null)).toEqual(at('2026-03-10T11:00:00Z'));
    expect(rateLimitCooldownUntil(now, 0)).toEqual(at('2026-03-10T11:00:00Z'));
  });

  it('cools down strictly before the end time', () => {
    expect(isCoolingDown(at('2026-03-10T10:00:01Z'), now)).toBe(true);
    expect(isCoolingDown(now, now)).toBe(false);
    expect(isCoolingDown(null, now)).toBe(false);
  });
});
