import { detectSearchApi } from '../unipile/linkedin-urls.js';
import type { Answer } from './sim-http.js';
import { searchItemView } from './sim-lead-source-views.js';
import type { Population } from './sim-lead-sources.js';
import type { SimAccount } from './sim-model.js';
import { SimProblem } from './sim-problem.js';
import { FILTER_KEYS, parseFilters } from './sim-search-filters.js';
import {
  SEARCH_APIS,
  SEARCH_API_TIER,
  SEARCH_CAP,
  SEARCH_PAGE,
  type SimSearchApi,
  dayOf,
} from './sim-rules.js';
import { rulesOf } from './sim-limits.js';
import type { UnipileSimState } from './sim-state.js';

/**
 * `POST /api/v1/linkedin/search?account_id=&limit=&cursor=` for people, LinkedIn's way
 * (https://developer.unipile.com/reference/linkedincontroller_search):
 *
 * - The body is `{ url }` (a pasted search, a lead list: https://developer.unipile.com/docs/linkedin-search)
 *   or `{ api, category: 'people', keywords?, ...filters }`; a cursor (query or body) replaces it.
 * - `limit` is 0 to 100 (10 when absent or 0); above 100 is refused (400), as the reference's range
 *   says. Classic "shouldn't exceed 50": what Unipile does past it is not documented, the simulator
 *   clamps to 50.
 * - LinkedIn's cap per search (DOCS.limits): 1,000 results on classic, 2,500 on Sales Navigator and
 *   Recruiter. `total_count` is the true total (e.g. 3,400); the cursor ends at the cap.
 * - The account's budget of search results a day (DOCS.limits; `TIER_RULES.searchResultsPerDay`,
 *   counted per result returned): a page stops at what is left, and a page with nothing left is
 *   refused with 429 `too_many_requests` (https://developer.unipile.com/v2.0/reference/error-responses,
 *   as the other daily limits). The day is the UTC day of the simulator clock. Strict only.
 * - Results shift between pages (strict only): with `searchShiftProbability`, drawn from the seed,
 *   account, search and position, a page starts one result earlier than its cursor, so the last
 *   person of the previous page is listed again.
 * - Offsets do not know where the list ends: a full page that reaches the last result still gives
 *   a cursor, and the page after it is empty with no cursor.
 * - A Sales Navigator or Recruiter search on an account without that product: 403
 *   `feature_not_subscribed`.
 */

interface SearchQuery {
  api: SimSearchApi;
  /** The search's keywords, or the lead list's id. */
  keywords: string;
  listId: string | null;
  /** The filters as the body gave them (kept so in the cursor, parsed on every page). */
  filterBody: Record<string, unknown>;
}

const invalid = (message: string): never => {
  throw new SimProblem(400, 'invalid_parameters', message);
};

/** `keywords` of a pasted URL: the query's own, or Sales Navigator's `query=(...keywords:...)`. */
function keywordsOfUrl(url: URL): string {
  const direct = url.searchParams.get('keywords') ?? url.searchParams.get('searchKeyword');
  if (direct !== null) return direct;
  const encoded = /keywords:([^,)]*)/.exec(url.searchParams.get('query') ?? '')?.[1] ?? '';
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function queryOfBody(body: Record<string, unknown>): SearchQuery {
  if (typeof body.url === 'string') {
    const api = detectSearchApi(body.url) ?? invalid('url is not a LinkedIn people search or lead list');
    const url = new URL(
      /^[a-z]+:\/\//i.test(body.url.trim()) ? body.url.trim() : `https://${body.url.trim()}`,
    );
    const list = /^\/sales\/lists\/people\/([^/]+)/i.exec(url.pathname)?.[1];
    if (list) return { api, keywords: '', listId: decodeURIComponent(list), filterBody: {} };
    return { api, keywords: keywordsOfUrl(url), listId: null, filterBody: {} };
  }
  const api = body.api;
  if (typeof api !== 'string' || !(SEARCH_APIS as readonly string[]).includes(api))
    invalid(`api must be one of ${SEARCH_APIS.join(', ')} (or give a url)`);
  if (body.category !== 'people') invalid('the simulator searches people only (category: people)');
  if (body.keywords !== undefined && typeof body.keywords !== 'string') invalid('keywords must be a string');
  const filterBody = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (body[key] === undefined ? [] : [[key, body[key]]])),
  );
  parseFilters(filterBody);
  return {
    api: api as SimSearchApi,
    keywords: typeof body.keywords === 'string' ? body.keywords : '',
    listId: null,
    filterBody,
  };
}

function encodeSearchCursor(query: SearchQuery, start: number): string {
  return Buffer.from(JSON.stringify({ start, query }), 'utf8').toString('base64');
}

function decodeSearchCursor(cursor: string): { query: SearchQuery; start: number } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as {
      start?: unknown;
      query?: Partial<SearchQuery> | null;
    };
    const { start, query } = parsed;
    if (
      typeof start === 'number' &&
      Number.isInteger(start) &&
      start >= 0 &&
      typeof query === 'object' &&
      query !== null &&
      SEARCH_APIS.includes(query.api as SimSearchApi) &&
      typeof query.keywords === 'string' &&
      (query.listId === null || typeof query.listId === 'string') &&
      typeof query.filterBody === 'object' &&
      query.filterBody !== null
    )
      return { query: query as SearchQuery, start };
  } catch {
    // Answered below as any unreadable cursor.
  }
  return invalid('cursor is not a cursor of this search route');
}

function pageLimit(value: unknown, api: SimSearchApi): number {
  if (value === undefined) return SEARCH_PAGE.default;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > SEARCH_PAGE.max) invalid(`limit must be 0..${SEARCH_PAGE.max}`);
  if (n === 0) return SEARCH_PAGE.default;
  return api === 'classic' ? Math.min(n, SEARCH_PAGE.classicMax) : n;
}

function populationOf(state: UnipileSimState, account: SimAccount, query: SearchQuery): Population {
  // Parsed on every page: a forged cursor is refused as a bad body would be.
  const filters = parseFilters(query.filterBody);
  if (query.listId === null) return state.leadSources.search(query.keywords, filters);
  const lists = state.leadSources.leadLists(account.id, account.tier === 'sales_navigator');
  const list = lists.find((l) => l.id === query.listId);
  if (!list) throw new SimProblem(404, 'resource_not_found', `no lead list ${query.listId} on this account`);
  return state.leadSources.listPeople(list, filters);
}

/** Results the account may still read today (Infinity when not strict). */
function budgetLeft(state: UnipileSimState, account: SimAccount): number {
  if (!state.settings.strict) return Number.POSITIVE_INFINITY;
  const today = dayOf(state.now());
  if (account.searchResults.day !== today) account.searchResults = { day: today, used: 0 };
  const budget = rulesOf(state, account).searchResultsPerDay;
  return Math.max(0, budget - account.searchResults.used);
}

export function searchPeople(
  state: UnipileSimState,
  accountId: string,
  cursorText: string | undefined,
  limitText: unknown,
  body: Record<string, unknown>,
): Answer {
  const account = state.activeAccount(accountId);
  const { query, start } = cursorText
    ? decodeSearchCursor(cursorText)
    : { query: queryOfBody(body), start: 0 };
  const tier = SEARCH_API_TIER[query.api];
  if (tier !== null && account.tier !== tier)
    throw new SimProblem(403, 'feature_not_subscribed', `this account has no ${query.api} subscription`);
  const limit = pageLimit(limitText, query.api);
  const population = populationOf(state, account, query);
  const cap = SEARCH_CAP[query.api];
  const { strict, searchShiftProbability } = state.settings;
  const shifted =
    strict &&
    start > 0 &&
    start < Math.min(population.total, cap) &&
    state.oracle.draw('search-shift', accountId, JSON.stringify(query), start) < searchShiftProbability;
  const first = shifted ? start - 1 : start;
  let count = Math.max(0, Math.min(first + limit, population.total, cap) - first);
  if (count > 0) {
    const left = budgetLeft(state, account);
    if (left === 0)
      throw new SimProblem(
        429,
        'too_many_requests',
        'the daily limit of search results of this account is reached',
      );
    count = Math.min(count, left);
    if (strict) account.searchResults.used += count;
  }
  const next = first + count;
  const more = count > 0 && next < cap && (next < population.total || count === limit);
  return {
    status: 200,
    body: {
      object: 'LinkedinSearch',
      items: Array.from({ length: count }, (_, n) =>
        searchItemView(state, account, query.api, population.at(first + n)),
      ),
      config: { params: { api: query.api, category: 'people', keywords: query.keywords } },
      paging: { start: first, page_count: count, total_count: population.total },
      cursor: more ? encodeSearchCursor(query, next) : null,
    },
  };
}
