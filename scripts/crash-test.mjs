#!/usr/bin/env node
// Crash test of exactly-once by reconciliation, with any number of processes side by side (run by
// hand after `pnpm build`): `pnpm crash-test -- --apis 2 --runners 3 --dispatchers 2 --runs 3`
// (CRASH_APIS, CRASH_RUNNERS, CRASH_DISPATCHERS, CRASH_RUNS; one of each and one run by default).
//
// A campaign of 200 leads (an invitation with a note, then a message in two variants) over two
// sender accounts, each capped at 25 invitations and 25 messages a day, runs on the Unipile
// simulator, which de-duplicates nothing: a repeated call acts again. The campaign, its webhook
// subscriptions and traffic meanwhile (reads, and draft campaigns created with Idempotency-Keys)
// go through a round-robin proxy over the API instances; the simulator's webhooks reach the API
// the same way; each runner reaches the simulator through a proxy of its own that counts the
// actions it carried out. While the campaign runs, a process chosen at random among all of them
// is killed with SIGKILL at least CRASH_KILLS times (default 20) and started again under a new
// id; the simulator also fails some calls after acting (the answer is lost). Then the checks,
// from records the service does not write (the simulator's logs, the webhook receiver's):
// no lead got two invitations or the same message twice; no lead is left stuck once the leases
// have expired; no call went past LinkedIn's limits or the accounts' caps; every event of a
// subscribed type reached the receiver, and no fact came twice under two ids; every draft
// campaign exists once; every message sent is in its lead's conversation once; and with several
// runners each did at least 60 % of an even share (20 % of three). Prints the figures of each run
// and a summary; exits 1 when any check fails.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDatabase, startFleet, freePort, startProcess } from './crash-test/fleet.mjs';
import { duplicateActions, limitPasses, runnerShares, webhookFigures } from './crash-test/figures.mjs';
import { createApiClient, createCampaign, startTraffic, subscribe } from './crash-test/scenario.mjs';
import { startWebhookSink } from './crash-test/webhook-sink.mjs';
import { processCounts } from './process-counts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { connectDb } = await import(join(root, 'packages/db/dist/index.js'));
const { createUnipileSimControlClient, TIER_RULES } = await import(
  join(root, 'packages/network/dist/index.js')
);

const env = process.env;
const argv = process.argv.slice(2);
let counts;
try {
  counts = processCounts(argv, env, {
    apis: 'CRASH_APIS',
    runners: 'CRASH_RUNNERS',
    dispatchers: 'CRASH_DISPATCHERS',
  });
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const runsFlag = argv.indexOf('--runs');
const RUNS = Number(runsFlag >= 0 ? argv[runsFlag + 1] : (env.CRASH_RUNS ?? 1));
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs (CRASH_RUNS) must be a whole number of at least 1`);
  process.exit(2);
}
const LEADS = Number(env.CRASH_LEADS ?? 200);
const KILLS = Number(env.CRASH_KILLS ?? 20);
// A product day lasts 10 real seconds. A runner's provider calls time out after 3 real seconds,
// and its leases, which must cover an action's calls and the time a call abandoned at its timeout
// may still take to land (the runner refuses a shorter lease), run out 6 seconds after a kill.
const RUNNER_CALL_TIMEOUT_MS = 3_000;
const RUNNER_LEASE_MS = 2 * RUNNER_CALL_TIMEOUT_MS;
const TIME_SCALE = '8640';
const SIM_KEY = 'crash-test-key';
const CAPS = { invitationsPerDay: 25, invitationsPerWeek: 150, messagesPerDay: 25 };
const EVENT_TYPES = ['connection_request_accepted', 'message_received', 'campaign_completed'];
/** With several runners, each must carry out at least this share of an even split. */
const FAIR_SHARE = 0.6;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** The workspace, its key and the two capped sender accounts: set up by an administrator. */
async function seedWorkspace(db) {
  const workspace = await db.workspaces.createWorkspace({ name: 'Crash test', plan: 'agency' });
  const key = await db.apiKeys.create(workspace.id, { name: 'crash test' });
  const accounts = [];
  for (const n of [1, 2])
    accounts.push(
      await db.senderAccounts.create(workspace.id, {
        name: `Sender ${n}`,
        publicIdentifier: `crash-sender-${n}`,
        limits: CAPS,
      }),
    );
  return { ws: workspace.id, apiKey: key.plaintext, accounts };
}

/** Events left to fan out or deliveries left to send: none once the dispatchers caught up. */
async function outboxBusy(mongo, ws) {
  const unfanned = await mongo
    .collection('events')
    .countDocuments({ workspaceId: ws, fanOutAfter: { $exists: true } });
  const pending = await mongo.collection('deliveries').countDocuments({ workspaceId: ws, status: 'pending' });
  return unfanned + pending;
}

async function runOnce(run) {
  const database = await startDatabase(root, { name: 'crash' });
  const cleanup = [() => database.child.kill('SIGKILL')];
  try {
    const clock = { TIME_SCALE, CLOCK_EPOCH: new Date().toISOString() };
    const simPort = await freePort();
    const simUrl = `http://127.0.0.1:${simPort}`;
    const webhookSecret = randomBytes(16).toString('hex');
    // The simulator pushes its webhooks to the API's public address, known once the fleet's proxy
    // listens: it is told then (`setWebhookUrl`).
    const simulator = startProcess(root, 'packages/network/dist/unipile-sim/sim-cli.js', {
      PORT: String(simPort),
      UNIPILE_API_KEY: SIM_KEY,
      WEBHOOK_SECRET_HEADER: 'X-Webhook-Secret',
      WEBHOOK_SECRET: webhookSecret,
      SEED: `crash-test-${run}`,
      ALREADY_CONNECTED_PROBABILITY: '0.1',
      ACCEPT_PROBABILITY: '1',
      ACCEPT_DELAY_MIN_MS: String(10 * 60_000),
      ACCEPT_DELAY_MAX_MS: String(3 * 60 * 60_000),
      REPLY_PROBABILITY: '0.3',
      // Duplicates at volume, not LinkedIn's answers to excess: the happy-path network, and the
      // limits are checked from its call log instead.
      STRICT: 'false',
      ...clock,
    });
    cleanup.push(() => simulator.child.kill('SIGKILL'));
    const sim = createUnipileSimControlClient(simUrl);
    await waitFor(
      'the simulator',
      () =>
        fetch(`${simUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      30_000,
    );

    const db = await connectDb(database.uri);
    cleanup.push(() => db.close());
    const { ws, apiKey, accounts } = await seedWorkspace(db);
    const provider = {
      NETWORK_PROVIDER: 'sandbox',
      UNIPILE_DSN: simUrl,
      UNIPILE_API_KEY: SIM_KEY,
      UNIPILE_WEBHOOK_SECRET: webhookSecret,
    };
    const quiet = { LOG_LEVEL: 'error', MONGODB_URI: database.uri, ...clock };
    const fleet = await startFleet({
      root,
      counts,
      simUrl,
      env: {
        api: (port, publicUrl) => ({
          ...quiet,
          ...provider,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: publicUrl,
          AUTH_SECRET: 'crash-test-secret-shared-by-every-api-instance',
          WEBHOOK_ALLOW_LOOPBACK_TARGETS: 'true',
          // One key sends all the traffic: its limit is not what is tested here.
          RATE_LIMIT_PER_MINUTE: '1000000',
        }),
        runner: (id, dsn) => ({
          ...quiet,
          ...provider,
          UNIPILE_DSN: dsn,
          RUNNER_ID: id,
          RUNNER_CONCURRENCY: '4',
          POLL_INTERVAL_MS: '50',
          LEASE_MS: String(RUNNER_LEASE_MS),
          UNIPILE_TIMEOUT_MS: String(RUNNER_CALL_TIMEOUT_MS),
          RECONCILE_POLLS_PER_DAY: '96',
        }),
        dispatcher: () => ({
          ...quiet,
          WEBHOOK_ALLOW_LOOPBACK_TARGETS: 'true',
          DISPATCHER_POLL_INTERVAL_MS: '100',
          WEBHOOK_TIMEOUT_MS: '2000',
          DISPATCHER_LEASE_MS: '7000',
        }),
      },
    });
    cleanup.push(() => fleet.close());
    await sim.setWebhookUrl(`${fleet.apiUrl}/provider-webhooks/unipile`);

    const api = createApiClient(fleet.apiUrl, apiKey);
    const sink = await startWebhookSink();
    cleanup.push(() => sink.close());
    for (const secret of await subscribe(api, sink.url, EVENT_TYPES)) sink.trust(secret);
    const leads = Array.from({ length: LEADS }, (_, n) => ({
      publicIdentifier: `crash-lead-${n}`,
      firstName: `Ada${n}`,
      lastName: `Lovelace${n}`,
    }));
    const campaignId = await createCampaign(api, { accountIds: accounts.map((a) => a.id), leads });
    // Some calls act and then fail (the answer is lost): the resumed attempt must reconcile.
    await sim.armFault({
      kind: 'server_error',
      status: 503,
      afterAction: true,
      count: 15,
      operations: ['sendInvitation', 'sendMessage'],
    });
    await api.expect(200, 'PUT', `/v1/campaigns/${campaignId}/start`);

    const traffic = startTraffic(api, campaignId);
    const started = Date.now();
    const killed = [];
    while (killed.length < KILLS) {
      // A random moment of the work: 0.4 to 2 real seconds apart; the victim is back 0.3 s later.
      await sleep(400 + Math.floor(Math.random() * 1600));
      const name = await fleet.killOne(300);
      if (name) killed.push(name);
    }
    const killsDoneAt = Date.now();
    const creations = await traffic.stop();
    await fleet.allUp();

    const finals = ['completed', 'error'];
    await waitFor(
      'every lead to finish',
      async () => {
        const byStatus = await db.leads.countByStatus(ws, campaignId);
        return finals.reduce((n, s) => n + (byStatus[s] ?? 0), 0) === LEADS;
      },
      Number(env.CRASH_FINISH_TIMEOUT_MS ?? 300_000),
    ).catch((error) => console.error(String(error)));
    // No new event once the runners are gone; then the dispatchers deliver what is left.
    await fleet.stop('runner');
    const mongo = db.mongoDatabase();
    await waitFor('the outbox to drain', async () => (await outboxBusy(mongo, ws)) === 0, 120_000).catch(
      (error) => console.error(String(error)),
    );
    await fleet.stop('dispatcher');
    // What a killed runner left to derive is derived by the next follower once the lease runs
    // out; whatever no runner got to is derived here.
    let leftToDerive = 0;
    for (let taken = -1; taken !== 0; leftToDerive += taken === -1 ? 0 : taken)
      taken = await db.actions.deriveBatchAcrossWorkspaces(
        { owner: 'crash-check', now: new Date(Date.now() + 365 * 86_400_000), leaseMs: 60_000 },
        500,
      );

    const actions = duplicateActions(await sim.received());
    const byStatus = await db.leads.countByStatus(ws, campaignId);
    let messagesFiled = 0;
    for (let after; ;) {
      const page = await db.conversations.list(ws, { campaignId, limit: 100, ...(after ? { after } : {}) });
      for (const conversation of page.items) {
        const history = await db.conversations.getByUrn(ws, conversation.conversationUrn);
        messagesFiled += (history?.messages ?? []).filter((message) => message.sender === 'account').length;
      }
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    const drift = await db.campaignCounters.recount(ws, campaignId);
    const standing = await Promise.all(accounts.map((a) => sim.restriction(a.id)));
    const limits = limitPasses(
      await sim.calls(),
      accounts.map((a, n) => ({ id: a.id, tier: standing[n].tier, caps: CAPS })),
      TIER_RULES,
    );
    const events = await mongo.collection('events').find({ workspaceId: ws }).toArray();
    const webhooks = webhookFigures(events, EVENT_TYPES, sink.received);
    const trafficNames = (
      await mongo
        .collection('campaigns')
        .find({ workspaceId: ws, name: /^Traffic / })
        .toArray()
    ).map((c) => c.name);
    const fleetFigures = fleet.figures();
    const figures = {
      run,
      processes: counts,
      leads: LEADS,
      kills: killed.length,
      killsByKind: fleetFigures.kills,
      startsByProcess: fleetFigures.starts,
      ...actions,
      actionsByRunner: fleetFigures.actionsByRunner,
      actionShareByRunner: runnerShares(fleetFigures.actionsByRunner),
      leadsByStatus: byStatus,
      strandedLeads: LEADS - finals.reduce((n, s) => n + (byStatus[s] ?? 0), 0),
      limitPasses: limits.total,
      busiestAccountDay: limits.busiestDay,
      capPassesCountingMidnight: limits.withoutSlack,
      webhooks: { ...webhooks, badSignatures: sink.badSignatures() },
      apiRequestsByInstance: fleetFigures.requestsByApi,
      apiAnswersByStatus: api.statuses(),
      draftCampaigns: {
        created: creations.filter((c) => c.status === 201).length,
        failed: creations.filter((c) => c.status !== 201).length,
        stored: trafficNames.length,
        duplicates: trafficNames.length - new Set(trafficNames).size,
      },
      messagesFiled,
      leftToDerive,
      counterDrift: drift.differences,
      secondsKilling: Math.round((killsDoneAt - started) / 1000),
      secondsToFinish: Math.round((Date.now() - killsDoneAt) / 1000),
    };
    return { figures, problems: problemsOf(figures, actions) };
  } finally {
    for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
  }
}

function problemsOf(f, actions) {
  const problems = [];
  if (f.duplicateInvitations + f.duplicateMessages > 0) problems.push('duplicate actions');
  if (f.strandedLeads > 0) problems.push('stranded leads');
  if (f.kills < KILLS) problems.push('fewer kills than asked');
  if (f.messagesFiled !== actions.distinctMessages)
    problems.push('messages not filed once in their conversation');
  if (f.limitPasses > 0) problems.push('calls past a limit');
  if (f.webhooks.lost > 0 || f.webhooks.duplicated > 0 || f.webhooks.badSignatures > 0)
    problems.push('webhooks lost or duplicated');
  if (
    f.draftCampaigns.failed > 0 ||
    f.draftCampaigns.duplicates > 0 ||
    f.draftCampaigns.stored !== f.draftCampaigns.created
  )
    problems.push('draft campaigns lost or duplicated');
  const shares = Object.values(f.actionShareByRunner);
  if (shares.length > 1 && Math.min(...shares) < (100 * FAIR_SHARE) / shares.length)
    problems.push('a runner starved');
  return problems;
}

function summaryLine(f) {
  const shares = Object.entries(f.actionShareByRunner)
    .map(([name, share]) => `${name} ${f.actionsByRunner[name]} (${share} %)`)
    .join(', ');
  const kinds = Object.entries(f.killsByKind)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return (
    `run ${f.run}: ${f.kills} kills (${kinds}); actions ${shares}; duplicates ${f.duplicateInvitations + f.duplicateMessages}; ` +
    `stranded ${f.strandedLeads}; webhooks ${f.webhooks.received}/${f.webhooks.events} received, lost ${f.webhooks.lost}, ` +
    `duplicated ${f.webhooks.duplicated} (redelivered ${f.webhooks.redelivered}); limit passes ${f.limitPasses}; ` +
    `API requests ${Object.values(f.apiRequestsByInstance).join('/')}`
  );
}

async function main() {
  const results = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await runOnce(run);
    console.log(JSON.stringify(result.figures, null, 2));
    console.log(
      result.problems.length === 0 ? `run ${run} passed` : `run ${run} FAILED: ${result.problems.join(', ')}`,
    );
    results.push(result);
  }
  console.log(
    `\n${counts.apis} API, ${counts.runners} runner and ${counts.dispatchers} dispatcher processes, ${RUNS} run(s):`,
  );
  for (const { figures } of results) console.log(`  ${summaryLine(figures)}`);
  const ok = results.every((r) => r.problems.length === 0);
  console.log(ok ? 'crash test passed' : 'crash test FAILED');
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
