import { type PersonFacets, SENIORITY_LEVELS } from './sim-search-catalog.js';
import { SimProblem } from './sim-problem.js';

/**
 * A people search's structured filters, as `POST /linkedin/search` takes them
 * (https://developer.unipile.com/docs/linkedin-search): on classic a list of ids
 * (`location: ['1000001']`), on Sales Navigator and Recruiter `{ include, exclude }`
 * (`location: { include: [...] }`), and `company_headcount: [{ min, max }]`. Ids may come as
 * numbers or strings; a seniority by its id or its name. Filters the simulator does not model are
 * ignored (the population is then not narrowed by them).
 */
export interface IdFilter {
  include: string[] | null;
  exclude: string[];
}

export interface SimFilters {
  location?: IdFilter;
  company?: IdFilter;
  industry?: IdFilter;
  school?: IdFilter;
  seniority?: IdFilter;
  headcount?: { min: number; max: number | null }[];
}

const ID_FACETS = ['location', 'company', 'industry', 'school', 'seniority'] as const;
type IdFacet = (typeof ID_FACETS)[number];
/** The body fields the simulator filters on. */
export const FILTER_KEYS = [...ID_FACETS, 'company_headcount'] as const;

function invalid(message: string): never {
  throw new SimProblem(400, 'invalid_parameters', message);
}

function ids(value: unknown, name: string, facet: IdFacet): string[] {
  if (!Array.isArray(value)) invalid(`${name} must be a list of ids`);
  return value.map((id: unknown) => {
    if (typeof id !== 'string' && typeof id !== 'number') invalid(`${name} must hold ids`);
    const text = String(id).trim();
    if (facet !== 'seniority') return text;
    const level = SENIORITY_LEVELS.find((l) => l.id === text || l.name === text.toLowerCase());
    return level?.id ?? text;
  });
}

function idFilter(value: unknown, facet: IdFacet): IdFilter {
  if (Array.isArray(value)) return { include: ids(value, facet, facet), exclude: [] };
  if (typeof value === 'object' && value !== null) {
    const { include, exclude } = value as { include?: unknown; exclude?: unknown };
    return {
      include: include === undefined ? null : ids(include, `${facet}.include`, facet),
      exclude: exclude === undefined ? [] : ids(exclude, `${facet}.exclude`, facet),
    };
  }
  return invalid(`${facet} must be a list of ids or { include, exclude }`);
}

function headcountRanges(value: unknown): { min: number; max: number | null }[] {
  if (!Array.isArray(value)) invalid('company_headcount must be a list of { min, max }');
  return value.map((range: unknown) => {
    const { min, max } = (range ?? {}) as { min?: unknown; max?: unknown };
    if (min !== undefined && typeof min !== 'number') invalid('company_headcount.min must be a number');
    if (max !== undefined && max !== null && typeof max !== 'number')
      invalid('company_headcount.max must be a number or null');
    return { min: min ?? 1, max: typeof max === 'number' ? max : null };
  });
}

export function parseFilters(body: Record<string, unknown>): SimFilters {
  const filters: SimFilters = {};
  for (const facet of ID_FACETS) {
    if (body[facet] !== undefined && body[facet] !== null) filters[facet] = idFilter(body[facet], facet);
  }
  if (body.company_headcount !== undefined && body.company_headcount !== null)
    filters.headcount = headcountRanges(body.company_headcount);
  return filters;
}

export function hasFilters(filters: SimFilters): boolean {
  return Object.keys(filters).length > 0;
}

function passes(filter: IdFilter | undefined, value: string): boolean {
  if (!filter) return true;
  if (filter.exclude.includes(value)) return false;
  return filter.include === null || filter.include.length === 0 || filter.include.includes(value);
}

/** A person's bracket lies inside one of the ranges (no ranges: any bracket). */
function inHeadcount(ranges: SimFilters['headcount'], bracket: PersonFacets['headcount']): boolean {
  if (!ranges || ranges.length === 0) return true;
  return ranges.some(
    (range) =>
      bracket.min >= range.min && (range.max === null || (bracket.max !== null && bracket.max <= range.max)),
  );
}

export function matchesFilters(facets: PersonFacets, filters: SimFilters): boolean {
  return (
    passes(filters.location, facets.location) &&
    passes(filters.company, facets.company) &&
    passes(filters.industry, facets.industry) &&
    passes(filters.school, facets.school) &&
    passes(filters.seniority, facets.seniority) &&
    inHeadcount(filters.headcount, facets.headcount)
  );
}
