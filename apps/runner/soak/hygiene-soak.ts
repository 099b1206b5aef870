/**
 * The invitation-hygiene soak by hand (`pnpm soak:hygiene`): by default 90 simulated days, two
 * audiences side by side, one that accepts 10 % of invitations and one that accepts 35 %, each sent
 * to by a Sales Navigator account with its invitation limits raised to the tier's ceilings (40 a
 * day, 200 a week: the pile grows fastest) and a premium account at its defaults, against the
 * strict simulator with its faults on. Prints the table per account and exits 1 when a target is
 * missed: a restriction, a call past a limit, an account past 500 pending invitations, an
 * unanswered invitation not withdrawn within a day of its due date (21 days), or a low-acceptance
 * account whose acceptance guard never started.
 *
 * Environment: MONGODB_URI (else the test kit's MongoDB runs in a child process), SOAK_DAYS (90),
 * SOAK_LEADS_PER_AUDIENCE (1200), SOAK_MIN_JUMP_MINUTES (15: the least the clock moves between
 * passes), SOAK_SEED (hygiene), SOAK_LOG (runner log level).
 */
import { connectDb } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import { hygieneFailures, hygieneFigures, hygieneTable, pendingSampler } from './hygiene-report.js';
import { SOAK_SIMULATOR } from './soak-accounts.js';
import { startMongoProcess } from './soak-mongo.js';
import { printVerdict } from './soak-report.js';
import { HOUR, runSoak, type SoakAccountPlan, type SoakAudience } from './soak-scenario.js';

const days = Number(process.env['SOAK_DAYS'] ?? 90);
const leads = Number(process.env['SOAK_LEADS_PER_AUDIENCE'] ?? 1200);
const minJumpMinutes = Number(process.env['SOAK_MIN_JUMP_MINUTES'] ?? 15);
const RAISED = { invitationsPerDay: 40, invitationsPerWeek: 200 };
const ACCOUNTS: SoakAccountPlan[] = [
  { tier: 'sales_navigator', limitSettings: RAISED },
  { tier: 'premium' },
  { tier: 'sales_navigator', limitSettings: RAISED },
  { tier: 'premium' },
];
const ACCEPTANCE = { 'low-': 0.1, 'normal-': 0.35 } as const;
const AUDIENCES: SoakAudience[] = [
  { prefix: 'low-', accounts: [0, 1], leads },
  { prefix: 'normal-', accounts: [2, 3], leads },
];

const external = process.env['MONGODB_URI'];
const mongo = external ? null : await startMongoProcess();
const uri = databaseUri(external ?? mongo?.uri ?? '', `hygiene_${Date.now().toString(36)}`);
let clock = () => new Date();
const db = await connectDb(uri, { clock: () => clock() });
const started = performance.now();
let exitCode: number;
try {
  let sampler: ReturnType<typeof pendingSampler> | undefined;
  let nextSample = 0;
  const run = await runSoak(db, {
    days,
    accounts: ACCOUNTS,
    campaigns: 0,
    leadsPerCampaign: 0,
    audiences: AUDIENCES,
    seed: process.env['SOAK_SEED'] ?? 'hygiene',
    // At least `SOAK_MIN_JUMP_MINUTES` (15) between passes, at most three hours (nights): the day's
    // invitations spread over working hours as the pacing gate lets them (one action of an account
    // per pass), and the pile is sampled after every pass.
    maxJumpMs: 3 * HOUR,
    minJumpMs: minJumpMinutes * 60_000,
    simulator: { ...SOAK_SIMULATOR, audienceAcceptProbability: { ...ACCEPTANCE } },
    progress: (line) => console.error(line),
    onClock: (soakClock) => {
      clock = soakClock;
    },
    onPass: (world) => {
      sampler ??= pendingSampler(world.sim.state);
      // Sampled at most every simulated ten minutes: the pile moves by one invitation at a time.
      if (world.clock().getTime() < nextSample) return;
      nextSample = world.clock().getTime() + 10 * 60_000;
      sampler.sample();
    },
  });
  const accountsOf = new Map(
    AUDIENCES.flatMap((audience) =>
      audience.accounts.map((index) => [run.accounts[index]?.id ?? '', audience.prefix] as const),
    ),
  );
  const audienceOf = (accountId: string) => {
    const prefix = accountsOf.get(accountId) ?? '';
    const acceptance = ACCEPTANCE[prefix as keyof typeof ACCEPTANCE] ?? 0;
    return { prefix, acceptance, low: prefix === 'low-' };
  };
  const figures = await hygieneFigures(run, db, (id) => sampler?.maxOf(id) ?? 0, audienceOf);
  const lowNames = new Set(run.accounts.filter((a) => audienceOf(a.id).low).map((a) => a.name));
  const failures = hygieneFailures(figures, (name) => lowNames.has(name));
  await run.world.close();
  exitCode = printVerdict(hygieneTable(run, figures), failures, started);
} finally {
  await db.close();
  await mongo?.stop();
}
process.exit(exitCode);
