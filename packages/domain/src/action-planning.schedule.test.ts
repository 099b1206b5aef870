/**
 * The runner's decision for a due lead: run now, or wait until a time inside working hours for a
 * named reason. Jitter comes from a seeded source, so every expectation here is exact.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACING, pacedGapMs, planAction, type ActionPlanInput } from './action-planning.schedule.js';
import { DEFAULT_ACCOUNT_LIMITS } from './defaults.js';
import { createRandom } from './seeded-random.js';

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

function input(overrides: Partial<ActionPlanInput> = {}): ActionPlanInput {
  return {
    now: at('2026-03-10T10:00:00Z'), // Tuesday
    dueAt: at('2026-03-10T09:00:00Z'),
    action: 'message',
    campaign: { timezone: 'UTC', workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] } },
    sender: {
      timezone: 'UTC',
      limits: DEFAULT_ACCOUNT_LIMITS,
      usage: { today: {}, invitationsThisWeek: 0 },
      cooldownUntil: null,
      lastActionAt: null,
    },
    random: createRandom('seed'),
    ...overrides,
  };
}

function waitOf(plan: ReturnType<typeof planAction>): { until: Date; reason: string } {
  if (plan.kind !== 'wait') throw new Error('expected a wait');
  return plan;
}

describe('planAction', () => {
  it('runs a due action inside working hours with capacity and no recent action', () => {
    expect(planAction(input())).toEqual({ kind: 'run' });
  });

  it('waits for the step delay (awaiting_delay)', () => {
    const plan = waitOf(planAction(input({ dueAt: at('2026-03-11T11:00:00Z') })));
    expect(plan).toEqual({ until: at('2026-03-11T11:00:00Z'), reason: 'awaiting_delay', kind: 'wait' });
  });

  it('moves a delay that ends at night to the next window, spread over its first minutes', () => {
    const plan = waitOf(planAction(input({ dueAt: at('2026-03-10T22:00:00Z') })));
    expect(plan.reason).toBe('awaiting_delay');
    const offset = plan.until.getTime() - at('2026-03-11T09:00:00Z').getTime();
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(DEFAULT_PACING.maxGapMinutes * MINUTE);
  });

  it('waits out the sender cool-down (sender_unavailable)', () => {
    const sender = { ...input().sender, cooldownUntil: at('2026-03-10T12:00:00Z') };
    expect(waitOf(planAction(input({ sender })))).toMatchObject({
      until: at('2026-03-10T12:00:00Z'),
      reason: 'sender_unavailable',
    });
  });

  it('ignores a cool-down that has passed', () => {
    const sender = { ...input().sender, cooldownUntil: at('2026-03-10T09:00:00Z') };
    expect(planAction(input({ sender }))).toEqual({ kind: 'run' });
  });

  it('waits for the working hours outside them (awaiting_working_hours)', () => {
    const plan = waitOf(
      planAction(input({ now: at('2026-03-14T10:00:00Z'), dueAt: at('2026-03-14T10:00:00Z') })),
    );
    expect(plan.reason).toBe('awaiting_working_hours');
    expect(plan.until.getTime()).toBeGreaterThanOrEqual(at('2026-03-16T09:00:00Z').getTime());
    expect(plan.until.getTime()).toBeLessThanOrEqual(at('2026-03-16T09:08:00Z').getTime());
  });

  it("honours the campaign's timezone and its daylight-saving change", () => {
    const campaign = { ...input().campaign, timezone: 'America/New_York' };
    // Monday 2026-03-09 13:30Z is 09:30 in New York after the 2026-03-08 change (UTC-4).
    expect(
      planAction(input({ campaign, now: at('2026-03-09T13:30:00Z'), dueAt: at('2026-03-09T13:30:00Z') })),
    ).toEqual({
      kind: 'run',
    });
    // A week earlier 13:30Z was 08:30 local (UTC-5): too early.
    const before = planAction(
      input({ campaign, now: at('2026-03-02T13:30:00Z'), dueAt: at('2026-03-02T13:30:00Z') }),
    );
    expect(waitOf(before).reason).toBe('awaiting_working_hours');
  });

  it('waits for the next day when the daily cap is used up (awaiting_capacity)', () => {
    const sender = { ...input().sender, usage: { today: { message: 50 }, invitationsThisWeek: 0 } };
    const plan = waitOf(planAction(input({ sender })));
    expect(plan.reason).toBe('awaiting_capacity');
    expect(plan.until.getTime()).toBeGreaterThanOrEqual(at('2026-03-11T09:00:00Z').getTime());
    expect(plan.until.getTime()).toBeLessThanOrEqual(at('2026-03-11T09:08:00Z').getTime());
  });

  it('waits for next week when the weekly invitation cap is used up', () => {
    const sender = { ...input().sender, usage: { today: {}, invitationsThisWeek: 100 } };
    const plan = waitOf(planAction(input({ sender, action: 'invitation' })));
    expect(plan.reason).toBe('awaiting_capacity');
    expect(plan.until.getTime()).toBeGreaterThanOrEqual(at('2026-03-16T09:00:00Z').getTime());
  });

  it('spaces actions of one sender by a paced gap of a few minutes', () => {
    const sender = { ...input().sender, lastActionAt: at('2026-03-10T09:59:00Z') };
    const plan = waitOf(planAction(input({ sender })));
    expect(plan.reason).toBe('awaiting_capacity');
    const gap = plan.until.getTime() - at('2026-03-10T09:59:00Z').getTime();
    expect(gap).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(gap).toBeLessThanOrEqual(8 * MINUTE);
  });

  it('runs once the paced gap has passed', () => {
    const sender = { ...input().sender, lastActionAt: at('2026-03-10T09:30:00Z') };
    expect(planAction(input({ sender }))).toEqual({ kind: 'run' });
  });

  it('gives the same answer for the same seed and a different one for another seed', () => {
    const sender = { ...input().sender, lastActionAt: at('2026-03-10T09:59:00Z') };
    const first = planAction(input({ sender, random: createRandom('acc_1:t1') }));
    const again = planAction(input({ sender, random: createRandom('acc_1:t1') }));
    const other = planAction(input({ sender, random: createRandom('acc_1:t2') }));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('uses custom pacing bounds', () => {
    const sender = { ...input().sender, lastActionAt: at('2026-03-10T09:59:00Z') };
    const plan = waitOf(planAction(input({ sender, pacing: { minGapMinutes: 30, maxGapMinutes: 30 } })));
    expect(plan.until).toEqual(at('2026-03-10T10:29:00Z'));
  });
});

describe('pacedGapMs', () => {
  it('draws whole seconds between the bounds', () => {
    const random = createRandom(9);
    const gaps = Array.from({ length: 200 }, () => pacedGapMs(random));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(8 * MINUTE);
    expect(gaps.every((gap) => gap % 1000 === 0)).toBe(true);
    expect(new Set(gaps).size).toBeGreaterThan(100);
  });
});
