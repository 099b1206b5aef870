/**
 * LinkedIn's per-tier rules: what keeps a user's account out of a restriction. Each test pins a
 * number a user would feel (a limit too high risks the account; too low wastes it).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { callBudgets, nextPollGapMs } from './linkedin-call-budgets.rules.js';
import { applyLimitSettings, effectiveLimits, limitValues } from './linkedin-effective-limits.rules.js';
import { inmailApiOf, invitationNote, tierFromFeatures, TIER_RULES } from './linkedin-limits.rules.js';
import { warmUpRestartAt, warmUpStage } from './linkedin-warm-up.rules.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-10T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('tierFromFeatures', () => {
  it('reads the richest premium feature the provider reports, free without one', () => {
    expect(tierFromFeatures([])).toBe('free');
    expect(tierFromFeatures(['premium'])).toBe('premium');
    expect(tierFromFeatures(['premium', 'sales_navigator'])).toBe('sales_navigator');
    expect(tierFromFeatures(['Sales Navigator'])).toBe('sales_navigator');
    expect(tierFromFeatures(['sales_navigator', 'recruiter'])).toBe('recruiter');
    expect(tierFromFeatures(['something_else'])).toBe('free');
  });
});

describe('effectiveLimits', () => {
  it('gives a free account about 15 invitations a week and no InMail', () => {
    const limits = limitValues(effectiveLimits({ tier: 'free', settings: {}, warmUpStartedAt: null, now }));
    expect(limits.invitationsPerWeek).toBe(15);
    expect(limits.notedInvitationsPerMonth).toBe(5);
    expect(limits.inmailsPerDay).toBe(0);
    expect(limits.profileRetrievalsPerDay).toBe(80);
  });

  it('follows the user where set, and names the source of every value', () => {
    const limits = effectiveLimits({
      tier: 'premium',
      settings: { invitationsPerDay: 10 },
      warmUpStartedAt: null,
      now,
    });
    expect(limits.invitationsPerDay).toMatchObject({ value: 10, source: 'user_setting', tierDefault: 25 });
    expect(limits.invitationsPerWeek).toMatchObject({ value: 100, source: 'tier_default', ceiling: 200 });
  });

  it('clamps a setting to the ceiling of a tier the account dropped to', () => {
    const limits = effectiveLimits({
      tier: 'free',
      settings: { invitationsPerWeek: 180 },
      warmUpStartedAt: null,
      now,
    });
    expect(limits.invitationsPerWeek).toMatchObject({ value: 150, source: 'tier_ceiling' });
  });

  it('warms a new account up over three weeks: 30%, 60%, 85%, then all of it', () => {
    const weekly = (startedDaysAgo: number) =>
      effectiveLimits({ tier: 'premium', settings: {}, warmUpStartedAt: daysAgo(startedDaysAgo), now })
        .invitationsPerWeek;
    expect(weekly(0)).toMatchObject({ value: 30, source: 'warm_up' });
    expect(weekly(6.9).value).toBe(30);
    expect(weekly(7).value).toBe(60);
    expect(weekly(14).value).toBe(85);
    expect(weekly(21)).toMatchObject({ value: 100, source: 'tier_default' });
  });

  it('keeps a user setting lower than the warm-up, and never warms list reads', () => {
    const limits = effectiveLimits({
      tier: 'premium',
      settings: { invitationsPerDay: 2 },
      warmUpStartedAt: daysAgo(1),
      now,
    });
    expect(limits.invitationsPerDay).toMatchObject({ value: 2, source: 'user_setting' });
    expect(limits.listReadsPerDay).toMatchObject({ value: 60, source: 'tier_default' });
  });

  it('rounds a warming limit up, so that a small limit still lets the account act', () => {
    const limits = effectiveLimits({ tier: 'free', settings: {}, warmUpStartedAt: daysAgo(0), now });
    expect(limits.invitationsPerDay.value).toBe(2);
  });
});

describe('warm-up', () => {
  it('says the week and when it ends', () => {
    expect(warmUpStage(daysAgo(8), now)).toEqual({
      week: 2,
      share: 0.6,
      endsAt: new Date(daysAgo(8).getTime() + 21 * DAY),
    });
    expect(warmUpStage(null, now)).toEqual({ week: null, share: 1, endsAt: null });
  });

  it('starts again when an account acts after two idle weeks, not before', () => {
    expect(warmUpRestartAt(daysAgo(14), now)).toEqual(now);
    expect(warmUpRestartAt(daysAgo(13), now)).toBeNull();
    expect(warmUpRestartAt(null, now)).toBeNull();
  });
});

describe('applyLimitSettings', () => {
  it('lets a user lower any limit and clear a setting', () => {
    expect(
      applyLimitSettings('premium', { messagesPerDay: 20 }, { invitationsPerDay: 3, messagesPerDay: null }),
    ).toEqual({
      invitationsPerDay: 3,
    });
  });

  it('refuses a value above the documented ceiling, naming it and the tier', () => {
    const attempt = () => applyLimitSettings('premium', {}, { invitationsPerDay: 101 });
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow('limits.invitationsPerDay may be at most 100 for a premium account');
    try {
      attempt();
    } catch (error) {
      expect((error as DomainError).details).toEqual({
        field: 'limits.invitationsPerDay',
        max: 100,
        tier: 'premium',
      });
    }
    expect(applyLimitSettings('premium', {}, { invitationsPerDay: 100 })).toEqual({ invitationsPerDay: 100 });
  });

  it('refuses negative, fractional and unknown limits', () => {
    expect(() => applyLimitSettings('free', {}, { messagesPerDay: -1 })).toThrow('whole number');
    expect(() => applyLimitSettings('free', {}, { messagesPerDay: 1.5 })).toThrow('whole number');
    expect(() => applyLimitSettings('free', {}, { bogus: 1 } as never)).toThrow(
      'limits.bogus is not a limit',
    );
  });
});

describe('invitationNote', () => {
  const note = (length: number) => 'x'.repeat(length);

  it('holds a free account to 200 characters and a paid one to 300', () => {
    expect(invitationNote('free', note(200), 0, { notedInvitationsPerMonth: 5 })).toEqual({
      note: note(200),
      dropped: null,
    });
    expect(invitationNote('free', note(201), 0, { notedInvitationsPerMonth: 5 })).toEqual({
      note: null,
      dropped: 'too_long',
    });
    expect(invitationNote('premium', note(300), 0, { notedInvitationsPerMonth: 400 }).note).toBe(note(300));
    expect(invitationNote('premium', note(301), 0, { notedInvitationsPerMonth: 400 }).dropped).toBe(
      'too_long',
    );
  });

  it("sends the invitation without its note once the month's note quota is used", () => {
    expect(invitationNote('free', 'hi', 4, { notedInvitationsPerMonth: 5 }).note).toBe('hi');
    expect(invitationNote('free', 'hi', 5, { notedInvitationsPerMonth: 5 })).toEqual({
      note: null,
      dropped: 'note_quota',
    });
    expect(invitationNote('free', '', 0, { notedInvitationsPerMonth: 5 })).toEqual({
      note: null,
      dropped: null,
    });
  });
});

describe('provider calls', () => {
  it('budgets profile reads by the retrieval limit, whatever route reads them', () => {
    const limits = limitValues(
      effectiveLimits({ tier: 'premium', settings: {}, warmUpStartedAt: null, now }),
    );
    expect(callBudgets(limits)).toEqual({ write: 25 + 50 + 5, profile_read: 80, list_read: 60 });
  });

  it('spaces polls a few times a day, jittered by up to a quarter earlier, never past the interval', () => {
    expect(nextPollGapMs(4, 0)).toBe(0.75 * 6 * 3600_000);
    expect(nextPollGapMs(4, 0.5)).toBe(0.875 * 6 * 3600_000);
    // A reply whose webhook is lost waits at most one interval (6 h at 4 polls a day).
    expect(nextPollGapMs(4, 0.999999)).toBeLessThanOrEqual(6 * 3600_000);
    expect(() => nextPollGapMs(0, 0.5)).toThrow(DomainError);
  });

  it('sends InMail through the product of the tier', () => {
    expect(inmailApiOf('free')).toBeNull();
    expect(inmailApiOf('premium')).toBe('classic');
    expect(inmailApiOf('sales_navigator')).toBe('sales_navigator');
    expect(inmailApiOf('recruiter')).toBe('recruiter');
  });

  it('never lets a default exceed its own ceiling', () => {
    for (const rules of Object.values(TIER_RULES)) {
      for (const [key, value] of Object.entries(rules.defaults)) {
        expect(value, key).toBeLessThanOrEqual(rules.ceilings[key as keyof typeof rules.ceilings]);
      }
    }
  });
});

describe('limits at their edges', () => {
  it('reads features however the provider spells and extends them', () => {
    expect(tierFromFeatures([' Premium '])).toBe('premium');
    expect(tierFromFeatures(['premium_career'])).toBe('premium');
    expect(tierFromFeatures(['Sales - Navigator'])).toBe('sales_navigator');
    expect(tierFromFeatures(['sales_navigator_core'])).toBe('sales_navigator');
    expect(tierFromFeatures(['recruiter_lite'])).toBe('recruiter');
    expect(tierFromFeatures(['lite_recruiter', 'core_sales_navigator', 'career_premium'])).toBe('free');
  });

  it('calls a setting at the ceiling the user’s own, and one above it the ceiling', () => {
    const atCeiling = effectiveLimits({
      tier: 'free',
      settings: { invitationsPerDay: 30 },
      warmUpStartedAt: null,
      now,
    });
    expect(atCeiling.invitationsPerDay).toMatchObject({ value: 30, source: 'user_setting' });
    const above = effectiveLimits({
      tier: 'free',
      settings: { invitationsPerDay: 31 },
      warmUpStartedAt: null,
      now,
    });
    expect(above.invitationsPerDay).toMatchObject({ value: 30, source: 'tier_ceiling' });
  });

  it('calls a setting equal to the warm-up value the user’s own', () => {
    // Premium, first week: 30% of the default 25 is 7.5, rounded up to 8.
    const limits = effectiveLimits({
      tier: 'premium',
      settings: { invitationsPerDay: 8, messagesPerDay: 7 },
      warmUpStartedAt: daysAgo(1),
      now,
    });
    expect(limits.invitationsPerDay).toMatchObject({ value: 8, source: 'user_setting' });
    expect(limits.messagesPerDay).toMatchObject({ value: 7, source: 'user_setting' });
  });

  it('accepts 0 as a limit, which stops that action', () => {
    expect(applyLimitSettings('premium', {}, { inmailsPerDay: 0 })).toEqual({ inmailsPerDay: 0 });
  });
});
