/**
 * The short soak: eight days of ten accounts of mixed tiers against the strict Unipile simulator with
 * its faults on, webhooks through the API's ingestion route. The full month runs by hand
 * (`pnpm soak`, figures in the README); this one holds the same targets.
 */
import { connectDb, type Db } from '@outreach/db';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { soakReport } from '../soak/soak-report.js';
import { runSoak } from '../soak/soak-scenario.js';
import { SOAK_ACCOUNTS, SOAK_SIMULATOR } from '../soak/soak-accounts.js';

let clock: () => Date = () => new Date();
let db: Db | undefined;
afterAll(() => db?.close());

describe('eight days of ten accounts on the strict simulator', () => {
  // About a minute of CPU (one core); the wide timeout absorbs a machine shared with other work.
  it('restricts no account, calls past no limit, closes no lead for a limit, detects every reply within a poll interval and uses the invitations allowed', async () => {
    db = await connectDb(testDatabaseUri(), { clock: () => clock() });
    const started = performance.now();
    const run = await runSoak(db, {
      days: 8,
      accounts: SOAK_ACCOUNTS,
      campaigns: 3,
      leadsPerCampaign: 100,
      simulator: SOAK_SIMULATOR,
      // Pacing gaps are 2 to 8 minutes: at 5-minute steps an account still acts nearly every pass.
      minJumpMs: 5 * 60_000,
      onClock: (soakClock) => {
        clock = soakClock;
      },
    });
    const report = soakReport(run);
    await run.world.close();
    console.log(`${report.table}\nreal time: ${((performance.now() - started) / 1000).toFixed(0)} s`);

    expect(report.failures).toEqual([]);
    // The soak did run: invitations went out, replies came back and were detected.
    const invitations = report.figures.reduce((sum, f) => sum + f.invitations.total, 0);
    const replies = report.figures.reduce((sum, f) => sum + f.replies.detected, 0);
    expect(invitations).toBeGreaterThan(100);
    expect(replies).toBeGreaterThan(0);
    // The weekly use of invitations was measured: some account still had leads to invite.
    expect(report.figures.some((f) => f.weeks.some((week) => week.backlog > 0))).toBe(true);
  }, 600_000);
});
