/**
 * De-risks lead import jobs in the runner against the Unipile simulator through the SDK: a Sales
 * Navigator import read a page at a time within the day's search results; runner instances killed
 * ten times in the middle of pages (after the provider answered, after the rows, after the leads,
 * before and right after the checkpoint; a dead runner writes nothing more and keeps its lease
 * until it runs out) without anyone added twice, lost or counted twice; a job waiting for the
 * next day's budget; a cancel carried out at the next page; connections kept to start at the
 * first message step; and one `lead_import_completed` per job.
 */
import { asWorkspaceId, type ImportRow, type Db } from '@outreach/db';
import { DEFAULT_IMPORT_DEDUPE, noSkips, SEARCH_RESULTS_PER_DAY, type ImportDedupe } from '@outreach/domain';
import type { ProviderNetworkPort } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import type { Runner } from '../src/runner/runner.js';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import {
  DAY,
  MINUTE,
  seedScenario,
  startWorld,
  step,
  type Scenario,
  type World,
} from './support/runner-harness.js';

const allDay = { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } };
/** Runners that read no event feed: an import's pages are the only list reads they make. */
const quiet = { reconcilePollsPerDay: 1, importPagesPerPass: 5 };

async function newJob(
  world: World,
  scenario: Scenario,
  source: Parameters<Db['leadImports']['create']>[1]['source'],
  parts: Array<{ total: number | null; cap: number | null }>,
  dedupe: ImportDedupe = DEFAULT_IMPORT_DEDUPE,
) {
  return world.db.leadImports.create(scenario.workspaceId, {
    campaignId: scenario.campaignId,
    accountId: scenario.accountId,
    source,
    split: null,
    dedupe,
    total: parts[0]?.total ?? null,
    cap: null,
    parts: parts.map((part) => ({ part: { kind: 'whole' }, ...part })),
    runAt: world.clock(),
  });
}

async function importOf(world: World, scenario: Scenario, importId: string) {
  const job = await world.db.leadImports.get(scenario.workspaceId, importId);
  if (job === null) throw new Error(`no import ${importId}`);
  return job;
}

async function rowsOf(world: World, scenario: Scenario, importId: string): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for (;;) {
    const page = await world.db.leadImportRows.listAfter(scenario.workspaceId, importId, {
      afterSeq: rows.at(-1)?.seq ?? -1,
      limit: 1000,
    });
    rows.push(...page);
    if (page.length < 1000) return rows;
  }
}

async function campaignLeads(world: World, scenario: Scenario) {
  const leads = [];
  let after: string | null = null;
  do {
    const page = await world.db.leads.list(scenario.workspaceId, scenario.campaignId, {
      limit: 100,
      ...(after === null ? {} : { after }),
    });
    leads.push(...page.items);
    after = page.nextCursor ?? null;
  } while (after !== null);
  return leads;
}

/**
 * Passes of `runner()` (a fresh one whenever the last one died) until the job is finished: the
 * clock moves a minute between passes (leases of dead runners run out), to the job's next run when
 * it waits for its budget.
 */
async function runToEnd(world: World, scenario: Scenario, importId: string, runner: () => Runner) {
  let current = runner();
  for (let pass = 0; pass < 500; pass += 1) {
    await current.runOnce().catch(() => {
      current = runner();
    });
    const job = await importOf(world, scenario, importId);
    if (job.finishedAt !== null) return job;
    const next = job.nextRunAt?.getTime() ?? 0;
    world.clock.set(Math.max(world.clock().getTime() + MINUTE, next));
  }
  throw new Error('the import did not end');
}

/** The people of the simulator's search, in order: what the source holds. */
function sourcePeople(world: World, keywords: string, total: number): string[] {
  const population = world.sandbox.simulator.state.leadSources.search(keywords, {});
  return Array.from({ length: total }, (_, index) => population.at(index));
}

describe('a Sales Navigator import read by runners killed in the middle of its pages', () => {
  it('adds each of the 2,500 people exactly once and counts each once, across ten kills', async () => {
    const world = await startWorld({ searchShiftProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 0,
      steps: [step('invitation')],
      settings: allDay,
      tier: 'sales_navigator',
      start: false,
    });
    world.sandbox.simulator.state.createAccount(scenario.accountId, 'sales_navigator');
    world.sandbox.simulator.state.leadSources.setSearchTotal('fintech cfo', 2500);
    const job = await newJob(
      world,
      scenario,
      { type: 'linkedin_search', api: 'sales_navigator', filters: { keywords: 'fintech cfo' } },
      [{ total: 2500, cap: 2500 }],
    );

    // Each runner dies at its own point of a page: the kill points cycle through the page's steps.
    const killPoints = [
      'afterSearch',
      'storeImportRows',
      'addImportedLeads',
      'beforeCheckpoint',
      'checkpointLeadImport',
    ] as const;
    let kills = 0;
    let pagesSeen = 0;
    const runner = () => {
      const dies = kills < 10 ? killPoints[kills % killPoints.length] : null;
      // A different page each time: the n-th runner lives through n pages first.
      const liveThrough = kills;
      let dead = false;
      const die = (at: string) => {
        if (dies !== at || dead || pagesSeen < liveThrough) return;
        dead = true;
        kills += 1;
        throw new Error(`killed at ${at}`);
      };
      const store = new Proxy(world.store, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            if (dead) throw new Error('this runner is dead');
            if (property === 'checkpointLeadImport') die('beforeCheckpoint');
            const answer: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
            if (property === 'checkpointLeadImport') pagesSeen += 1;
            if (typeof property === 'string') die(property);
            return answer;
          };
        },
      }) as RunnerStore;
      const network = new Proxy(world.network, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (property !== 'searchPeople' || typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            if (dead) throw new Error('this runner is dead');
            const answer: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
            die('afterSearch');
            return answer;
          };
        },
      }) as ProviderNetworkPort;
      return world.runner({ ...quiet }, { store, network });
    };

    const ended = await runToEnd(world, scenario, job.id, runner);
    expect(kills).toBe(10);

    const people = sourcePeople(world, 'fintech cfo', 2500);
    const rows = await rowsOf(world, scenario, job.id);
    const leads = await campaignLeads(world, scenario);
    // Every position decided once, in order, and every person of the source met once.
    expect(rows.map((row) => row.seq)).toEqual(people.map((_, index) => index));
    expect(rows.map((row) => row.publicIdentifier)).toEqual(people);
    // Every person added once, each lead stamped by the import, and the counts are the rows'.
    expect(leads.map((lead) => lead.publicIdentifier).sort()).toEqual([...people].sort());
    expect(rows.every((row) => row.outcome === 'added')).toBe(true);
    expect(ended).toMatchObject({
      status: 'completed',
      fetched: 2500,
      added: 2500,
      skipped: noSkips(),
      capped: 0,
    });
    // Pages of 100: 25 reads, and one read again for each runner that died between reading its
    // page and its checkpoint (eight: the two that died right after theirs read on from the next).
    const searches = world.sandbox.simulator.state.calls
      .list({ accountId: scenario.accountId, succeeded: true })
      .filter((call) => call.route.includes('search'));
    expect(searches).toHaveLength(25 + 8);
    const events = await world.db.events.listRecentByType(scenario.workspaceId, 'lead_import_completed', 10);
    expect(events).toHaveLength(1);
  }, 300_000);
});

describe('the search results budget of the day', () => {
  it('reads what is left of the day, then waits for the account’s next day and goes on', async () => {
    const world = await startWorld({ searchShiftProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 0,
      steps: [step('invitation')],
      settings: allDay,
      tier: 'premium',
      timezone: 'Europe/Berlin',
      start: false,
    });
    world.sandbox.simulator.state.leadSources.setSearchTotal('controllers', 1500);
    const ws = asWorkspaceId(scenario.workspaceId);
    // 700 of the day's 1,000 results are spent already (another import, a dry run).
    const day = 'day:2099-03-02';
    expect(
      await world.db.accountUsage.consumeUpTo(ws, {
        accountId: scenario.accountId,
        period: day,
        kind: 'searchResults',
        cap: SEARCH_RESULTS_PER_DAY.premium,
        units: 700,
        expiresAt: new Date(world.clock().getTime() + 3 * DAY),
      }),
    ).toBe(700);
    const job = await newJob(
      world,
      scenario,
      {
        type: 'linkedin_search',
        url: 'https://www.linkedin.com/search/results/people/?keywords=controllers',
      },
      [{ total: 1500, cap: 1000 }],
    );
    const runner = world.runner({ ...quiet, importPagesPerPass: 100 });
    await runner.runOnce();
    const waiting = await importOf(world, scenario, job.id);
    expect(waiting).toMatchObject({ status: 'waiting_budget', fetched: 300 });
    // The account's next day begins at midnight in Berlin: 23:00 UTC.
    expect(waiting.waitingForBudgetUntil?.toISOString()).toBe('2099-03-02T23:00:00.000Z');
    expect((await world.db.accountUsage.get(ws, scenario.accountId, day)).searchResults).toBe(1000);

    await runner.runOnce();
    expect((await importOf(world, scenario, job.id)).fetched).toBe(300);
    world.clock.set('2099-03-02T23:00:00.000Z');
    const ended = await runToEnd(world, scenario, job.id, () => runner);
    expect(ended).toMatchObject({ status: 'capped', fetched: 1000, added: 1000, capped: 500 });
    expect((await world.db.accountUsage.get(ws, scenario.accountId, 'day:2099-03-03')).searchResults).toBe(
      700,
    );
  }, 120_000);
});

describe('a cancel', () => {
  it('stops the job at its next page and fires the completion once, as cancelled', async () => {
    const world = await startWorld({ searchShiftProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 0,
      steps: [step('invitation')],
      settings: allDay,
      start: false,
    });
    world.sandbox.simulator.state.leadSources.setSearchTotal('analysts', 900);
    const job = await newJob(
      world,
      scenario,
      { type: 'linkedin_search', url: 'https://www.linkedin.com/search/results/people/?keywords=analysts' },
      [{ total: 900, cap: 1000 }],
    );
    const runner = world.runner({ ...quiet, importPagesPerPass: 2 });
    await runner.runOnce();
    expect((await importOf(world, scenario, job.id)).fetched).toBe(100);
    await world.db.leadImports.requestCancel(asWorkspaceId(scenario.workspaceId), job.id, world.clock());
    await runner.runOnce();
    await runner.runOnce();
    const ended = await importOf(world, scenario, job.id);
    expect(ended).toMatchObject({ status: 'cancelled', fetched: 100, added: 100 });
    expect(await campaignLeads(world, scenario)).toHaveLength(100);
    const events = await world.db.events.listRecentByType(scenario.workspaceId, 'lead_import_completed', 10);
    expect(events.map((event) => (event.data as { status: string }).status)).toEqual(['cancelled']);
  }, 120_000);
});

describe('the sender’s connections', () => {
  it('are skipped by default, and kept to start at the first message step when asked', async () => {
    const world = await startWorld({ searchShiftProbability: 0, alreadyConnectedProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 0,
      steps: [step('visit_profile'), step('invitation'), step('message')],
      settings: allDay,
      start: false,
    });
    // Three people accept the sender's invitations: they are its connections.
    for (const person of ['conn-ada', 'conn-grace', 'conn-alan']) {
      await world.network.sendInvitation({
        accountId: scenario.accountId,
        lead: { publicIdentifier: person },
      });
      world.sandbox.state.forceAcceptance(scenario.accountId, person);
    }
    const keep = await newJob(world, scenario, { type: 'connections' }, [{ total: null, cap: null }], {
      ...DEFAULT_IMPORT_DEDUPE,
      connected: 'start_at_message',
    });
    const ended = await runToEnd(world, scenario, keep.id, () => world.runner(quiet));
    expect(ended).toMatchObject({ status: 'completed', added: ended.fetched });
    const leads = await campaignLeads(world, scenario);
    expect(leads.length).toBeGreaterThanOrEqual(3);
    expect(leads.every((lead) => lead.currentStep === 2)).toBe(true);

    const skip = await newJob(world, scenario, { type: 'connections' }, [{ total: null, cap: null }]);
    const skipped = await runToEnd(world, scenario, skip.id, () => world.runner(quiet));
    expect(skipped.added).toBe(0);
    expect(skipped.skipped.already_in_campaign).toBe(leads.length);
  }, 120_000);
});
