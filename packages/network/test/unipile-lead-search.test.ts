/**
 * People searches through the port, over the official SDK against the strict simulator: what an
 * import must survive on LinkedIn. One search reads at most 1,000 results on classic and 2,500 on
 * Sales Navigator whatever its total says; an account reads a budget of results a day (counted per
 * result, not per request) and is refused past it until the next day; the same person has another
 * provider id from another account; the last page may be empty; structured filters partition a
 * population, so a caller can split a search whose total passes the cap. Result shifts between
 * pages are off here (`searchShiftProbability: 0`): `unipile-lead-search-shifts.test.ts` has them.
 */
import { describe, expect, it } from 'vitest';
import { PermanentNetworkError, ProviderLimitError } from '../src/network.errors.js';
import type { ProviderCall } from '../src/provider/provider-call-meter.js';
import type { PeopleSearch, SearchPeoplePage, SourcePerson } from '../src/provider/lead-sources.port.js';
import { createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { API_KEY, DAY, PREDICTABLE_SIM, START, simAccount, useUnipileSim } from './unipile-harness.js';
import { problemOf, wire } from './unipile-sim-wire.js';

const h = useUnipileSim({ ...PREDICTABLE_SIM, seed: 'lead-search', searchShiftProbability: 0 });

const classicUrl = (keywords: string) =>
  `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(keywords)}&origin=GLOBAL_SEARCH_HEADER`;
const salesUrl = (keywords: string) =>
  `https://www.linkedin.com/sales/search/people?query=(recentSearchParam%3A(id%3A1)%2Ckeywords%3A${encodeURIComponent(
    encodeURIComponent(keywords),
  )})&sessionId=abc`;

function account(n: number, tier: 'premium' | 'sales_navigator' = 'premium'): string {
  const id = simAccount(n);
  h.sim.state.createAccount(id, tier);
  return id;
}

/** Every page of a search until its cursor ends. */
async function readAll(accountId: string, search: PeopleSearch, limit?: number): Promise<SearchPeoplePage[]> {
  const pages: SearchPeoplePage[] = [];
  let cursor: string | undefined;
  do {
    const page = await h.network.searchPeople({ accountId, search, cursor, limit });
    pages.push(page);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return pages;
}

const people = (pages: SearchPeoplePage[]): SourcePerson[] => pages.flatMap((page) => page.items);
const identifiers = (pages: SearchPeoplePage[]) => people(pages).map((person) => person.publicIdentifier);

describe('LinkedIn caps one search', () => {
  it('a 3,400-result classic search yields exactly 1,000 distinct people in pages of 50, then ends', async () => {
    const accountId = account(1);
    h.sim.state.leadSources.setSearchTotal('growth marketing', 3400);
    const pages = await readAll(accountId, { url: classicUrl('growth marketing') }, 100);
    expect(pages).toHaveLength(20);
    expect(pages.every((page) => page.items.length === 50 && page.api === 'classic')).toBe(true);
    expect(pages.every((page) => page.totalCount === 3400)).toBe(true);
    expect(new Set(identifiers(pages)).size).toBe(1000);
    expect(pages.at(-1)?.cursor).toBeNull();
    // A classic result names its person by profile URL only: the adapter reads the identifier from it.
    expect(
      people(pages).every((person) => person.publicIdentifier && person.firstName && person.headline),
    ).toBe(true);
    expect(h.sim.calls({ accountId, kind: 'list_read', succeeded: true })).toHaveLength(20);
  });

  it('a 2,500-result Sales Navigator search reads in 25 pages of 100', async () => {
    const accountId = account(2, 'sales_navigator');
    h.sim.state.leadSources.setSearchTotal('chief financial officer', 2500);
    const pages = await readAll(accountId, { url: salesUrl('chief financial officer') }, 250);
    expect(pages.map((page) => page.items.length)).toEqual(Array(25).fill(100));
    expect(pages[0]).toMatchObject({ api: 'sales_navigator', totalCount: 2500 });
    expect(new Set(identifiers(pages)).size).toBe(2500);
    expect(people(pages)[0]).toMatchObject({ company: expect.any(String), location: expect.any(String) });
  });

  it('a search whose last page is full gives a cursor, then an empty page with no cursor', async () => {
    const accountId = account(3);
    h.sim.state.leadSources.setSearchTotal('rust engineer', 100);
    const pages = await readAll(accountId, { url: classicUrl('rust engineer') }, 50);
    expect(pages.map((page) => [page.items.length, page.cursor === null])).toEqual([
      [50, false],
      [50, false],
      [0, true],
    ]);
    expect(new Set(identifiers(pages)).size).toBe(100);
  });
});

describe('a day of search results per account', () => {
  it('counts results, not requests: 1,000 on classic, then the typed limit until the next day', async () => {
    const accountId = account(4);
    h.sim.state.leadSources.setSearchTotal('product manager', 3400);
    h.sim.state.leadSources.setSearchTotal('data engineer', 630);
    // 40 requests of 25 read the day's 1,000 results.
    expect(people(await readAll(accountId, { url: classicUrl('product manager') }, 25))).toHaveLength(1000);
    const refused = await h.network
      .searchPeople({ accountId, search: { url: classicUrl('data engineer') } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderLimitError);
    expect(refused).toMatchObject({ providerType: 'too_many_requests', retryAfterMs: null });

    h.clock.set(new Date(Date.parse(START) + DAY));
    expect(people(await readAll(accountId, { url: classicUrl('data engineer') }))).toHaveLength(630);
    // 370 left today: seven pages of 50, then a page cut to what is left, with the cursor to go on.
    const rest: SearchPeoplePage[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 8; n++) {
      const page = await h.network.searchPeople({
        accountId,
        search: { url: classicUrl('product manager') },
        cursor,
      });
      rest.push(page);
      cursor = page.cursor ?? undefined;
    }
    expect(rest.map((page) => page.items.length)).toEqual([50, 50, 50, 50, 50, 50, 50, 20]);
    expect(cursor).toEqual(expect.any(String));
    await expect(
      h.network.searchPeople({ accountId, search: { url: classicUrl('product manager') }, cursor }),
    ).rejects.toBeInstanceOf(ProviderLimitError);
    expect(h.sim.state.accounts.get(accountId)?.searchResults.used).toBe(1000);
  });

  it('gives Sales Navigator accounts 2,500 a day', async () => {
    const accountId = account(5, 'sales_navigator');
    h.sim.state.leadSources.setSearchTotal('head of data', 2500);
    expect(people(await readAll(accountId, { url: salesUrl('head of data') }))).toHaveLength(2500);
    await expect(
      h.network.searchPeople({ accountId, search: { url: salesUrl('head of sales') } }),
    ).rejects.toBeInstanceOf(ProviderLimitError);
  });
});

describe('people as each account sees them', () => {
  it('the same person has another provider id from another account, and the same public identifier', async () => {
    const first = account(6);
    const second = account(7);
    h.sim.state.leadSources.setSearchTotal('sales director', 40);
    const [a] = await readAll(first, { url: classicUrl('sales director') });
    const [b] = await readAll(second, { url: classicUrl('sales director') });
    expect(b?.items.map((p) => p.publicIdentifier)).toEqual(a?.items.map((p) => p.publicIdentifier));
    a?.items.forEach((person, n) => expect(person.providerId).not.toBe(b?.items[n]?.providerId));

    // Within one account the id is the one every route uses: an invitation takes it as it is.
    const lead = a?.items[0] as SourcePerson;
    const resolved = await h.network.resolveMember({
      accountId: first,
      publicIdentifier: lead.publicIdentifier as string,
    });
    expect(resolved.providerId).toBe(lead.providerId);
    const sent = await h.network.sendInvitation({
      accountId: first,
      lead: { publicIdentifier: lead.publicIdentifier as string, providerId: lead.providerId },
    });
    expect(sent.providerId).toBe(lead.providerId);
    const [again] = await readAll(first, { url: classicUrl('sales director') });
    expect(again?.items[0]).toMatchObject({ providerId: lead.providerId, invitationPending: true });
  });
});

describe('structured filters partition a population', () => {
  it('splits a 3,400-result classic search by location into parts under the cap that add up', async () => {
    const accountId = account(8);
    h.sim.state.leadSources.setSearchTotal('devops', 3400);
    const locations = await h.network.searchParameters({ accountId, type: 'LOCATION' });
    expect(locations.length).toBeGreaterThan(2);
    const whole = await h.network.searchPeople({
      accountId,
      search: { api: 'classic', filters: { keywords: 'devops' } },
      limit: 1,
    });
    expect(whole.totalCount).toBe(3400);
    let sum = 0;
    for (const location of locations) {
      const part = await h.network.searchPeople({
        accountId,
        search: { api: 'classic', filters: { keywords: 'devops', location: [location.id] } },
        limit: 10,
      });
      expect(part.totalCount).toBeLessThan(1000);
      expect(part.items.every((person) => person.location === location.title)).toBe(true);
      sum += part.totalCount ?? 0;
    }
    expect(sum).toBe(3400);
  });

  it('splits a Sales Navigator search by company headcount and by seniority', async () => {
    const accountId = account(9, 'sales_navigator');
    h.sim.state.leadSources.setSearchTotal('vp sales', 5200);
    const total = async (filters: Record<string, unknown>) =>
      (
        await h.network.searchPeople({
          accountId,
          search: { api: 'sales_navigator', filters: { keywords: 'vp sales', ...filters } },
          limit: 1,
        })
      ).totalCount ?? 0;
    const brackets = [
      { min: 1, max: 10 },
      { min: 11, max: 50 },
      { min: 51, max: 200 },
      { min: 201, max: 500 },
      { min: 501, max: 1000 },
      { min: 1001, max: 5000 },
      { min: 5001, max: 10000 },
      { min: 10001, max: null },
    ];
    const byHeadcount = [];
    for (const bracket of brackets) byHeadcount.push(await total({ company_headcount: [bracket] }));
    expect(byHeadcount.reduce((a, b) => a + b, 0)).toBe(5200);
    expect(byHeadcount.filter((n) => n > 0).length).toBeGreaterThan(3);
    expect(Math.max(...byHeadcount)).toBeLessThan(2500);
    const seniorities = ['senior', 'experienced_manager', 'director', 'vice_president', 'cxo', 'owner'];
    let bySeniority = 0;
    for (const level of seniorities) bySeniority += await total({ seniority: { include: [level] } });
    expect(bySeniority).toBe(5200);
    expect(await total({ seniority: { include: ['cxo'], exclude: ['cxo'] } })).toBe(0);
  });
});

describe('what the adapter sends and refuses', () => {
  it('meters each page as one list_read call', async () => {
    const taken: ProviderCall[] = [];
    const metered = createUnipileNetwork({
      dsn: h.running.url,
      apiKey: API_KEY,
      clock: h.clock,
      validateResponses: 'error',
      callMeter: { take: async (call) => void taken.push(call) },
    });
    const accountId = account(10);
    h.sim.state.leadSources.setSearchTotal('designer', 120);
    let cursor: string | undefined;
    do {
      const page = await metered.searchPeople({ accountId, search: { url: classicUrl('designer') }, cursor });
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(taken).toEqual(Array(3).fill({ accountId, kind: 'list_read', operation: 'linkedin.search' }));
  });

  it('refuses a URL that is not a people search before any call', async () => {
    const accountId = account(11);
    const refused = await h.network
      .searchPeople({
        accountId,
        search: { url: 'https://www.linkedin.com/search/results/companies/?keywords=x' },
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermanentNetworkError);
    expect(refused).toMatchObject({ providerCode: 'invalid_search_url' });
    expect(h.sim.calls({ accountId })).toEqual([]);
  });

  it('a Sales Navigator search from an account without it is a permanent refusal', async () => {
    const accountId = account(12);
    await expect(
      h.network.searchPeople({ accountId, search: { url: salesUrl('cto') } }),
    ).rejects.toMatchObject({ code: 'permanent', providerCode: 'feature_not_subscribed' });
  });

  it('on the wire: a classic page over 50 is clamped, a page over 100 is refused', async () => {
    const accountId = account(13);
    h.sim.state.leadSources.setSearchTotal('analyst', 500);
    const search = (limit: number) =>
      wire(h).call('POST', `/linkedin/search?account_id=${accountId}&limit=${limit}`, {
        api: 'classic',
        category: 'people',
        keywords: 'analyst',
      });
    const clamped = await search(80);
    expect(clamped.status).toBe(200);
    expect(clamped.body.items).toHaveLength(50);
    expect(clamped.body.paging).toEqual({ start: 0, page_count: 50, total_count: 500 });
    const refused = await search(101);
    expect(refused).toEqual({ status: 400, body: problemOf(400, 'invalid_parameters') });
    const forged = Buffer.from(JSON.stringify({ start: 5, query: { api: 'classic' } })).toString('base64');
    expect(
      await wire(h).call('POST', `/linkedin/search?account_id=${accountId}&cursor=${forged}`, {}),
    ).toEqual({
      status: 400,
      body: problemOf(400, 'invalid_parameters'),
    });
  });
});
