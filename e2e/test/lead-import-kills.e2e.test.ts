// De-risks "kill the runner 10 times during a 2,500-result import: every person added exactly
// once" with real processes: the built API and runner, the Unipile simulator and the database
// emulator each run as a process of their own (started by the crash test's helpers,
// `scripts/crash-test/fleet.mjs`). A Sales Navigator search of 2,500 results is imported through
// `POST /v1/campaigns/{id}/lead-imports`, and the runner process is killed with SIGKILL ten times
// while it reads, spread over the import: each time `fetched` has grown past another 200 people,
// in the next page the runner reads, at a random moment after the simulator answered its search
// (the page's rows, its leads, its checkpoint). The runner is started again under a new id; the
// killed one keeps its lease until LEASE_MS runs out, and the next one reads the page again from
// the job's checkpoint. Then: the import completed with every position of the search decided once,
// in order; `added` and the skipped add up to the 2,500 read; the campaign holds one lead per
// person added and no other; and the simulator, strict about LinkedIn's daily budget of search
// results, never had to cut or refuse a page for it, the pages read again after kills included
// (pages that would pass the day's 2,500 wait for the sender's next product day instead).
import type { ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import {
  createOutreachClient,
  unwrap,
  type LeadImport,
  type LeadImportSkipped,
  type OutreachClient,
} from '@outreach/client';
import { createUnipileSimControlClient, createUnipileSimulator } from '@outreach/network';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChildProcesses } from '../../scripts/child-processes.mjs';
import {
  freePort,
  startDatabase,
  startFleet,
  startProcess,
  waitForReady,
  type Fleet,
  type Spawn,
} from '../../scripts/crash-test/fleet.mjs';

const root = new URL('../../', import.meta.url).pathname;
const KEYWORDS = 'fintech cfo';
const RESULTS = 2_500;
const KILLS = 10;
/** A kill each time another 200 people were read: the kills fall from the 200th to the 2,000th. */
const KILL_EVERY = 200;
const SEED = 'lead-import-kills';
const SIM_KEY = 'lead-import-kills-key';
// A product day lasts 20 real seconds: the pages read again after kills may spend a day's 2,500
// search results before the import's end, and the job then waits for the next day, briefly.
const TIME_SCALE = String(86_400 / 20);
// Leases run in real time: a killed runner's job is free again five seconds after its last write.
// The runner wants a lease of at least two provider call timeouts, so calls time out at 2.5 s (the
// simulator answers a page in milliseconds).
const LEASE_MS = '5000';
const UNIPILE_TIMEOUT_MS = '2500';
/** The killed runner is started again this long after it is gone. */
const RESTART_MS = 200;
// Pasted from Sales Navigator: the simulator reads the keywords from `query`.
const SALES_NAVIGATOR_URL = `https://www.linkedin.com/sales/search/people?query=(keywords%3A${encodeURIComponent(KEYWORDS)})`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Every process is started through `processes` and stopped by it when the file ends, passed or
// failed (SIGTERM, SIGKILL after a grace); SIGKILL if the worker itself exits first.
const processes = createChildProcesses({ graceMs: 5_000 });
const started: ChildProcess[] = [];
const killAll = () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.once('exit', killAll);

/** Spawns through `processes`, without the test runner's variables (the apps run as deployed). */
const start: Spawn = (command, args, options) => {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  delete env['VITEST'];
  delete env['NODE_OPTIONS'];
  const child = processes.start(command, args, { ...options, env });
  started.push(child);
  return child;
};

/** One search page the simulator served a runner: what was asked and what came back. */
interface ServedPage {
  status: number;
  limit: number;
  start: number | null;
  count: number | null;
}
const served: ServedPage[] = [];

/** Called at the next search page the simulator answers a runner. */
let onSearchAnswer: (() => void) | null = null;

/** Whether the simulator answered a runner's search page within `timeoutMs` (a wait that ends). */
function searchAnswered(timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      onSearchAnswer = null;
      resolve(false);
    }, timeoutMs);
    onSearchAnswer = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
}

/** Reads the answer of every search page a runner asked for, as it passes the runner's proxy. */
function recordSearchPage(req: IncomingMessage, res: IncomingMessage): void {
  const url = new URL(req.url ?? '/', 'http://simulator');
  if (req.method !== 'POST' || url.pathname !== '/api/v1/linkedin/search') return;
  onSearchAnswer?.();
  onSearchAnswer = null;
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    let paging: { start?: number; page_count?: number } = {};
    try {
      paging =
        (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { paging?: typeof paging }).paging ?? {};
    } catch {
      // An error's body: the page is recorded with its status and no paging.
    }
    served.push({
      status: res.statusCode ?? 0,
      limit: Number(url.searchParams.get('limit')),
      start: paging.start ?? null,
      count: paging.page_count ?? null,
    });
  });
}

/** Runs the admin CLI once and answers what it printed as JSON. */
async function admin(args: string[], mongoUri: string): Promise<unknown> {
  const child = start(process.execPath, [join(root, 'apps/api/dist/cli/admin.js'), ...args], {
    cwd: root,
    env: { ...process.env, MONGODB_URI: mongoUri, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited ${String(code)}: ${output}`);
  return JSON.parse(output);
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

let fleet: Fleet;
let client: OutreachClient;
let apiKey: string;
let simUrl: string;

beforeAll(async () => {
  const database = await startDatabase(root, { name: 'lead_import_kills', start });
  const clock = { TIME_SCALE, CLOCK_EPOCH: new Date().toISOString() };
  simUrl = `http://127.0.0.1:${await freePort()}`;
  startProcess(
    root,
    'packages/network/dist/unipile-sim/sim-cli.js',
    {
      PORT: new URL(simUrl).port,
      UNIPILE_API_KEY: SIM_KEY,
      SEED,
      // Every account the service names is a Sales Navigator one, so the runner reads that tier.
      DEFAULT_TIER: 'sales_navigator',
      // The results stay in place between pages: each position of the search is one person.
      SEARCH_SHIFT_PROBABILITY: '0',
      SESSION_LIFETIME_MS: String(365 * 86_400_000),
      LOG_LEVEL: 'error',
      ...clock,
    },
    undefined,
    { start },
  );
  await waitForReady(`${simUrl}/healthz`);
  await createUnipileSimControlClient(simUrl).setSearchTotal(KEYWORDS, RESULTS);
  const workspace = (await admin(
    ['workspace', 'create', '--name', 'Lead import kills', '--plan', 'agency', '--json'],
    database.uri,
  )) as { apiKey: string };
  apiKey = workspace.apiKey;

  const provider = { NETWORK_PROVIDER: 'sandbox', UNIPILE_DSN: simUrl, UNIPILE_API_KEY: SIM_KEY };
  const common = { LOG_LEVEL: 'error', MONGODB_URI: database.uri, ...clock };
  fleet = await startFleet({
    root,
    counts: { apis: 1, runners: 1, dispatchers: 0 },
    simUrl,
    start,
    onRunnerResponse: recordSearchPage,
    env: {
      api: (port, publicUrl) => ({
        ...common,
        ...provider,
        UNIPILE_WEBHOOK_SECRET: 'lead-import-kills-webhook-secret',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        AUTH_SECRET: 'lead-import-kills-secret-of-at-least-32-characters',
        // The test reads the import's progress many times a second.
        RATE_LIMIT_PER_MINUTE: '1000000',
      }),
      runner: (id, dsn) => ({
        ...common,
        ...provider,
        UNIPILE_DSN: dsn,
        RUNNER_ID: id,
        POLL_INTERVAL_MS: '100',
        LEASE_MS,
        UNIPILE_TIMEOUT_MS,
        RECONCILE_POLLS_PER_DAY: '1',
      }),
      dispatcher: () => common,
    },
  });
  client = createOutreachClient({ baseUrl: fleet.apiUrl, apiKey });
}, 120_000);

afterAll(async () => {
  await fleet?.close();
  await processes.stopAll();
  process.removeListener('exit', killAll);
});

/** The people of the simulator's search, in order: its population depends on the seed alone. */
function sourcePeople(): string[] {
  const simulator = createUnipileSimulator({ seed: SEED, apiKey: SIM_KEY });
  simulator.state.leadSources.setSearchTotal(KEYWORDS, RESULTS);
  const population = simulator.state.leadSources.search(KEYWORDS, {});
  return Array.from({ length: RESULTS }, (_, index) => population.at(index));
}

/** The import's report: `position`, `publicIdentifier` and `outcome` of every row, in order. */
async function reportRows(importId: string) {
  const res = await fetch(`${fleet.apiUrl}/v1/lead-imports/${importId}/report`, {
    headers: { 'x-api-key': apiKey },
  });
  expect(res.status).toBe(200);
  const [header, ...lines] = (await res.text()).split('\r\n').filter((line) => line !== '');
  expect(header).toBe('position,part,line,publicIdentifier,name,outcome,reason,detail');
  return lines.map((line) => {
    // Names and identifiers of the simulator hold no comma or quote: a row is its eight cells.
    const cells = line.split(',');
    expect(cells, line).toHaveLength(8);
    return { position: Number(cells[0]), publicIdentifier: cells[3], outcome: cells[5], reason: cells[6] };
  });
}

async function campaignLeadIdentifiers(campaignId: string): Promise<string[]> {
  const identifiers: string[] = [];
  let after: string | undefined;
  do {
    const page = await unwrap(
      client.GET('/v1/campaigns/{campaignId}/leads', {
        params: { path: { campaignId }, query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    identifiers.push(...page.leads.map((lead) => lead.publicIdentifier));
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
  return identifiers;
}

const skippedIn = (skipped: LeadImportSkipped) => Object.values(skipped).reduce((sum, n) => sum + n, 0);

describe('a Sales Navigator import of 2,500 results while the runner process is killed ten times', () => {
  it('adds every person exactly once and reads within the day’s search budget', async () => {
    const began = Date.now();
    const account = await unwrap(
      client.POST('/v1/accounts', {
        body: { name: 'Sales Navigator sender', publicIdentifier: 'kills-sender', timezone: 'UTC' },
      }),
    );
    // A new account counts as free until the runner has read its tier from the provider.
    await waitFor(
      'the runner to read the sender’s Sales Navigator tier',
      async () => {
        const read = await unwrap(
          client.GET('/v1/accounts/{accountId}', { params: { path: { accountId: account.id } } }),
        );
        return read.tier === 'sales_navigator' ? true : undefined;
      },
      60_000,
    );
    const campaign = await unwrap(client.POST('/v1/campaigns', { body: { name: 'Fintech CFOs' } }));
    // Not a dry run: the answer is the job (202), not a preview.
    const created = (await unwrap(
      client.POST('/v1/campaigns/{campaignId}/lead-imports', {
        params: { path: { campaignId: campaign.id } },
        body: { accountId: account.id, source: { type: 'linkedin_search', url: SALES_NAVIGATOR_URL } },
      }),
    )) as LeadImport;
    expect(created).toMatchObject({ total: RESULTS, importable: RESULTS, capped: 0 });

    // Polls the import. Each time `fetched` has grown past the next mark (and since the last kill),
    // the runner is killed in the next page it reads: once the simulator has answered that page's
    // search, at a random moment from then to about the page's checkpoint. The deadline only
    // catches a hang (the import takes about 40 s on a quiet machine; it is generous for a loaded one).
    const killedAt: number[] = [];
    let waitedForBudget = false;
    let job = created;
    const deadline = Date.now() + 420_000;
    while (job.finishedAt === null) {
      const mark = (killedAt.length + 1) * KILL_EVERY;
      if (killedAt.length < KILLS && job.fetched >= mark && job.fetched > (killedAt.at(-1) ?? 0)) {
        if (await searchAnswered(5_000)) {
          await sleep(Math.floor(Math.random() * 100));
          if ((await fleet.killOne(RESTART_MS, 'runner')) !== null) killedAt.push(job.fetched);
        }
      }
      if (Date.now() > deadline)
        throw new Error(
          `the import did not end: ${JSON.stringify({ job, killedAt, fleet: fleet.figures() })}`,
        );
      await sleep(100);
      job = await unwrap(
        client.GET('/v1/lead-imports/{importId}', { params: { path: { importId: created.id } } }),
      );
      if (job.status === 'waiting_budget') waitedForBudget = true;
    }

    const people = sourcePeople();
    const rows = await reportRows(job.id);
    const added = rows.filter((row) => row.outcome === 'added').map((row) => row.publicIdentifier);
    const leads = await campaignLeadIdentifiers(campaign.id);
    const pages = served.filter((page) => page.status === 200);
    const calls = await createUnipileSimControlClient(simUrl).calls({ accountId: account.id });
    const searchDays = new Set(
      calls.filter((call) => call.route.includes('linkedin/search')).map((call) => call.at.slice(0, 10)),
    );
    console.log(
      `lead import across runner kills: ${JSON.stringify({
        seconds: Math.round((Date.now() - began) / 1000),
        kills: killedAt.length,
        killedAtFetched: killedAt,
        status: job.status,
        fetched: job.fetched,
        added: job.added,
        skipped: Object.fromEntries(Object.entries(job.skipped).filter(([, n]) => n > 0)),
        pagesServed: pages.length,
        resultsServed: pages.reduce((sum, page) => sum + (page.count ?? 0), 0),
        productDays: searchDays.size,
        waitedForBudget,
        runnerStarts: fleet.figures().starts,
      })}`,
    );

    expect(killedAt).toHaveLength(KILLS);
    expect(job).toMatchObject({ status: 'completed', fetched: RESULTS, capped: 0 });
    expect(job.added + skippedIn(job.skipped)).toBe(RESULTS);
    // Every position of the search decided once, in order, and each person of the source met once.
    expect(rows.map((row) => row.position)).toEqual(people.map((_, index) => index));
    expect(rows.map((row) => row.publicIdentifier)).toEqual(people);
    expect(added).toHaveLength(job.added);
    // The campaign holds each person added once, and nobody else.
    expect(leads).toHaveLength(job.added);
    expect(new Set(leads).size).toBe(leads.length);
    expect([...leads].sort()).toEqual([...added].sort());
    // The day's search budget: the strict simulator cuts a page short or refuses it (429) past
    // it; every page came whole, the pages read again after kills included.
    expect(served.filter((page) => page.status !== 200)).toEqual([]);
    const cut = pages.filter((page) => page.count !== Math.min(page.limit, RESULTS - (page.start ?? 0)));
    expect(cut).toEqual([]);
    expect(pages.length).toBeGreaterThanOrEqual(RESULTS / 100);
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
  }, 480_000);
});
