import { COMPANIES, LOCATIONS, type OutcomeOracle } from '../simulation/outcome-oracle.js';

/**
 * What the simulated network knows to filter people by: the ids `GET /linkedin/search/parameters`
 * answers (https://developer.unipile.com/reference/linkedincontroller_getsearchparameterslist) and
 * a search's filters take. The ids are the simulator's own, numeric strings as LinkedIn's are.
 *
 * Every person has one value of each facet, derived from their public identifier, so each facet
 * partitions any population: location and company are the profile's own (what `GET /users/:id`
 * shows), the company decides its headcount bracket, the headline's role decides the seniority,
 * industry and school are drawn from the identifier.
 */

export interface CatalogEntry {
  id: string;
  title: string;
}

const entries = (base: number, titles: readonly string[]): CatalogEntry[] =>
  titles.map((title, n) => ({ id: String(base + n + 1), title }));

export const LOCATION_IDS = entries(1_000_000, LOCATIONS);
export const COMPANY_IDS = entries(2_000_000, COMPANIES);
export const INDUSTRY_IDS: CatalogEntry[] = [
  { id: '4', title: 'Software Development' },
  { id: '43', title: 'Financial Services' },
  { id: '14', title: 'Hospitals and Health Care' },
  { id: '27', title: 'Retail' },
  { id: '96', title: 'IT Services and IT Consulting' },
  { id: '80', title: 'Advertising Services' },
];
export const SCHOOL_IDS = entries(3_000_000, [
  'Sorbonne University',
  'Humboldt University of Berlin',
  'London School of Economics',
  'Columbia University',
  'University of Lisbon',
]);

/**
 * Sales Navigator's seniority levels: a filter names one by its id or its name (both accepted).
 * The headline's role decides a person's level.
 */
export const SENIORITY_LEVELS: (CatalogEntry & { name: string })[] = [
  { id: '120', name: 'senior', title: 'Senior' },
  { id: '210', name: 'experienced_manager', title: 'Experienced Manager' },
  { id: '220', name: 'director', title: 'Director' },
  { id: '300', name: 'vice_president', title: 'Vice President' },
  { id: '310', name: 'cxo', title: 'CXO' },
  { id: '320', name: 'owner', title: 'Owner / Partner' },
];
const SENIORITY_OF_ROLE: Record<string, string> = {
  Recruiter: 'senior',
  'Marketing Manager': 'experienced_manager',
  'Head of Sales': 'director',
  'VP Engineering': 'vice_president',
  CTO: 'cxo',
  Founder: 'owner',
};

/** LinkedIn's company size brackets (employees); each simulated company sits in one. */
export const HEADCOUNT_OF_COMPANY: Record<string, { min: number; max: number | null }> = {
  'Acme Corp': { min: 1001, max: 5000 },
  Globex: { min: 10001, max: null },
  Initech: { min: 51, max: 200 },
  'Umbrella Labs': { min: 11, max: 50 },
  Hooli: { min: 5001, max: 10000 },
  'Stark Industries': { min: 201, max: 500 },
};

/** The parameter types Unipile documents; those without a catalog here answer no ids. */
export const PARAMETER_TYPES = [
  'LOCATION',
  'PEOPLE',
  'CONNECTIONS',
  'COMPANY',
  'SCHOOL',
  'INDUSTRY',
  'SERVICE',
  'JOB_FUNCTION',
  'JOB_TITLE',
  'EMPLOYMENT_TYPE',
  'SKILL',
  'GROUPS',
  'SALES_INDUSTRY',
  'DEPARTMENT',
  'PERSONA',
  'ACCOUNT_LISTS',
  'LEAD_LISTS',
  'TECHNOLOGIES',
  'SAVED_ACCOUNTS',
  'SAVED_SEARCHES',
  'RECENT_SEARCHES',
  'REGION',
  'POSTAL_CODE',
  'HIRING_PROJECTS',
] as const;

export const CATALOG: Partial<Record<(typeof PARAMETER_TYPES)[number], CatalogEntry[]>> = {
  LOCATION: LOCATION_IDS,
  REGION: LOCATION_IDS,
  COMPANY: COMPANY_IDS,
  INDUSTRY: INDUSTRY_IDS,
  SALES_INDUSTRY: INDUSTRY_IDS,
  SCHOOL: SCHOOL_IDS,
};

/** A person's value of every facet a search filters on. */
export interface PersonFacets {
  location: string;
  company: string;
  industry: string;
  school: string;
  seniority: string;
  headcount: { min: number; max: number | null };
}

const idOf = (catalog: CatalogEntry[], title: string | null): string =>
  catalog.find((entry) => entry.title === title)?.id ?? catalog[0]?.id ?? '';

const drawFrom = (oracle: OutcomeOracle, catalog: CatalogEntry[], ...parts: string[]): string =>
  catalog[Math.floor(oracle.draw(...parts) * catalog.length)]?.id ?? catalog[0]?.id ?? '';

export function facetsOf(oracle: OutcomeOracle, publicIdentifier: string): PersonFacets {
  const profile = oracle.profile(publicIdentifier);
  const role = profile.headline.split(' at ')[0] ?? '';
  const seniorityName = SENIORITY_OF_ROLE[role] ?? 'senior';
  return {
    location: idOf(LOCATION_IDS, profile.location),
    company: idOf(COMPANY_IDS, profile.companyName),
    industry: drawFrom(oracle, INDUSTRY_IDS, 'facet-industry', publicIdentifier),
    school: drawFrom(oracle, SCHOOL_IDS, 'facet-school', publicIdentifier),
    seniority: SENIORITY_LEVELS.find((level) => level.name === seniorityName)?.id ?? '120',
    headcount: HEADCOUNT_OF_COMPANY[profile.companyName ?? ''] ?? { min: 1, max: 10 },
  };
}
