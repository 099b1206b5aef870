/**
 * Where leads come from on LinkedIn, and how much of it one account may read: a people search (a
 * pasted classic, Sales Navigator or Recruiter URL, or structured filters), a Sales Navigator lead
 * list, a post's engagers, the account's relations.
 *
 * Sources:
 * - [search] Unipile, "Perform Linkedin search" (`POST /api/v1/linkedin/search`):
 *   https://developer.unipile.com/reference/linkedincontroller_search ("limit: 0 to 100, defaults
 *   to 10. Can be set up to 100 results for Sales Navigator and Recruiter, but Linkedin Classic
 *   shouldn't exceed 50"; `paging: { start, page_count, total_count }` and a `cursor`).
 * - [limits] Unipile, "Provider limits and restrictions":
 *   https://developer.unipile.com/docs/provider-limits-and-restrictions (LinkedIn shows at most
 *   1,000 results of one classic search and 2,500 of one Sales Navigator or Recruiter search, and
 *   throttles an account that reads more search results in a day than its product allows: about
 *   1,000 on a classic account, 2,500 with Sales Navigator or Recruiter). The per-day figures are
 *   the product owner's reading of that page and of practitioners' reports; they are kept at the
 *   documented ceilings, so a caller that stays under them is never refused by the simulator.
 */
import type { AccountTier } from './linkedin-limits.rules.js';

/** The LinkedIn product a search runs on (`LeadSearchApi` of the import sources, the network's `SearchApi`). */
type SearchProduct = 'classic' | 'sales_navigator' | 'recruiter';

/** [limits]: the most results LinkedIn shows for one search, whatever its `total_count` says. */
export const SEARCH_RESULT_CAP: Readonly<Record<SearchProduct, number>> = Object.freeze({
  classic: 1000,
  sales_navigator: 2500,
  recruiter: 2500,
});

/** [limits]: search results an account may read in one day, counted per result returned. */
export const SEARCH_RESULTS_PER_DAY: Readonly<Record<AccountTier, number>> = Object.freeze({
  free: 1000,
  premium: 1000,
  sales_navigator: 2500,
  recruiter: 2500,
});

/** [search]: the largest page of one search request. */
export const SEARCH_PAGE_SIZE_MAX: Readonly<Record<SearchProduct, number>> = Object.freeze({
  classic: 50,
  sales_navigator: 100,
  recruiter: 100,
});

/**
 * The page size to ask for: the requested one kept within 1 and the api's maximum, the maximum
 * when none (or a non-number) is given, so that a search costs as few requests as it can.
 */
export function searchPageSize(api: SearchProduct, requested?: number | null): number {
  const max = SEARCH_PAGE_SIZE_MAX[api];
  if (requested === undefined || requested === null || !Number.isFinite(requested)) return max;
  return Math.min(max, Math.max(1, Math.floor(requested)));
}

/** How many of a search's `total` results LinkedIn lets one search read. */
export function importableCount(api: SearchProduct, total: number): number {
  return Math.max(0, Math.min(total, SEARCH_RESULT_CAP[api]));
}

/** How many results of a search lie past LinkedIn's cap (0 when the search fits). */
export function cappedCount(api: SearchProduct, total: number): number {
  return Math.max(0, total - SEARCH_RESULT_CAP[api]);
}
