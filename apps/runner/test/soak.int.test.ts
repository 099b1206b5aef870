/**
 * The short soak: a week of ten accounts of mixed tiers against the strict Unipile simulator with
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

describe('a week of ten accounts on the strict simulator', () => {
  it('restricts no account, calls past no limit, closes no lead for a limit, detects every reply within a poll interval and uses the invitations allowed', async () => {
    db = await connectDb(testDatabaseUri(), { clock: () => clock() });
    const started = performance.now();
    const run = await runSoak(db, {
      days: Number(process.env['SOAK_TEST_DAYS'] ?? 8),
      accounts: SOAK_ACCOUNTS,
      campaigns: 3,
      leadsPerCampaign: 100,
      simulator: SOAK_SIMULATOR,
      minJumpMs: 2 * 60_000,
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
  });
});
