/**
 * LinkedIn's results shift while a search is paged: a person already listed shows again at the top
 * of the next page. An import that counted rows instead of people would add someone twice, and one
 * that stopped at the cap by row count would miss people. The shifts are drawn from the seed, so a
 * job that reads a page again after a crash gets the same page.
 */
import { describe, expect, it } from 'vitest';
import type { SearchPeoplePage } from '../src/provider/lead-sources.port.js';
import { DAY, PREDICTABLE_SIM, START, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim({ ...PREDICTABLE_SIM, seed: 'lead-search-shifts', searchShiftProbability: 0.3 });

const url = 'https://www.linkedin.com/search/results/people/?keywords=sre%20lead';

async function readAll(accountId: string): Promise<SearchPeoplePage[]> {
  const pages: SearchPeoplePage[] = [];
  let cursor: string | undefined;
  do {
    const page = await h.network.searchPeople({ accountId, search: { url }, cursor });
    pages.push(page);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return pages;
}

describe('results that shift between pages', () => {
  it('list a person of page n again on page n+1; by public identifier the search still holds its 1,000', async () => {
    // A Sales Navigator account: its day (2,500 results) covers the repeats of a 1,000-result search.
    const accountId = simAccount(1);
    h.sim.state.createAccount(accountId, 'sales_navigator');
    h.sim.state.leadSources.setSearchTotal('sre lead', 3400);
    const pages = await readAll(accountId);
    const listed = pages.flatMap((page) => page.items.map((person) => person.publicIdentifier));
    const distinct = new Set(listed);
    expect(distinct.size).toBe(1000);
    expect(listed.length).toBeGreaterThan(1000);
    // Each repeat is the previous page's last person, at the top of the next page.
    let repeats = 0;
    pages.forEach((page, n) => {
      const previous = pages[n - 1];
      const top = page.items[0]?.publicIdentifier;
      if (previous && previous.items.some((person) => person.publicIdentifier === top)) {
        expect(previous.items.at(-1)?.publicIdentifier).toBe(top);
        repeats += 1;
      }
    });
    expect(repeats).toBe(listed.length - 1000);
  });

  it('are the same when the same pages are read again', async () => {
    const accountId = simAccount(2);
    h.sim.state.createAccount(accountId, 'sales_navigator');
    h.sim.state.leadSources.setSearchTotal('sre lead', 1500);
    const first = await readAll(accountId);
    h.clock.set(new Date(Date.parse(START) + DAY));
    const second = await readAll(accountId);
    expect(second.map((page) => page.items.map((p) => p.publicIdentifier))).toEqual(
      first.map((page) => page.items.map((p) => p.publicIdentifier)),
    );
    // And a page asked again by its cursor (a job resumed after a crash) is that same page.
    const cursor = first[2]?.cursor ?? undefined;
    expect(cursor).toEqual(expect.any(String));
    const third = await h.network.searchPeople({ accountId, search: { url }, cursor });
    expect(third.items.map((p) => p.publicIdentifier)).toEqual(
      first[3]?.items.map((p) => p.publicIdentifier),
    );
  });
});
