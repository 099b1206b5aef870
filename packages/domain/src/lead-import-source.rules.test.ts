/**
 * De-risks what a lead import accepts as a source before any job exists: a pasted URL that is no
 * people search, a post URL of another site, an account without the tier a source needs, and
 * splits that would not cover the search (a facet the api cannot filter on, one value, no values).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import {
  assertTierAllows,
  capOf,
  checkLeadSource,
  COMPANY_HEADCOUNT_RANGES,
  MAX_SPLIT_PARTS,
  pageMaxOf,
  requiredTierOf,
  searchApiOfUrl,
  sourceParts,
  spendsSearchResults,
  splitFilters,
  type LeadImportSource,
} from './lead-import-source.rules.js';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'none';
}

describe('a pasted search URL', () => {
  it.each([
    ['https://www.linkedin.com/search/results/people/?keywords=cfo&origin=GLOBAL_SEARCH_HEADER', 'classic'],
    ['https://linkedin.com/search/results/people', 'classic'],
    ['https://www.linkedin.com/sales/search/people?query=(filters%3AList())', 'sales_navigator'],
    ['https://www.linkedin.com/talent/search?searchContextId=1', 'recruiter'],
  ] as const)('%s runs on %s', (url, api) => {
    expect(searchApiOfUrl(url)).toBe(api);
  });

  it.each([
    'not a url',
    'http://www.linkedin.com/search/results/people/',
    'https://www.linkedin.com.evil.example/search/results/people/',
    'https://www.linkedin.com/search/results/companies/?keywords=fintech',
    'https://www.linkedin.com/in/ada-lovelace/',
    'https://example.com/search/results/people/',
  ])('refuses %s with invalid_lead_source', (url) => {
    expect(codeOf(() => searchApiOfUrl(url))).toBe('invalid_lead_source');
  });
});

describe('a source checked as a whole', () => {
  it('accepts a post by its /posts/ or /feed/update/ URL and refuses anything else', () => {
    const post = (postUrl: string): LeadImportSource => ({
      type: 'post_engagers',
      postUrl,
      kinds: ['reactions'],
    });
    expect(codeOf(() => checkLeadSource(post('https://www.linkedin.com/posts/ada_launch-activity-1')))).toBe(
      'none',
    );
    expect(
      codeOf(() => checkLeadSource(post('https://www.linkedin.com/feed/update/urn:li:activity:7200000000/'))),
    ).toBe('none');
    expect(codeOf(() => checkLeadSource(post('https://www.linkedin.com/in/ada/')))).toBe(
      'invalid_lead_source',
    );
    expect(
      codeOf(() =>
        checkLeadSource({ type: 'post_engagers', postUrl: 'https://www.linkedin.com/posts/x', kinds: [] }),
      ),
    ).toBe('invalid_lead_source');
  });

  it('needs Sales Navigator for its lists and searches, Recruiter for a Recruiter search', () => {
    const list: LeadImportSource = { type: 'sales_navigator_list', listId: 'list-1' };
    const recruiter: LeadImportSource = {
      type: 'linkedin_search',
      url: 'https://www.linkedin.com/talent/search?x=1',
    };
    const classic: LeadImportSource = { type: 'linkedin_search', api: 'classic', filters: {} };
    expect(requiredTierOf(list)).toBe('sales_navigator');
    expect(requiredTierOf(recruiter)).toBe('recruiter');
    expect(requiredTierOf(classic)).toBeNull();
    expect(codeOf(() => assertTierAllows('premium', list))).toBe('account_tier_required');
    expect(codeOf(() => assertTierAllows('sales_navigator', recruiter))).toBe('account_tier_required');
    expect(codeOf(() => assertTierAllows('sales_navigator', list))).toBe('none');
    expect(codeOf(() => assertTierAllows('free', classic))).toBe('none');
    expect(codeOf(() => assertTierAllows('free', { type: 'connections' }))).toBe('none');
  });

  it('spends the search-results budget for searches, lists and posts, not for relations or files', () => {
    expect(spendsSearchResults({ type: 'linkedin_search', api: 'classic', filters: {} })).toBe(true);
    expect(spendsSearchResults({ type: 'sales_navigator_list', listId: 'l' })).toBe(true);
    expect(spendsSearchResults({ type: 'post_engagers', postUrl: 'x', kinds: ['comments'] })).toBe(true);
    expect(spendsSearchResults({ type: 'connections' })).toBe(false);
    expect(spendsSearchResults({ type: 'csv', fileId: 'f', mapping: {} })).toBe(false);
  });
});

describe('parts, caps and page sizes', () => {
  const classicUrl: LeadImportSource = {
    type: 'linkedin_search',
    url: 'https://www.linkedin.com/search/results/people/?keywords=cfo',
  };

  it('reads a search whole, capped at 1,000 (classic) or 2,500, in pages of 50 or 100', () => {
    const [part] = sourceParts(classicUrl);
    expect(part).toEqual({ kind: 'whole' });
    expect(capOf(classicUrl, { kind: 'whole' })).toBe(1000);
    expect(pageMaxOf(classicUrl, { kind: 'whole' })).toBe(50);
    const navigator: LeadImportSource = { type: 'linkedin_search', api: 'sales_navigator', filters: {} };
    expect(capOf(navigator, { kind: 'whole' })).toBe(2500);
    expect(pageMaxOf(navigator, { kind: 'whole' })).toBe(100);
  });

  it('leaves lists, posts, relations and files uncapped', () => {
    for (const source of [
      { type: 'sales_navigator_list', listId: 'l' },
      { type: 'connections' },
      { type: 'csv', fileId: 'f', mapping: {} },
    ] as const)
      expect(capOf(source, { kind: 'whole' })).toBeNull();
    expect(pageMaxOf({ type: 'csv', fileId: 'f', mapping: {} }, { kind: 'whole' })).toBe(500);
  });

  it('reads a post’s reactions, then its comments, whatever order they were asked in', () => {
    const parts = sourceParts({ type: 'post_engagers', postUrl: 'x', kinds: ['comments', 'reactions'] });
    expect(parts.map((part) => (part.kind === 'engagement' ? part.engagement : part.kind))).toEqual([
      'reactions',
      'comments',
    ]);
  });
});

describe('a split search', () => {
  const navigator: LeadImportSource = {
    type: 'linkedin_search',
    api: 'sales_navigator',
    filters: { keywords: 'cfo', location: { include: ['103644278'] } },
  };

  it('sets the facet to each value in the shape the api takes, replacing the search’s own', () => {
    const parts = splitFilters(navigator, { facet: 'location', values: ['105015875', '106693272'] });
    expect(parts).toEqual([
      {
        kind: 'filters',
        api: 'sales_navigator',
        filters: { keywords: 'cfo', location: { include: ['105015875'] } },
        label: 'location=105015875',
      },
      {
        kind: 'filters',
        api: 'sales_navigator',
        filters: { keywords: 'cfo', location: { include: ['106693272'] } },
        label: 'location=106693272',
      },
    ]);
    const classic = splitFilters(
      { type: 'linkedin_search', api: 'classic', filters: { keywords: 'cfo' } },
      { facet: 'industry', values: ['4', '96', '4'] },
    );
    expect(classic.map((part) => part.filters['industry'])).toEqual([['4'], ['96']]);
  });

  it('splits by company headcount into LinkedIn’s brackets when no values are given', () => {
    const parts = sourceParts(navigator, { facet: 'company_headcount' });
    expect(parts).toHaveLength(COMPANY_HEADCOUNT_RANGES.length);
    expect(parts[0]).toMatchObject({
      filters: { company_headcount: [{ min: 1, max: 10 }] },
      label: 'company_headcount=1-10',
    });
    expect(parts.at(-1)).toMatchObject({ label: 'company_headcount=10001+' });
  });

  it('refuses a pasted URL, a facet the api cannot filter on, missing or too few or too many values', () => {
    const refusals = [
      () =>
        splitFilters(
          { type: 'linkedin_search', url: 'https://www.linkedin.com/search/results/people/' },
          { facet: 'location', values: ['1', '2'] },
        ),
      () => splitFilters({ type: 'connections' }, { facet: 'location', values: ['1', '2'] }),
      () =>
        splitFilters(
          { type: 'linkedin_search', api: 'classic', filters: {} },
          { facet: 'seniority', values: ['a', 'b'] },
        ),
      () => splitFilters(navigator, { facet: 'seniority' }),
      () => splitFilters(navigator, { facet: 'location', values: ['1', '1'] }),
      () =>
        splitFilters(navigator, {
          facet: 'location',
          values: Array.from({ length: MAX_SPLIT_PARTS + 1 }, (_, n) => String(n)),
        }),
    ];
    for (const refusal of refusals) expect(codeOf(refusal)).toBe('invalid_lead_source');
  });
});
