/**
 * Where a lead import reads people from, and what each source asks of the sender account: a pasted
 * people search (classic, Sales Navigator or Recruiter, told by its URL) or structured filters, a
 * Sales Navigator lead list, the people who reacted to or commented on a post, the account's own
 * connections, or an uploaded CSV file. A source is read as one or more parts, one after the
 * other: a search split by a facet (each part a filter set of its own), a post's reactions then its
 * comments, or the source as a whole.
 */
import { DomainError } from './errors.js';
import type { LeadFileMapping } from './lead-file-mapping.rules.js';
import type { AccountTier } from './linkedin-limits.rules.js';
import { SEARCH_PAGE_SIZE_MAX, SEARCH_RESULT_CAP } from './lead-sources.rules.js';

export const LEAD_SOURCE_TYPES = [
  'linkedin_search',
  'sales_navigator_list',
  'post_engagers',
  'connections',
  'csv',
] as const;
export type LeadSourceType = (typeof LEAD_SOURCE_TYPES)[number];

/** The LinkedIn products a people search runs on; each has its own cap and page size. */
export const SEARCH_APIS = ['classic', 'sales_navigator', 'recruiter'] as const;
export type LeadSearchApi = (typeof SEARCH_APIS)[number];

export const POST_ENGAGEMENT_KINDS = ['reactions', 'comments'] as const;
export type PostEngagementKind = (typeof POST_ENGAGEMENT_KINDS)[number];

export type LeadImportSource =
  | { type: 'linkedin_search'; url: string }
  | { type: 'linkedin_search'; api: LeadSearchApi; filters: Readonly<Record<string, unknown>> }
  | { type: 'sales_navigator_list'; listId: string }
  | { type: 'post_engagers'; postUrl: string; kinds: readonly PostEngagementKind[] }
  | { type: 'connections' }
  | { type: 'csv'; fileId: string; mapping: LeadFileMapping };

/**
 * The facets a structured search may be split by. A part sets the facet to one value, in the shape
 * the search's api takes it (see `splitFilters`).
 */
export const SPLIT_FACETS = ['location', 'industry', 'seniority', 'company_headcount'] as const;
export type SplitFacet = (typeof SPLIT_FACETS)[number];

export interface SearchSplit {
  facet: SplitFacet;
  /**
   * The facet's values, one part each: ids from the search parameters (`LOCATION`, `INDUSTRY`,
   * ...), Sales Navigator's seniority values, or headcount ranges. Optional for
   * `company_headcount` only, whose ranges LinkedIn fixes (`COMPANY_HEADCOUNT_RANGES`).
   */
  values?: readonly unknown[] | undefined;
}

/** The facets each api's people search filters on (a classic search takes fewer). */
const FACETS_BY_API: Readonly<Record<LeadSearchApi, readonly SplitFacet[]>> = {
  classic: ['location', 'industry'],
  sales_navigator: ['location', 'industry', 'seniority', 'company_headcount'],
  recruiter: ['location', 'industry', 'seniority', 'company_headcount'],
};

/** LinkedIn's company size brackets, as Sales Navigator filters them (min and max employees). */
export const COMPANY_HEADCOUNT_RANGES: readonly { min: number; max: number | null }[] = [
  { min: 1, max: 10 },
  { min: 11, max: 50 },
  { min: 51, max: 200 },
  { min: 201, max: 500 },
  { min: 501, max: 1000 },
  { min: 1001, max: 5000 },
  { min: 5001, max: 10000 },
  { min: 10001, max: null },
];

/** At most this many parts in one split: each part's total is read from the source. */
export const MAX_SPLIT_PARTS = 50;

/** One part of a source, read in order: its own filters, or its own kind of engagement. */
export type LeadSourcePart =
  | { kind: 'whole' }
  | { kind: 'filters'; api: LeadSearchApi; filters: Readonly<Record<string, unknown>>; label: string }
  | { kind: 'engagement'; engagement: PostEngagementKind; label: string };

function refuse(message: string, details: Record<string, unknown>): never {
  throw new DomainError('invalid_lead_source', message, details);
}

function linkedinUrl(text: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return refuse(`${field}: not a URL`, { field });
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || !(host === 'linkedin.com' || host.endsWith('.linkedin.com')))
    return refuse(`${field}: not a LinkedIn https URL`, { field });
  return url;
}

/**
 * The api of a pasted people search: `/search/results/people` (classic), `/sales/search/people`
 * (Sales Navigator) or `/talent/…` (Recruiter). Anything else is refused with
 * `invalid_lead_source` (a company search, a profile, another site).
 */
export function searchApiOfUrl(text: string): LeadSearchApi {
  const url = linkedinUrl(text, 'source.url');
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/search/results/people') return 'classic';
  if (path === '/sales/search/people') return 'sales_navigator';
  if (path.startsWith('/talent/') && path.includes('search')) return 'recruiter';
  return refuse('source.url: not a LinkedIn people search (classic, Sales Navigator or Recruiter)', {
    field: 'source.url',
  });
}

/** A post's URL (`/posts/…` or `/feed/update/urn:li:activity:…`), checked; refused otherwise. */
export function checkPostUrl(text: string): string {
  const url = linkedinUrl(text, 'source.postUrl');
  const path = url.pathname.toLowerCase();
  if (path.startsWith('/posts/') || path.startsWith('/feed/update/')) return url.toString();
  return refuse('source.postUrl: not a LinkedIn post', { field: 'source.postUrl' });
}

/** The api a search source runs on, or null for the other sources. */
export function searchApiOf(source: LeadImportSource): LeadSearchApi | null {
  if (source.type !== 'linkedin_search') return null;
  return 'url' in source ? searchApiOfUrl(source.url) : source.api;
}

/**
 * The tier the sender account must have for the source: Sales Navigator for its lists and
 * searches, Recruiter for a Recruiter search; null when any account will do.
 */
export function requiredTierOf(source: LeadImportSource): 'sales_navigator' | 'recruiter' | null {
  if (source.type === 'sales_navigator_list') return 'sales_navigator';
  const api = searchApiOf(source);
  return api === 'sales_navigator' || api === 'recruiter' ? api : null;
}

/** Refuses (`account_tier_required`) an account whose tier lacks what the source needs. */
export function assertTierAllows(tier: AccountTier, source: LeadImportSource): void {
  const required = requiredTierOf(source);
  if (required === null || tier === required) return;
  throw new DomainError(
    'account_tier_required',
    `this source needs a ${required === 'sales_navigator' ? 'Sales Navigator' : 'Recruiter'} account; the account is ${tier}`,
    { required, tier },
  );
}

/**
 * Checks a source's own shape beyond its schema: URLs, a post's kinds. Throws
 * `invalid_lead_source` naming the field.
 */
export function checkLeadSource(source: LeadImportSource): void {
  if (source.type === 'linkedin_search' && 'url' in source) searchApiOfUrl(source.url);
  if (source.type === 'post_engagers') {
    checkPostUrl(source.postUrl);
    if (source.kinds.length === 0)
      refuse('source.kinds: at least one of reactions, comments', { field: 'source.kinds' });
  }
}

/** The value a part sets its facet to, in the shape the api takes it. */
function facetFilter(api: LeadSearchApi, facet: SplitFacet, value: unknown): unknown {
  if (api === 'classic') return [value];
  if (facet === 'company_headcount') return [value];
  return { include: [value] };
}

function labelOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null && 'min' in value) {
    const { min, max } = value as { min: unknown; max: unknown };
    return max === null || max === undefined ? `${String(min)}+` : `${String(min)}-${String(max)}`;
  }
  return JSON.stringify(value);
}

/**
 * The filter sets of a split: the search's filters with the facet set to each value in turn (the
 * facet's own filter, if the search had one, is replaced). Only structured searches split (a
 * pasted URL's filters are LinkedIn's encoding), on a facet their api filters on, into 2 to
 * `MAX_SPLIT_PARTS` distinct values.
 */
export function splitFilters(
  source: LeadImportSource,
  split: SearchSplit,
): Extract<LeadSourcePart, { kind: 'filters' }>[] {
  if (source.type !== 'linkedin_search' || !('api' in source))
    refuse('split: only a structured search ({ api, filters }) can be split', { field: 'split' });
  const { api, filters } = source;
  if (!FACETS_BY_API[api].includes(split.facet))
    refuse(`split.facet: a ${api} search cannot be split by ${split.facet}`, {
      field: 'split.facet',
      facets: FACETS_BY_API[api],
    });
  const values = split.values ?? (split.facet === 'company_headcount' ? COMPANY_HEADCOUNT_RANGES : undefined);
  if (values === undefined)
    refuse(`split.values: ${split.facet} has no fixed values; give the ids to split by`, {
      field: 'split.values',
    });
  const distinct = [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];
  if (distinct.length < 2 || distinct.length > MAX_SPLIT_PARTS)
    refuse(`split.values: 2 to ${MAX_SPLIT_PARTS} distinct values`, { field: 'split.values' });
  return distinct.map((value) => ({
    kind: 'filters',
    api,
    filters: { ...filters, [split.facet]: facetFilter(api, split.facet, value) },
    label: `${split.facet}=${labelOf(value)}`,
  }));
}

/** The parts a source is read in, in order. */
export function sourceParts(source: LeadImportSource, split?: SearchSplit): LeadSourcePart[] {
  if (split !== undefined) return splitFilters(source, split);
  if (source.type === 'post_engagers')
    return POST_ENGAGEMENT_KINDS.filter((kind) => source.kinds.includes(kind)).map((engagement) => ({
      kind: 'engagement',
      engagement,
      label: engagement,
    }));
  return [{ kind: 'whole' }];
}

/**
 * The largest page asked of a source that is not a search: Sales Navigator lists and a post's
 * engagers page like a Sales Navigator search, relations by the hundred, a stored CSV file by the
 * five hundred rows (no provider call).
 */
export const SOURCE_PAGE_SIZE_MAX: Readonly<Record<Exclude<LeadSourceType, 'linkedin_search'>, number>> =
  Object.freeze({ sales_navigator_list: 100, post_engagers: 100, connections: 100, csv: 500 });

/** The largest page of one part of a source. */
export function pageMaxOf(source: LeadImportSource, part: LeadSourcePart): number {
  if (part.kind === 'filters') return SEARCH_PAGE_SIZE_MAX[part.api];
  const api = searchApiOf(source);
  if (api !== null) return SEARCH_PAGE_SIZE_MAX[api];
  return SOURCE_PAGE_SIZE_MAX[source.type as Exclude<LeadSourceType, 'linkedin_search'>];
}

/** LinkedIn's cap on what one search shows (null for sources without one). */
export function capOf(source: LeadImportSource, part: LeadSourcePart): number | null {
  if (part.kind === 'filters') return SEARCH_RESULT_CAP[part.api];
  const api = searchApiOf(source);
  return api === null ? null : SEARCH_RESULT_CAP[api];
}

/**
 * Whether reading the source spends the account's daily budget of search results (counted per
 * result): searches, lead lists and a post's engagers do; relations are list reads, and a CSV file
 * is ours.
 */
export function spendsSearchResults(source: LeadImportSource): boolean {
  return (
    source.type === 'linkedin_search' ||
    source.type === 'sales_navigator_list' ||
    source.type === 'post_engagers'
  );
}
