import { describe, expect, it } from 'vitest';
import {
  ACCEPTANCE_THRESHOLDS,
  OUTSTANDING_CEILING,
  WITHDRAWALS_PER_DAY,
  WITHDRAW_AFTER_DAYS,
  acceptanceGuard,
  applyInvitationSettings,
  invitationSettingsOf,
  acceptanceWindow,
  guardedInvitationsPerDay,
  invitationRoomUnderCeiling,
  mayInviteAgain,
  reinviteAllowedAt,
  staleInvitationDue,
  staleInvitationDueAt,
  withdrawAfterDaysOf,
  withdrawalMinute,
  withdrawalAllowance,
  WITHDRAWALS_PER_MINUTE,
} from './invitation-hygiene.rules.js';
import { effectiveLimits, withdrawalAllowanceOf } from './linkedin-effective-limits.rules.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('stale invitations', () => {
  it('withdraws after 21 days by default, between 7 and 60', () => {
    expect(WITHDRAW_AFTER_DAYS).toEqual({ default: 21, min: 7, max: 60 });
    expect(withdrawAfterDaysOf(undefined)).toBe(21);
    expect(withdrawAfterDaysOf(null)).toBe(21);
    expect(withdrawAfterDaysOf(Number.NaN)).toBe(21);
    expect(withdrawAfterDaysOf(3)).toBe(7);
    expect(withdrawAfterDaysOf(90)).toBe(60);
    expect(withdrawAfterDaysOf(14)).toBe(14);
  });

  it('is due once the days have passed, not a moment before', () => {
    expect(staleInvitationDue(daysAgo(21), 21, now)).toBe(true);
    expect(staleInvitationDue(daysAgo(30), 21, now)).toBe(true);
    expect(staleInvitationDue(new Date(daysAgo(21).getTime() + 1), 21, now)).toBe(false);
    expect(staleInvitationDueAt(daysAgo(10), 7)).toEqual(daysAgo(3));
  });
});

describe('withdrawal allowance', () => {
  it('allows 20 a day on paid accounts and 10 on free ones', () => {
    expect(WITHDRAWALS_PER_DAY.premium).toBe(20);
    expect(WITHDRAWALS_PER_DAY.free).toBe(10);
    expect(withdrawalAllowance('sales_navigator', 15)).toBe(20);
    expect(withdrawalAllowance('free', 5)).toBe(10);
  });

  it("keeps pace with an account's raised daily invitations, whatever the guard does", () => {
    expect(withdrawalAllowance('sales_navigator', 40)).toBe(40);
    const raised = {
      tier: 'sales_navigator' as const,
      settings: { invitationsPerDay: 40 },
      warmUpStartedAt: null,
      now,
    };
    expect(withdrawalAllowanceOf(raised)).toBe(40);
    // The guard halves or stops the invitations, never the withdrawals that bring the pile down.
    expect(withdrawalAllowanceOf({ ...raised, acceptanceGuard: 'stopped' })).toBe(40);
    expect(withdrawalAllowanceOf({ ...raised, acceptanceGuard: 'halved' })).toBe(40);
    // At the tier's default of 25 a day, 25 withdrawals; never under the tier's floor of 20.
    expect(withdrawalAllowanceOf({ ...raised, settings: {} })).toBe(25);
    expect(withdrawalAllowanceOf({ ...raised, settings: { invitationsPerDay: 5 } })).toBe(20);
  });
});

describe('outstanding ceiling', () => {
  it('leaves room up to 500 pending, never more', () => {
    expect(OUTSTANDING_CEILING).toEqual({ default: 500, max: 500 });
    expect(invitationRoomUnderCeiling(0)).toBe(500);
    expect(invitationRoomUnderCeiling(499, 500)).toBe(1);
    expect(invitationRoomUnderCeiling(500, 500)).toBe(0);
    expect(invitationRoomUnderCeiling(650, 500)).toBe(0);
    expect(invitationRoomUnderCeiling(100, 900)).toBe(400);
    expect(invitationRoomUnderCeiling(100, 300)).toBe(200);
    expect(invitationRoomUnderCeiling(-5, -1)).toBe(0);
  });
});

describe('acceptance guard', () => {
  it('says nothing under 30 invitations in the window', () => {
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 0, acceptedOfThose: 0 })).toEqual({
      state: 'not_enough_data',
      rate: null,
    });
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 29, acceptedOfThose: 0 })).toEqual({
      state: 'not_enough_data',
      rate: 0,
    });
  });

  it('halves under 20 % and stops under 10 %', () => {
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 50, acceptedOfThose: 10 })).toEqual({
      state: 'ok',
      rate: 0.2,
    });
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 50, acceptedOfThose: 9 }).state).toBe('halved');
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 50, acceptedOfThose: 5 }).state).toBe('halved');
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 50, acceptedOfThose: 4 }).state).toBe('stopped');
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 30, acceptedOfThose: 40 })).toEqual({
      state: 'ok',
      rate: 1,
    });
  });

  it('takes other thresholds', () => {
    const strict = { ...ACCEPTANCE_THRESHOLDS, minSample: 10, halveBelow: 0.5 };
    expect(acceptanceGuard({ sentBetween3And21DaysAgo: 10, acceptedOfThose: 4 }, strict).state).toBe(
      'halved',
    );
  });

  it('halves the daily invitation limit, rounded down, or stops it', () => {
    expect(guardedInvitationsPerDay(25, { state: 'ok' })).toBe(25);
    expect(guardedInvitationsPerDay(25, { state: 'not_enough_data' })).toBe(25);
    expect(guardedInvitationsPerDay(25, { state: 'halved' })).toBe(12);
    expect(guardedInvitationsPerDay(25, { state: 'stopped' })).toBe(0);
  });

  it('judges the invitations sent 3 to 21 days ago', () => {
    expect(acceptanceWindow(now)).toEqual({ from: daysAgo(21), to: daysAgo(3) });
  });
});

describe('re-invitation after a withdrawal', () => {
  it('waits 21 days', () => {
    expect(mayInviteAgain(null, now)).toBe(true);
    expect(mayInviteAgain(daysAgo(20), now)).toBe(false);
    expect(mayInviteAgain(daysAgo(21), now)).toBe(true);
    expect(reinviteAllowedAt(daysAgo(21))).toEqual(now);
  });
});

describe('the guard in the limits', () => {
  const base = {
    tier: 'premium' as const,
    settings: {},
    warmUpStartedAt: null,
    now: new Date('2026-03-02T10:00:00Z'),
  };

  it('halves the daily invitations, named as the limit source, and leaves the other limits alone', () => {
    const plain = effectiveLimits(base);
    const halved = effectiveLimits({ ...base, acceptanceGuard: 'halved' });
    expect(halved.invitationsPerDay).toMatchObject({
      value: Math.floor(plain.invitationsPerDay.value / 2),
      source: 'acceptance_guard',
    });
    expect(halved.messagesPerDay).toEqual(plain.messagesPerDay);
    expect(halved.invitationsPerWeek).toEqual(plain.invitationsPerWeek);
  });

  it('stops them at 0 when stopped, and keeps a lower setting of the user as it is', () => {
    expect(effectiveLimits({ ...base, acceptanceGuard: 'stopped' }).invitationsPerDay).toMatchObject({
      value: 0,
      source: 'acceptance_guard',
    });
    const low = effectiveLimits({ ...base, settings: { invitationsPerDay: 1 }, acceptanceGuard: 'halved' });
    expect(low.invitationsPerDay).toMatchObject({ value: 0, source: 'acceptance_guard' });
    const ok = effectiveLimits({ ...base, settings: { invitationsPerDay: 8 }, acceptanceGuard: 'ok' });
    expect(ok.invitationsPerDay).toMatchObject({ value: 8, source: 'user_setting' });
  });
});

describe('invitation settings', () => {
  it('fill in the defaults for what the workspace did not set', () => {
    expect(invitationSettingsOf({ withdrawAfterDays: 14 })).toEqual({
      withdrawAfterDays: 14,
      outstandingCeiling: 500,
      acceptanceGuard: { minSample: 30, halveBelow: 0.2, stopBelow: 0.1 },
    });
  });

  it('take a change within bounds and return a setting to its default with null', () => {
    const next = applyInvitationSettings(
      { withdrawAfterDays: 14, minSample: 50 },
      { outstandingCeiling: 300, minSample: null },
    );
    expect(next).toEqual({ withdrawAfterDays: 14, outstandingCeiling: 300 });
  });

  it.each([
    [{ withdrawAfterDays: 6 }, 'withdrawAfterDays'],
    [{ withdrawAfterDays: 61 }, 'withdrawAfterDays'],
    [{ withdrawAfterDays: 10.5 }, 'withdrawAfterDays'],
    [{ outstandingCeiling: 501 }, 'outstandingCeiling'],
    [{ minSample: 5 }, 'minSample'],
    [{ halveBelow: 0.95 }, 'halveBelow'],
    [{ stopBelow: 0.3 }, 'stopBelow'],
  ])('refuse %j, naming %s', (patch, field) => {
    expect(() => applyInvitationSettings({}, patch)).toThrow(
      expect.objectContaining({ code: 'invalid_input', details: expect.objectContaining({ field }) }),
    );
  });
});

describe('withdrawals a minute', () => {
  it('names the minute of product time and its end, so two withdrawals of one minute share it', () => {
    const first = withdrawalMinute(new Date('2026-03-02T10:15:05Z'));
    const second = withdrawalMinute(new Date('2026-03-02T10:15:59.999Z'));
    expect(second).toEqual(first);
    expect(first.end).toEqual(new Date('2026-03-02T10:16:00Z'));
    expect(withdrawalMinute(new Date('2026-03-02T10:16:00Z')).key).not.toBe(first.key);
    expect(WITHDRAWALS_PER_MINUTE).toBe(2);
  });
});
