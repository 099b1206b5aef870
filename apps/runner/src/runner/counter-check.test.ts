/**
 * The runner's periodic drift check: run once per `counterCheckMs` of real time, a warning for a
 * maintained campaign whose figures or roll-ups were off, none for a clean one or a campaign
 * counted for the first time, and a failed check never fails the pass.
 */
import type { CounterCheck } from '@outreach/db';
import { describe, expect, it, vi } from 'vitest';
import { createCounterCheck } from './counter-check.js';
import type { RunnerContext } from '../context/runner-context.js';

function harness(results: () => Promise<CounterCheck[]>) {
  let now = 0;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const checkCampaignCounters = vi.fn(results);
  const ctx = {
    monotonicNow: () => now,
    options: { counterCheckMs: 1_000, counterCheckBatch: 7 },
    store: { checkCampaignCounters },
    logger,
  } as unknown as RunnerContext;
  return {
    check: createCounterCheck(ctx),
    logger,
    checkCampaignCounters,
    advance: (ms: number) => (now += ms),
  };
}

const clean = {
  workspaceId: 'ws_1',
  campaignId: 'cmp_1',
  differences: [],
  rollupDays: [],
  firstCheck: false,
};

describe('the periodic drift check', () => {
  it('runs once per interval of real time, on a batch of campaigns', async () => {
    const { check, checkCampaignCounters, advance } = harness(async () => [clean]);
    await check();
    advance(999);
    await check();
    expect(checkCampaignCounters).not.toHaveBeenCalled();
    advance(1);
    await check();
    await check();
    expect(checkCampaignCounters).toHaveBeenCalledTimes(1);
    expect(checkCampaignCounters).toHaveBeenCalledWith(7);
  });

  it('warns about drift on a maintained campaign only', async () => {
    const drifted = { ...clean, campaignId: 'cmp_2', rollupDays: ['2025-06-03'] };
    const counted = {
      ...clean,
      campaignId: 'cmp_3',
      firstCheck: true,
      differences: [{ counter: 'leadsReplied', stored: 0, actual: 4 }],
    };
    const { check, logger, advance } = harness(async () => [clean, drifted, counted]);
    advance(1_000);
    await check();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatchObject({ campaignId: 'cmp_2', rollupDays: ['2025-06-03'] });
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]?.[0]).toMatchObject({ campaignId: 'cmp_3' });
  });

  it('logs a failed check and lets the pass go on', async () => {
    const { check, logger, advance } = harness(() => Promise.reject(new Error('database unavailable')));
    advance(1_000);
    await expect(check()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});
