/**
 * The soak by hand (`pnpm soak`): by default 30 simulated days, 10 accounts of mixed tiers (one
 * connected on the first day), 2,100 leads over three campaigns, against the strict Unipile
 * simulator with its faults on (late and lost relation webhooks, duplicated and out-of-order
 * status webhooks, null message ids, lost message webhooks, replies). Prints the table per
 * account and exits 1 when a target is missed.
 *
 * Environment: MONGODB_URI (else the test kit's MongoDB runs in a child process),
 * SOAK_DAYS (30), SOAK_LEADS_PER_CAMPAIGN (700), SOAK_SEED (soak), SOAK_MIN_JUMP_MINUTES (2: the
 * least the clock moves between passes), SOAK_LOG (runner log level).
 */
import { connectDb } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import { printVerdict, soakReport } from './soak-report.js';
import { startMongoProcess } from './soak-mongo.js';
import { SOAK_ACCOUNTS, SOAK_SIMULATOR } from './soak-accounts.js';
import { runSoak } from './soak-scenario.js';

const days = Number(process.env['SOAK_DAYS'] ?? 30);
const leadsPerCampaign = Number(process.env['SOAK_LEADS_PER_CAMPAIGN'] ?? 700);
const minJumpMinutes = Number(process.env['SOAK_MIN_JUMP_MINUTES'] ?? 2);
const external = process.env['MONGODB_URI'];
const mongo = external ? null : await startMongoProcess();
const uri = databaseUri(external ?? mongo?.uri ?? '', `soak_${Date.now().toString(36)}`);
let clock = () => new Date();
const db = await connectDb(uri, { clock: () => clock() });
const started = performance.now();
let exitCode: number;
try {
  const run = await runSoak(db, {
    days,
    accounts: SOAK_ACCOUNTS,
    campaigns: 3,
    leadsPerCampaign,
    seed: process.env['SOAK_SEED'] ?? 'soak',
    minJumpMs: minJumpMinutes * 60_000,
    simulator: SOAK_SIMULATOR,
    progress: (line) => console.error(line),
    // The data layer stamps records with the soak's clock from the start (set once it exists).
    onClock: (soakClock) => {
      clock = soakClock;
    },
  });
  const report = soakReport(run);
  await run.world.close();
  exitCode = printVerdict(report.table, report.failures, started);
} finally {
  await db.close();
  await mongo?.stop();
}
process.exit(exitCode);
