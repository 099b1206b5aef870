/**
 * What a lead import reads, in the import's words: the request a part of a source needs for its
 * next page (the API's dry run and the runner's job ask the network port the same way), and each
 * person a page lists as an entry to judge with the profile a new lead is stored with.
 */
import type { SourceEntry } from './lead-import-job.rules.js';
import type {
  LeadImportSource,
  LeadSearchApi,
  LeadSourcePart,
  PostEngagementKind,
} from './lead-import-source.rules.js';
import { knownText } from './event-catalogue.js';

/** The network call (or file read) a page of a part takes. */
export type SourcePageRequest =
  | {
      kind: 'search';
      search: { url: string } | { api: LeadSearchApi; filters: Readonly<Record<string, unknown>> };
    }
  | { kind: 'lead_list'; listId: string }
  | { kind: 'post_engagers'; post: string; engagement: PostEngagementKind }
  | { kind: 'relations' }
  | { kind: 'file'; fileId: string };

export function sourcePageRequest(source: LeadImportSource, part: LeadSourcePart): SourcePageRequest {
  if (part.kind === 'filters') return { kind: 'search', search: { api: part.api, filters: part.filters } };
  switch (source.type) {
    case 'linkedin_search':
      return {
        kind: 'search',
        search: 'url' in source ? { url: source.url } : { api: source.api, filters: source.filters },
      };
    case 'sales_navigator_list':
      return { kind: 'lead_list', listId: source.listId };
    case 'post_engagers':
      return {
        kind: 'post_engagers',
        post: source.postUrl,
        engagement: part.kind === 'engagement' ? part.engagement : (source.kinds[0] ?? 'reactions'),
      };
    case 'connections':
      return { kind: 'relations' };
    case 'csv':
      return { kind: 'file', fileId: source.fileId };
  }
}

/** The profile fields a new lead is stored with (empty ones left out). */
export interface ImportedProfile {
  firstName?: string;
  lastName?: string;
  name?: string;
  headline?: string;
  companyName?: string;
  networkUrl?: string;
  email?: string;
  phone?: string;
  website?: string;
  summary?: string;
  customVariables?: Record<string, string>;
}

/** One person of a page: what is judged, what is stored, and where the person came from. */
export interface ImportEntry {
  entry: SourceEntry;
  profile: ImportedProfile;
  /** The CSV line (files only). */
  line: number | null;
}

/** A person as a network source lists them (the network port's `SourcePerson`). */
export interface ListedPerson {
  publicIdentifier: string | null;
  firstName: string | null;
  lastName: string | null;
  headline: string | null;
  company?: string | null;
  networkDistance?: 1 | 2 | 3 | null;
  invitationPending?: boolean | null;
}

function profileOf(fields: Record<string, string | null | undefined>): ImportedProfile {
  const profile: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
    const text = knownText(value?.trim());
    if (text !== null) profile[field] = text;
  }
  return profile as ImportedProfile;
}

function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}

/** A network source's person (a search, a list, a post's engager; `connected` for relations). */
export function entryOfListedPerson(person: ListedPerson, connected = false): ImportEntry {
  const id = person.publicIdentifier?.trim() ?? '';
  return {
    entry: {
      publicIdentifier: id === '' ? null : id,
      networkDistance: connected ? 1 : (person.networkDistance ?? null),
      invitationPending: person.invitationPending ?? null,
    },
    profile: profileOf({
      firstName: person.firstName,
      lastName: person.lastName,
      name: fullName(person.firstName, person.lastName),
      headline: person.headline,
      companyName: person.company,
      networkUrl: id === '' ? null : `https://www.linkedin.com/in/${encodeURIComponent(id)}/`,
    }),
    line: null,
  };
}

/** A lead of a CSV file's row, as the add-leads operation takes it. */
export interface FileLead {
  publicIdentifier?: string | undefined;
  networkUrl?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  companyName?: string | undefined;
  headline?: string | undefined;
  website?: string | undefined;
  summary?: string | undefined;
  customVariables?: Record<string, string> | undefined;
}

/** A CSV row: a lead, or the reason it is none (`invalid`). */
export function entryOfFileRow(
  row: { line: number } & ({ lead: FileLead } | { invalid: string }),
): ImportEntry {
  if ('invalid' in row)
    return { entry: { publicIdentifier: null, invalid: row.invalid }, profile: {}, line: row.line };
  const { lead } = row;
  const profile = profileOf({
    firstName: lead.firstName,
    lastName: lead.lastName,
    name: fullName(lead.firstName, lead.lastName),
    headline: lead.headline,
    companyName: lead.companyName,
    networkUrl: lead.networkUrl,
    email: lead.email,
    phone: lead.phone,
    website: lead.website,
    summary: lead.summary,
  });
  if (lead.customVariables !== undefined && Object.keys(lead.customVariables).length > 0)
    profile.customVariables = { ...lead.customVariables };
  return {
    entry: { publicIdentifier: lead.publicIdentifier ?? lead.networkUrl ?? null },
    profile,
    line: row.line,
  };
}
