/**
 * Runner benchmark: executed steps per second and database round trips per executed step, for
 * campaigns of 10,000 and 100,000 leads, for a message step and for an invitation step.
 *
 * Each size and step type gets its own database with one campaign whose leads are all due; the
 * runner executes a message step (variant rotation, rendering, caps, idempotency key, the action
 * through the HTTP Unipile simulator, the analytics log, the conversation) for `BENCH_STEPS` leads,
 * or an invitation step with a note (the lead's profile read for its relationship, the invitation,
 * note and weekly caps, the rolling week read from the action log) for `BENCH_INVITATIONS` leads
 * (the senders' daily invitation caps bound it). The accounts are
 * established premium accounts (no warm-up), the simulator is not strict (no LinkedIn caps, bursts
 * or session ends) and pacing is off, so the figures measure the runner's own machinery rather
 * than the product's throttles; every provider call is still charged to its account's call budget
 * first, as in the runner process. Round trips are counted with the MongoDB driver's command
 * monitoring over the measured phase only (seeding excluded), and include each pass's overhead
 * (campaign list, event feeds, queued-message claim, account checks). Exits 1 when a run needs
 * more round trips per executed step than its target: `BENCH_TARGET_ROUND_TRIPS` (7) for a message
 * step, `BENCH_TARGET_INVITATION_ROUND_TRIPS` (9) for an invitation.
 *
 * The data layer's own connection is used (`connectDb` with the driver's command monitoring on), so
 * the commands counted are exactly those the runner sends in production.
 *
 * Environment: MONGODB_URI (else the test kit starts a MongoDB in a child process, discarded
 * afterwards), BENCH_SIZES (default "10000,100000"), BENCH_STEP_TYPES (default
 * "message,invitation"), BENCH_STEPS (default 500), BENCH_INVITATIONS (default 150),
 * BENCH_CONCURRENCY (default 8), the two targets. On a server named by MONGODB_URI the benchmark's databases (`runner_bench_*`) are
 * left behind, and their names printed: the data layer offers no way to drop a database.
 */
import { connectDb, type Db } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import {
  createUnipileNetwork,
  createManualClock,
  createUnipileSimulator,
  type ManualClock,
  type UnipileSimulator,
} from '@outreach/network';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { createCallMeter } from '../src/accounts/call-meter.js';
import { createRunner } from '../src/runner/runner.js';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import { step } from '../test/support/sequence-steps.js';

const SIZES = (process.env['BENCH_SIZES'] ?? '10000,100000').split(',').map(Number);
const STEP_TYPES = (process.env['BENCH_STEP_TYPES'] ?? 'message,invitation').split(',').map(stepType);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 8);
const ACCOUNTS = 10;
const SEED_BATCH = 1000;

type BenchStep = 'message' | 'invitation';

/**
 * Per step type: how many steps a run executes and its target. Ten senders at the default cap of
 * 20 invitations a day send at most 200 in the bench's day, hence fewer invitations than messages.
 */
const PLAN: Record<BenchStep, { steps: number; target: number }> = {
  message: {
    steps: Number(process.env['BENCH_STEPS'] ?? 500),
    target: Number(process.env['BENCH_TARGET_ROUND_TRIPS'] ?? 7),
  },
  invitation: {
    steps: Number(process.env['BENCH_INVITATIONS'] ?? 150),
    target: Number(process.env['BENCH_TARGET_INVITATION_ROUND_TRIPS'] ?? 9),
  },
};

function stepType(name: string): BenchStep {
  if (name === 'message' || name === 'invitation') return name;
  throw new RangeError(`BENCH_STEP_TYPES: "${name}" is neither message nor invitation`);
}

interface Result {
  type: BenchStep;
  leads: number;
  steps: number;
  seconds: number;
  roundTrips: number;
  byCommand: Map<string, number>;
  /** Round trips by command and collection. */
  byCollection: Map<string, number>;
}

async function main(): Promise<void> {
  const external = process.env['MONGODB_URI'];
  const mongo = external
    ? { uri: external, backend: 'uri', stop: async () => undefined }
    : await startServerProcess();
  const missed: string[] = [];
  try {
    const plan = STEP_TYPES.map((type) => `${PLAN[type].steps} ${type} steps`).join(', ');
    console.log(`runner benchmark on ${mongo.backend}: ${plan} per campaign, concurrency ${CONCURRENCY}`);
    for (const type of STEP_TYPES) {
      // Leads connected already for a message (no invitation first); none for an invitation, and
      // no acceptance during the run (an acceptance is an event's work, not the step's).
      const clock = createManualClock('2026-03-02T10:00:00.000Z');
      const sandbox = createUnipileSimulator({
        clock,
        apiKey: 'bench',
        alreadyConnectedProbability: type === 'message' ? 1 : 0,
        acceptProbability: 0,
        replyProbability: 0,
        strict: false,
      });
      const served = await sandbox.listen(0);
      try {
        for (const size of SIZES) {
          const database = `runner_bench_${type}_${size}_${Date.now().toString(36)}`;
          const bench = { uri: databaseUri(mongo.uri, database), sandbox, networkUrl: served.url, clock };
          const result = await measure(bench, type, size);
          report(result);
          const { target } = PLAN[type];
          if (result.steps === 0 || result.roundTrips / result.steps > target)
            missed.push(`${type} at ${size} leads (target ${target})`);
          if (external) console.log(`  left database ${database} on the server`);
        }
      } finally {
        await served.close();
      }
    }
  } finally {
    await mongo.stop();
  }
  if (missed.length > 0) {
    console.log(`past the target of round trips per executed step: ${missed.join(', ')}`);
    process.exitCode = 1;
  }
}

interface Bench {
  uri: string;
  sandbox: UnipileSimulator;
  networkUrl: string;
  clock: ManualClock;
}

async function measure(
  { uri, sandbox, networkUrl, clock }: Bench,
  type: BenchStep,
  size: number,
): Promise<Result> {
  const db = await connectDb(uri, { clock, driverOptions: { monitorCommands: true } });
  const byCommand = new Map<string, number>();
  let counting = false;
  const byCollection = new Map<string, number>();
  db.watchCommands(({ commandName, collection }) => {
    if (!counting) return;
    byCommand.set(commandName, (byCommand.get(commandName) ?? 0) + 1);
    const where = `${commandName} ${collection ?? '-'}`;
    byCollection.set(where, (byCollection.get(where) ?? 0) + 1);
  });
  try {
    const seedStarted = performance.now();
    await seedCampaign(db, type, size);
    console.log(`  seeded ${size} leads in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const store = createDbRunnerStore(db);
    const callMeter = createCallMeter({
      store,
      clock,
      findAccount: (providerAccountId) => store.findAccountByProviderId(providerAccountId),
    });
    const runner = createRunner(
      {
        store,
        network: createUnipileNetwork({ dsn: networkUrl, apiKey: 'bench', clock, callMeter }),
        clock,
        logger: pino({ level: 'warn' }),
      },
      {
        runnerId: `bench-${type}-${size}`,
        concurrency: CONCURRENCY,
        passBudget: Math.min(PLAN[type].steps, 500),
        pacing: { minGapMinutes: 0, maxGapMinutes: 0 },
      },
    );
    counting = true;
    const started = performance.now();
    // Executed steps are the actions the network performed (a lead put off would not count).
    const executed = () => sandbox.state.log.list().length - before;
    const before = sandbox.state.log.list().length;
    while (executed() < Math.min(PLAN[type].steps, size)) {
      if ((await runner.runOnce()).leads === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    counting = false;
    const steps = executed();
    const roundTrips = [...byCommand.values()].reduce((sum, count) => sum + count, 0);
    return { type, leads: size, steps, seconds, roundTrips, byCommand, byCollection } satisfies Result;
  } finally {
    await db.close();
  }
}

/**
 * One workspace, ten established premium senders, one active campaign with one step: a message in
 * two variants, or an invitation with a note.
 */
async function seedCampaign(db: Db, type: BenchStep, size: number): Promise<void> {
  const workspace = await db.workspaces.createWorkspace({ name: 'bench', plan: 'pro' });
  const accounts: string[] = [];
  for (let n = 0; n < ACCOUNTS; n += 1) {
    const account = await db.senderAccounts.create(workspace.id, {
      name: `Sender ${n}`,
      publicIdentifier: `bench-sender-${n}`,
      tier: 'premium',
      warmUpStartedAt: null,
    });
    accounts.push(account.id);
  }
  const created = await db.campaigns.create(workspace.id, {
    name: `bench ${size}`,
    networkAccounts: accounts,
    settings: { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } },
  });
  await db.campaigns.replaceSequence(workspace.id, created.id, {
    expectedVersion: created.version,
    steps: [
      type === 'message'
        ? step('message', { stopOnReply: true, bodies: ['Hello {{firstName}}, A', 'Hello {{firstName}}, B'] })
        : step('invitation', { genericBody: 'Hello {{firstName}}, glad to connect.' }),
    ],
  });
  for (let offset = 0; offset < size; offset += SEED_BATCH) {
    const batch = Array.from({ length: Math.min(SEED_BATCH, size - offset) }, (_, i) => {
      const n = offset + i;
      return {
        publicIdentifier: `bench-lead-${n}`,
        firstName: `Lead${n}`,
        lastName: 'Bench',
        accountId: accounts[n % ACCOUNTS] ?? null,
      };
    });
    await db.leads.addMany(workspace.id, created.id, batch);
  }
  await db.campaigns.transitionStatus(workspace.id, created.id, { from: ['draft'], to: 'active' });
}

/** The test kit's MongoDB, started in a child process (see mongo-server.child.ts). */
async function startServerProcess(): Promise<{ uri: string; backend: string; stop(): Promise<void> }> {
  const script = new URL('./mongo-server.child.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { uri, backend } = JSON.parse(line) as { uri: string; backend: string };
  return {
    uri,
    backend,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function report(result: Result): void {
  const perStep = (count: number) => (count / Math.max(result.steps, 1)).toFixed(2);
  const breakdown = [...result.byCommand.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ${perStep(count)}`)
    .join(', ');
  console.log(
    `${result.type} step, campaign of ${result.leads} leads: ${result.steps} steps in ${result.seconds.toFixed(1)} s = ` +
      `${(result.steps / result.seconds).toFixed(1)} steps/s; ` +
      `${perStep(result.roundTrips)} database round trips per executed step (${breakdown})`,
  );
  for (const [where, count] of [...result.byCollection.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`  ${perStep(count).padStart(6)}  ${where}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
