/**
 * Lead imports end to end: the API over HTTP, the real runner carrying the jobs out, the Unipile
 * simulator reached through the SDK (its searches, lists and limits), the real dispatcher
 * delivering to a receiver on 127.0.0.1, one manual clock for all. De-risks: LinkedIn's cap told
 * before the start and a capped import never reading as complete; the same search split into parts
 * under the cap and read over the following days within the budget; a person added once across
 * sources, campaigns and senders unless the user chose otherwise; a dry run adding nobody; a cancel;
 * the report naming why each person was skipped; one `lead_import_completed` per import; and bad
 * input refused before anything is stored.
 */
import type {
  LeadImport,
  LeadImportPage,
  LeadImportPreview,
  LeadListPage,
  SearchParameterList,
} from '@outreach/contract';
import { expectMatchesContract } from '@outreach/contract/testing';
import { asWorkspaceId } from '@outreach/db';
import { parse } from 'csv-parse/sync';
import { DbDispatchStore, Dispatcher, HttpSender } from '@outreach/dispatcher';
import {
  createManualClock,
  createUnipileNetwork,
  createUnipileSimulator,
  type RunningUnipileSimulator,
  type UnipileSimulator,
} from '@outreach/network';
import { createDbRunnerStore, createRunner, type Runner } from '@outreach/runner';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaignWithSteps,
  createWorkspace,
  unknownId,
  type TestWorkspace,
} from './support/fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const MINUTE = 60_000;
const SIM_KEY = 'lead-imports-key';
// Far in the future because usage counters expire in real time.
const clock = createManualClock('2099-03-02T08:00:00.000Z');

let sandbox: UnipileSimulator;
let running: RunningUnipileSimulator;
let app: TestApp;
let runner: Runner;
let dispatcher: Dispatcher;
let receiver: WebhookReceiver;
let ws: TestWorkspace;

beforeAll(async () => {
  sandbox = createUnipileSimulator({
    clock,
    apiKey: SIM_KEY,
    seed: 'lead-imports',
    searchShiftProbability: 0,
    // Nobody listed is a connection of the senders: the counts below are exact (connections are
    // the runner tests' business).
    alreadyConnectedProbability: 0,
    replyProbability: 0,
  });
  running = await sandbox.listen(0);
  const network = () =>
    createUnipileNetwork({
      dsn: running.url,
      apiKey: SIM_KEY,
      clock,
      timeoutMs: 5_000,
      validateResponses: 'error',
    });
  app = await startTestApp({
    clock,
    dbClock: clock,
    webhookTargets: 'loopback',
    provider: { webhookSecret: 'lead-imports-webhook-secret', network: network() },
  });
  runner = createRunner(
    { store: createDbRunnerStore(app.db), network: network(), clock, logger: pino({ level: 'silent' }) },
    {
      runnerId: 'lead-imports',
      concurrency: 2,
      eventPollMs: 60_000,
      reconcilePollsPerDay: 1,
      importPagesPerPass: 100,
    },
  );
  dispatcher = new Dispatcher(
    {
      store: new DbDispatchStore(app.db),
      sender: new HttpSender({ targets: 'loopback', timeoutMs: 10_000 }),
      clock,
      random: () => 0.5,
      logger: pino({ level: 'silent' }),
    },
    {
      owner: 'lead-imports-dispatcher',
      concurrency: 2,
      perSubscriptionConcurrency: 2,
      pollIntervalMs: 25,
      leaseMs: 30_000,
      requestTimeoutMs: 10_000,
    },
  );
  dispatcher.start();
  receiver = await startWebhookReceiver({ status: 200 });
  ws = await createWorkspace(app, 'agency');
  const subscribed = await ws.api.post('/v1/hooks/subscribe', {
    url: receiver.url,
    type: 'lead_import_completed',
  });
  expect(subscribed.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await dispatcher.stop(5_000);
  await receiver.close();
  await running.close();
  await app.close();
});

const searchUrl = (keywords: string) =>
  `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(keywords)}&origin=GLOBAL_SEARCH_HEADER`;

/** The people of the simulator's search for these keywords, in order. */
const peopleOf = (keywords: string, count: number) => {
  const population = sandbox.state.leadSources.search(keywords, {});
  return Array.from({ length: count }, (_, index) => population.at(index));
};

async function getImport(id: string): Promise<LeadImport> {
  const res = await ws.api.get<LeadImport>(`/v1/lead-imports/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * Runner passes until the import ends; the clock moves a minute between passes, and to the
 * account's next day when the import waits for its budget (each wait seen is answered).
 */
async function runToEnd(id: string): Promise<{ job: LeadImport; waits: string[] }> {
  const waits: string[] = [];
  for (let pass = 0; pass < 200; pass += 1) {
    await runner.runOnce();
    const job = await getImport(id);
    if (job.finishedAt !== null) return { job, waits };
    if (job.status === 'waiting_budget' && job.waitingForBudgetUntil !== null) {
      waits.push(job.waitingForBudgetUntil);
      clock.set(job.waitingForBudgetUntil);
    } else clock.set(clock().getTime() + MINUTE);
  }
  throw new Error(`import ${id} did not end`);
}

function expectNoSilentDrop(job: LeadImport): void {
  const skipped = Object.values(job.skipped).reduce((sum, count) => sum + count, 0);
  expect(job.fetched).toBe(job.added + skipped);
}

async function campaignTotal(campaignId: string): Promise<number> {
  const res = await ws.api.get<{ total: number }>(`/v1/campaigns/${campaignId}/leads?limit=1`);
  return res.body.total;
}

/** The report as rows of cells, the header first (checked against the contract on the way). */
async function reportOf(id: string): Promise<string[][]> {
  const path = `/v1/lead-imports/${id}/report`;
  const res = await fetch(app.baseUrl + path, { headers: { 'x-api-key': ws.apiKey } });
  const text = await res.text();
  expectMatchesContract({ method: 'GET', path, status: res.status, body: undefined, headers: res.headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="lead-import-${id}.csv"`);
  return parse(text) as string[][];
}

async function deliveredFor(id: string) {
  for (let round = 0; round < 400; round += 1) {
    const found = receiver.received.filter((hook) => hook.body.includes(id));
    if (found.length > 0) {
      // Give a duplicate time to show up, were there one.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return receiver.received.filter((hook) => hook.body.includes(id));
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no delivery for ${id}`);
}

describe('a pasted classic search of 3,400 results', () => {
  it('imports the 1,000 LinkedIn shows, reports 2,400 capped and ends capped, never completed', async () => {
    sandbox.state.leadSources.setSearchTotal('fintech cfo', 3400);
    const account = await createAccount(ws.api);
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);

    const created = await ws.api.post<LeadImport>(`/v1/campaigns/${campaign.id}/lead-imports`, {
      accountId: account.id,
      source: { type: 'linkedin_search', url: searchUrl('fintech cfo') },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'queued',
      total: 3400,
      importable: 1000,
      capped: 2400,
      fetched: 0,
    });

    const { job, waits } = await runToEnd(created.body.id);
    expect(job).toMatchObject({
      status: 'capped',
      total: 3400,
      importable: 1000,
      capped: 2400,
      fetched: 1000,
    });
    expect(job.added).toBe(1000);
    expectNoSilentDrop(job);
    // The total read before the start took one result of the day's 1,000: the last one the next day.
    expect(waits).toEqual(['2099-03-03T00:00:00.000Z']);
    expect(await campaignTotal(campaign.id)).toBe(1000);
    const limits = await ws.api.get<{ calls: { searchResults: unknown } }>(
      `/v1/accounts/${account.id}/limits`,
    );
    expect(limits.body.calls.searchResults).toEqual({ budget: 1000, used: 1, left: 999 });

    const report = await reportOf(job.id);
    expect(report[0]).toEqual([
      'position',
      'part',
      'line',
      'publicIdentifier',
      'name',
      'outcome',
      'reason',
      'detail',
    ]);
    expect(report).toHaveLength(1001);
    expect(report.slice(1).map((row) => row[3])).toEqual(peopleOf('fintech cfo', 1000));

    const hooks = await deliveredFor(job.id);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]?.body ?? '{}')).toMatchObject({
      type: 'lead_import_completed',
      data: { importId: job.id, status: 'capped', fetched: 1000, added: 1000, capped: 2400 },
    });
  }, 120_000);

  it('splits the same search as structured filters by location, each part under the cap, and imports all of it over the following days', async () => {
    sandbox.state.leadSources.setSearchTotal('head of finance', 3400);
    const account = await createAccount(ws.api);
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const locations = await ws.api.get<SearchParameterList>(
      `/v1/accounts/${account.id}/search-parameters?type=LOCATION&keywords=%2C&limit=100`,
    );
    expect(locations.status).toBe(200);
    const values = locations.body.items.map((item) => item.id);
    expect(values.length).toBeGreaterThan(2);
    const request = {
      accountId: account.id,
      source: { type: 'linkedin_search', api: 'classic', filters: { keywords: 'head of finance' } },
      split: { facet: 'location', values },
    };

    const preview = await ws.api.post<LeadImportPreview>(`/v1/campaigns/${campaign.id}/lead-imports`, {
      ...request,
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, total: 3400, capped: 0, importable: 3400 });
    expect(preview.body.parts).toHaveLength(values.length);
    for (const part of preview.body.parts) expect(part.total).toBeLessThan(1000);
    expect(preview.body.parts.reduce((sum, part) => sum + (part.total ?? 0), 0)).toBe(3400);
    expect(preview.body.preview).toHaveLength(50);
    expect(await campaignTotal(campaign.id)).toBe(0);

    const created = await ws.api.post<LeadImport>(`/v1/campaigns/${campaign.id}/lead-imports`, request);
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ total: 3400, importable: 3400, capped: 0 });
    const { job, waits } = await runToEnd(created.body.id);
    expect(job).toMatchObject({ status: 'completed', capped: 0, fetched: 3400, added: 3400 });
    expectNoSilentDrop(job);
    expect(job.parts.every((part) => part.done)).toBe(true);
    // 3,400 results at 1,000 a day (with the totals read before the start): four days.
    expect(waits).toEqual([
      '2099-03-04T00:00:00.000Z',
      '2099-03-05T00:00:00.000Z',
      '2099-03-06T00:00:00.000Z',
    ]);
    expect(await campaignTotal(campaign.id)).toBe(3400);
    for (const day of ['2099-03-03', '2099-03-04', '2099-03-05']) {
      const usage = await app.db.accountUsage.get(asWorkspaceId(ws.workspaceId), account.id, `day:${day}`);
      expect(usage.searchResults).toBeLessThanOrEqual(1000);
    }
  }, 180_000);
});

describe('one person met through two sources, two campaigns and two senders', () => {
  it('is added once, skipped with the reason, unless the user chose to add people of other campaigns', async () => {
    sandbox.state.leadSources.setSearchTotal('treasury lead', 30);
    const [first, second] = [await createAccount(ws.api), await createAccount(ws.api)];
    const people = peopleOf('treasury lead', 30);
    const [known, blocked] = [people[0] ?? '', people[1] ?? ''];
    // The first person runs in another active campaign; the second is blocked.
    // (Its invitation waits a month behind a visit: nobody is contacted while this test runs.)
    const { campaign: running } = await createCampaignWithSteps(ws.api, [
      'visit_profile',
      { type: 'invitation', delay: 30 },
    ]);
    await ws.api.post(`/v1/campaigns/${running.id}/senders`, { accountIds: [first.id] });
    await addLeads(ws.api, running.id, [known]);
    expect((await ws.api.put(`/v1/campaigns/${running.id}/start`)).status).toBe(200);
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: blocked }] });

    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const importFrom = async (accountId: string, dedupe?: object) => {
      const res = await ws.api.post<LeadImport>(`/v1/campaigns/${campaign.id}/lead-imports`, {
        accountId,
        source: { type: 'linkedin_search', url: searchUrl('treasury lead') },
        ...(dedupe ? { dedupe } : {}),
      });
      expect(res.status).toBe(202);
      return (await runToEnd(res.body.id)).job;
    };

    // Through the first sender: everyone but the one of the running campaign and the blocked one.
    const once = await importFrom(first.id);
    expect(once).toMatchObject({ fetched: 30, added: 28 });
    expect(once.skipped).toMatchObject({ in_other_campaign: 1, blocked: 1 });
    // The same search through the second sender (other member ids, same people): nobody new.
    const twice = await importFrom(second.id);
    expect(twice).toMatchObject({ fetched: 30, added: 0 });
    expect(twice.skipped).toMatchObject({ already_in_campaign: 28, in_other_campaign: 1, blocked: 1 });
    // Another source, a post whose reactions and comments come from the same people (three of
    // them did both), read choosing to add people of other campaigns.
    sandbox.state.leadSources.setPost('urn:li:activity:7200000000000000001', {
      reactions: 20,
      comments: 10,
      overlap: 3,
      fromKeywords: 'treasury lead',
    });
    const post = await ws.api.post<LeadImport>(`/v1/campaigns/${campaign.id}/lead-imports`, {
      accountId: second.id,
      source: {
        type: 'post_engagers',
        postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7200000000000000001/',
        kinds: ['reactions', 'comments'],
      },
      dedupe: { otherCampaigns: 'add' },
    });
    expect(post.status).toBe(202);
    const third = (await runToEnd(post.body.id)).job;
    expect(third).toMatchObject({ status: 'completed', fetched: 30, added: 1 });
    expect(third.skipped).toMatchObject({ in_other_campaign: 0, blocked: 1, duplicate_in_source: 3 });
    // Reactions do not always show a reactor's profile: such a reactor has no identifier (invalid).
    expect(third.skipped.already_in_campaign + third.skipped.invalid).toBe(25);
    expect(await campaignTotal(campaign.id)).toBe(29);
    for (const job of [once, twice, third]) expectNoSilentDrop(job);

    const invalid = (await reportOf(third.id)).filter((row) => row[6] === 'invalid');
    expect(invalid.map((row) => [row[3], row[7]])).toEqual(invalid.map(() => ['', 'no public identifier']));
    const report = await reportOf(twice.id);
    const reasonOf = (person: string) => report.find((row) => row[3] === person)?.slice(5, 7);
    expect(reasonOf(known)).toEqual(['skipped', 'in_other_campaign']);
    expect(reasonOf(blocked)).toEqual(['skipped', 'blocked']);
    expect(reasonOf(people[5] ?? '')).toEqual(['skipped', 'already_in_campaign']);
  }, 180_000);
});

describe('a dry run and a cancel', () => {
  it('a dry run adds nobody and makes no job, and tells what the first page would do', async () => {
    sandbox.state.leadSources.setSearchTotal('payments ops', 120);
    const account = await createAccount(ws.api);
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const people = peopleOf('payments ops', 50);
    await addLeads(ws.api, campaign.id, [people[3] ?? '']);
    const res = await ws.api.post<LeadImportPreview>(`/v1/campaigns/${campaign.id}/lead-imports`, {
      accountId: account.id,
      source: { type: 'linkedin_search', url: searchUrl('payments ops') },
      dryRun: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 120, importable: 120, capped: 0, fetched: 50, added: 49 });
    expect(res.body.skipped.already_in_campaign).toBe(1);
    expect(res.body.preview[3]).toMatchObject({
      position: 3,
      publicIdentifier: people[3],
      outcome: 'skipped',
      reason: 'already_in_campaign',
    });
    expect(await campaignTotal(campaign.id)).toBe(1);
    const list = await ws.api.get<LeadImportPage>(`/v1/campaigns/${campaign.id}/lead-imports`);
    expect(list.body.items).toEqual([]);
  });

  it('a cancel ends a queued import at once, once, and a finished one answers as it is', async () => {
    sandbox.state.leadSources.setSearchTotal('risk analysts', 400);
    const account = await createAccount(ws.api);
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const created = await ws.api.post<LeadImport>(`/v1/campaigns/${campaign.id}/lead-imports`, {
      accountId: account.id,
      source: { type: 'linkedin_search', url: searchUrl('risk analysts') },
    });
    const cancelled = await ws.api.post<LeadImport>(`/v1/lead-imports/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelRequested: true, fetched: 0 });
    const again = await ws.api.post<LeadImport>(`/v1/lead-imports/${created.body.id}/cancel`);
    expect(again.body).toEqual(cancelled.body);
    await runner.runOnce();
    expect(await getImport(created.body.id)).toEqual(cancelled.body);
    expect(await campaignTotal(campaign.id)).toBe(0);
    const hooks = await deliveredFor(created.body.id);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]?.body ?? '{}')).toMatchObject({ data: { status: 'cancelled' } });
  });
});

describe('bad input', () => {
  it('is refused with a clear 4xx before anything is stored', async () => {
    const account = await createAccount(ws.api);
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const other = await createWorkspace(app);
    const theirAccount = await createAccount(other.api);
    const post = (body: object) => ws.api.post(`/v1/campaigns/${campaign.id}/lead-imports`, body);
    const search = { type: 'linkedin_search', url: searchUrl('anyone') };

    const refusals = [
      [await post({ accountId: unknownId('acc'), source: search }), 404, 'account_not_found'],
      [await post({ accountId: theirAccount.id, source: search }), 404, 'account_not_found'],
      [
        await post({
          accountId: account.id,
          source: { type: 'linkedin_search', url: 'https://www.linkedin.com/company/acme/' },
        }),
        400,
        'invalid_lead_source',
      ],
      [
        await post({
          accountId: account.id,
          source: { type: 'linkedin_search', url: 'https://example.com/search/results/people/' },
        }),
        400,
        'invalid_lead_source',
      ],
      [
        await post({
          accountId: account.id,
          source: { type: 'csv', fileId: unknownId('lfl'), mapping: { profileUrl: 'URL' } },
        }),
        404,
        'lead_file_not_found',
      ],
      [
        await post({ accountId: account.id, source: { type: 'sales_navigator_list', listId: '1' } }),
        422,
        'account_tier_required',
      ],
      [
        await post({
          accountId: account.id,
          source: { ...search },
          split: { facet: 'location', values: ['1', '2'] },
        }),
        400,
        'invalid_lead_source',
      ],
      [await post({ accountId: account.id, source: { type: 'rss' } }), 400, 'validation_failed'],
    ] as const;
    for (const [res, status, code] of refusals) {
      expect(res.status).toBe(status);
      expect((res.body as { code: string }).code).toBe(code);
    }
    // A file of another workspace is not this one's.
    const theirFile = await other.api.request<{ id: string }>('POST', '/v1/lead-files', {
      raw: 'LinkedIn URL\nhttps://www.linkedin.com/in/ada/\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(theirFile.status).toBe(201);
    const file = await post({
      accountId: account.id,
      source: { type: 'csv', fileId: theirFile.body.id, mapping: { profileUrl: 'LinkedIn URL' } },
    });
    expect(file.status).toBe(404);
    // A disconnected sender cannot read anything.
    await app.db.senderAccounts.setStatus(
      asWorkspaceId(ws.workspaceId),
      account.id,
      'disconnected',
      'session_expired',
    );
    const disconnected = await post({ accountId: account.id, source: search });
    expect(disconnected.status).toBe(422);
    expect((disconnected.body as { code: string }).code).toBe('account_not_usable');

    const list = await ws.api.get<LeadImportPage>(`/v1/campaigns/${campaign.id}/lead-imports`);
    expect(list.body.items).toEqual([]);
    expect(await ws.api.get(`/v1/lead-imports/${unknownId('imp')}`)).toMatchObject({ status: 404 });
  });

  it('shows a Sales Navigator sender its lead lists', async () => {
    const account = await createAccount(ws.api);
    await app.db.senderAccounts.setTier(asWorkspaceId(ws.workspaceId), account.id, {
      tier: 'sales_navigator',
      premiumFeatures: ['sales_navigator'],
      checkedAt: clock(),
    });
    sandbox.state.createAccount(account.id, 'sales_navigator');
    const lists = await ws.api.get<LeadListPage>(`/v1/accounts/${account.id}/lead-lists`);
    expect(lists.status).toBe(200);
    expect(lists.body.items.length).toBeGreaterThan(0);
    const { campaign } = await createCampaignWithSteps(ws.api, ['invitation']);
    const list = lists.body.items[0];
    const created = await ws.api.post<LeadImport>(`/v1/campaigns/${campaign.id}/lead-imports`, {
      accountId: account.id,
      source: { type: 'sales_navigator_list', listId: list?.id },
    });
    expect(created.status).toBe(202);
    // The list's size comes with its members (the lists themselves do not say it).
    expect(created.body.total).toBeGreaterThan(0);
    const { job } = await runToEnd(created.body.id);
    expect(job).toMatchObject({ status: 'completed', fetched: created.body.total, capped: 0 });
    expectNoSilentDrop(job);
  }, 120_000);
});
