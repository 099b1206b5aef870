#!/usr/bin/env node
// Crash test of exactly-once by reconciliation (run by hand after `pnpm build`: `pnpm crash-test`).
//
// A campaign of 200 leads (an invitation with a note, then a message) over two sender accounts runs
// on the Unipile simulator, which de-duplicates nothing: a repeated call acts again. The runner
// process is killed with SIGKILL at random moments, at least CRASH_KILLS times (default 20), and
// restarted each time; the simulator also fails some calls after acting (the answer is lost). Once
// the kills are over a last runner finishes the campaign. Then the simulator's log of what it did
// is checked: no lead got two invitations or the same message twice, no lead is left stuck once
// the leases have expired, and every message sent is in its lead's conversation once. The
// campaign counters' drift from a recount is printed too (a follower killed between its bulk
// writes and clearing its actions counts them again once its lease runs out; the drift check
// mends it). Prints the figures; exits 1 when any check fails.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { connectDb, newId } = await import(join(root, 'packages/db/dist/index.js'));
const { createUnipileSimControlClient } = await import(join(root, 'packages/network/dist/index.js'));

const env = process.env;
const LEADS = Number(env.CRASH_LEADS ?? 200);
const KILLS = Number(env.CRASH_KILLS ?? 20);
// A product day lasts 10 real seconds; leases (real time) run out a second after a kill.
const TIME_SCALE = '8640';
const CLOCK_EPOCH = new Date().toISOString();
const API_KEY = 'crash-test-key';
const children = new Set();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a built entry point; resolves with the first stdout/stderr line `ready` matches. */
function start(name, script, extraEnv, ready) {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output = [];
  const found = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const text = String(chunk);
      output.push(text);
      const match = ready?.(text);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} exited (${signal ?? code}): ${output.join('').slice(-2000)}`)),
    );
    if (!ready) resolve(true);
  });
  found.catch(() => undefined);
  return { child, ready: found };
}

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(db) {
  const workspace = await db.workspaces.createWorkspace({ name: 'Crash test', plan: 'agency' });
  const ws = workspace.id;
  const limits = { invitationsPerDay: 500, invitationsPerWeek: 2000, messagesPerDay: 500 };
  const accounts = [];
  for (const n of [1, 2]) {
    accounts.push(
      await db.senderAccounts.create(ws, {
        name: `Sender ${n}`,
        publicIdentifier: `crash-sender-${n}`,
        limits,
      }),
    );
  }
  const created = await db.campaigns.create(ws, {
    name: 'Crash test campaign',
    networkAccounts: accounts.map((a) => a.id),
    settings: { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } },
  });
  const step = (type, extra) => ({
    id: newId('step'),
    type,
    delay: 0,
    stopOnReply: false,
    genericBody: null,
    variants: [],
    ...extra,
  });
  const campaign = await db.campaigns.replaceSequence(ws, created.id, {
    expectedVersion: created.version,
    steps: [
      step('invitation', { genericBody: 'Hi {{firstName}}, glad to connect.' }),
      step('message', {
        variants: ['A', 'B'].map((label, order) => ({
          id: newId('variant'),
          body: `Hello {{firstName}} (${label})`,
          order,
          isDisabled: false,
          icpDefinitionRaw: null,
          aiTools: [],
        })),
      }),
    ],
  });
  await db.leads.addMany(
    ws,
    campaign.id,
    Array.from({ length: LEADS }, (_, n) => ({
      publicIdentifier: `crash-lead-${n}`,
      firstName: `Ada${n}`,
      lastName: `Lovelace${n}`,
      accountId: accounts[n % 2].id,
    })),
  );
  await db.campaigns.transitionStatus(ws, campaign.id, { from: ['draft'], to: 'active' });
  return { ws, campaignId: campaign.id };
}

async function main() {
  const mongoPort = await freePort();
  const mongoProcess = spawn(
    process.execPath,
    [join(root, 'packages/mongo-testkit/dist/cli.js'), '--port', String(mongoPort)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(mongoProcess);
  const base = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const match = String(chunk).match(/mongodb:\/\/\S+/)?.[0];
      if (match) resolve(match);
    };
    mongoProcess.stdout.on('data', onData);
    mongoProcess.stderr.on('data', onData);
    mongoProcess.once('exit', (code) => reject(new Error(`mongo exited (${code})`)));
  });
  const mongoUri = `${base.replace(/\/$/, '')}/crash`;

  const simPort = await freePort();
  const simUrl = `http://127.0.0.1:${simPort}`;
  const clock = { TIME_SCALE, CLOCK_EPOCH };
  start('simulator', 'packages/network/dist/unipile-sim/sim-cli.js', {
    PORT: String(simPort),
    UNIPILE_API_KEY: API_KEY,
    SEED: 'crash-test',
    ALREADY_CONNECTED_PROBABILITY: '0.1',
    ACCEPT_PROBABILITY: '1',
    ACCEPT_DELAY_MIN_MS: String(10 * 60_000),
    ACCEPT_DELAY_MAX_MS: String(3 * 60 * 60_000),
    REPLY_PROBABILITY: '0',
    WEEKLY_INVITATION_LIMIT: '5000',
    // The crash test counts duplicates at volume, not LinkedIn's limits: the happy-path network.
    STRICT: 'false',
    ...clock,
  });
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

  const db = await connectDb(mongoUri);
  const { ws, campaignId } = await seed(db);
  // Some calls act and then fail (the answer is lost): the resumed attempt must reconcile.
  await sim.armFault({
    kind: 'server_error',
    status: 503,
    afterAction: true,
    count: 15,
    operations: ['sendInvitation', 'sendMessage'],
  });

  const runnerEnv = {
    MONGODB_URI: mongoUri,
    UNIPILE_DSN: simUrl,
    UNIPILE_API_KEY: API_KEY,
    RUNNER_CONCURRENCY: '4',
    POLL_INTERVAL_MS: '50',
    LEASE_MS: '1000',
    RECONCILE_POLLS_PER_DAY: '96',
    LOG_LEVEL: 'error',
    ...clock,
  };
  let kills = 0;
  const started = Date.now();
  while (kills < KILLS) {
    const runner = start('runner', 'apps/runner/dist/main.js', { ...runnerEnv, RUNNER_ID: `crash-${kills}` });
    // Killed at a random moment of its work: 0.4 to 2 real seconds after it starts.
    await sleep(400 + Math.floor(Math.random() * 1600));
    runner.child.kill('SIGKILL');
    await new Promise((resolve) =>
      runner.child.exitCode !== null || runner.child.signalCode !== null
        ? resolve()
        : runner.child.once('exit', resolve),
    );
    kills += 1;
  }
  const killsDoneAt = Date.now();
  const last = start('runner', 'apps/runner/dist/main.js', { ...runnerEnv, RUNNER_ID: 'crash-final' });
  const finals = ['completed', 'error'];
  await waitFor(
    'every lead to finish',
    async () => {
      const counts = await db.leads.countByStatus(ws, campaignId);
      return finals.reduce((sum, s) => sum + (counts[s] ?? 0), 0) === LEADS;
    },
    Number(env.CRASH_FINISH_TIMEOUT_MS ?? 300_000),
  ).catch((error) => console.error(String(error)));
  last.child.kill('SIGTERM');
  await new Promise((resolve) =>
    last.child.exitCode !== null || last.child.signalCode !== null
      ? resolve()
      : last.child.once('exit', resolve),
  );
  // What a killed runner left to derive (its actions' marks, counters, roll-ups and messages) is
  // derived by the next follower once the lease runs out; whatever no runner got to is derived here.
  let leftToDerive = 0;
  for (let taken = -1; taken !== 0; leftToDerive += taken === -1 ? 0 : taken)
    taken = await db.actions.deriveBatchAcrossWorkspaces(
      { owner: 'crash-check', now: new Date(Date.now() + 365 * 86_400_000), leaseMs: 60_000 },
      500,
    );

  const received = await sim.received();
  const invitations = new Map();
  const messages = new Map();
  for (const action of received) {
    if (action.type === 'invitation') {
      const key = `${action.accountId}|${action.publicIdentifier}`;
      invitations.set(key, (invitations.get(key) ?? 0) + 1);
    } else if (action.type === 'message' || action.type === 'inmail') {
      const key = `${action.accountId}|${action.publicIdentifier}|${action.content}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
  }
  const duplicates = (counts) => [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const counts = await db.leads.countByStatus(ws, campaignId);
  // Every message the network took is in its lead's conversation, once.
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
  // The campaign's counters against a recount of its leads and actions (which then mends them).
  const drift = await db.campaignCounters.recount(ws, campaignId);
  const stuck = LEADS - finals.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  const figures = {
    leads: LEADS,
    accounts: 2,
    kills,
    lostAnswersArmed: 15,
    invitationsSent: [...invitations.values()].reduce((a, b) => a + b, 0),
    messagesSent: [...messages.values()].reduce((a, b) => a + b, 0),
    duplicateInvitations: duplicates(invitations),
    duplicateMessages: duplicates(messages),
    leadsByStatus: counts,
    stuckLeads: stuck,
    messagesFiled,
    leftToDerive,
    counterDrift: drift.differences,
    secondsKilling: Math.round((killsDoneAt - started) / 1000),
    secondsToFinish: Math.round((Date.now() - killsDoneAt) / 1000),
  };
  console.log(JSON.stringify(figures, null, 2));
  await db.close();
  const ok =
    figures.duplicateInvitations === 0 &&
    figures.duplicateMessages === 0 &&
    stuck === 0 &&
    kills >= KILLS &&
    messagesFiled === messages.size;
  console.log(ok ? 'crash test passed' : 'crash test FAILED');
  return ok ? 0 : 1;
}

function stopAll() {
  for (const child of children) child.kill('SIGKILL');
}

main().then(
  (code) => {
    stopAll();
    process.exit(code);
  },
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    stopAll();
    process.exit(1);
  },
);
