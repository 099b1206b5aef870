import type { components } from '@outreach/client';

type CreateLeadImportRequest = components['schemas']['CreateLeadImportRequest'];
type LeadFileMapping = components['schemas']['LeadFileMapping'];
export type SearchApi = components['schemas']['SearchApi'];
export type LeadImportSplit = components['schemas']['LeadImportSplit'];
export type Dedupe = Required<components['schemas']['LeadImportDedupe']>;
export type PostKind = components['schemas']['PostEngagersSource']['kinds'][number];

/** The sources the form offers, in its order, with their names. */
export const SOURCE_KINDS = {
  search_url: 'A LinkedIn, Sales Navigator or Recruiter search (pasted URL)',
  search_keywords: 'A search by keywords (can be split past LinkedIn’s cap)',
  lead_list: 'A Sales Navigator lead list of the sender',
  post: 'The people who reacted to or commented on a post',
  connections: "The sender's connections",
  file: 'A CSV file, or pasted profile URLs',
} as const;
export type SourceKind = keyof typeof SOURCE_KINDS;

export const SEARCH_APIS: Record<SearchApi, string> = {
  classic: 'LinkedIn',
  sales_navigator: 'Sales Navigator',
  recruiter: 'Recruiter',
};

/** What the import form holds. Only the fields of the chosen source are sent. */
export interface ImportForm {
  kind: SourceKind;
  accountId: string;
  searchUrl: string;
  searchApi: SearchApi;
  keywords: string;
  listId: string;
  postUrl: string;
  postKinds: PostKind[];
  /** The uploaded file and the mapping edited for it; null until a file is uploaded. */
  file: { id: string; mapping: LeadFileMapping; problems: string[] } | null;
  dedupe: Dedupe;
  /** A split of a search by keywords; null reads it whole. */
  split: LeadImportSplit | null;
}

/** The API's defaults, shown as the form's starting values. */
export const DEFAULT_DEDUPE: Dedupe = { otherCampaigns: 'skip', contactedWithinDays: 30, connected: 'skip' };

export function emptyImportForm(accountId: string): ImportForm {
  return {
    kind: 'search_url',
    accountId,
    searchUrl: '',
    searchApi: 'classic',
    keywords: '',
    listId: '',
    postUrl: '',
    postKinds: ['reactions', 'comments'],
    file: null,
    dedupe: DEFAULT_DEDUPE,
    split: null,
  };
}

export type ImportRequest =
  { body: CreateLeadImportRequest; problem: null } | { body: null; problem: string };

function refused(problem: string): ImportRequest {
  return { body: null, problem };
}

/**
 * The request the form makes (a dry run or the import itself), or what is missing for one, in
 * words. The API checks the rest (a URL that is no search, a tier the source needs) and its
 * refusal is shown as it words it.
 */
export function importRequest(form: ImportForm, dryRun: boolean): ImportRequest {
  if (form.accountId === '') return refused('Choose the sender account the import reads through.');
  const days = form.dedupe.contactedWithinDays;
  if (!Number.isInteger(days) || days < 0 || days > 365)
    return refused('Days since the last contact: a whole number from 0 to 365.');
  let source: CreateLeadImportRequest['source'];
  switch (form.kind) {
    case 'search_url':
      if (form.searchUrl.trim() === '') return refused('Paste the URL of the search.');
      source = { type: 'linkedin_search', url: form.searchUrl.trim() };
      break;
    case 'search_keywords':
      if (form.keywords.trim() === '') return refused('Enter the keywords of the search.');
      source = { type: 'linkedin_search', api: form.searchApi, filters: { keywords: form.keywords.trim() } };
      break;
    case 'lead_list':
      if (form.listId === '') return refused('Choose a lead list.');
      source = { type: 'sales_navigator_list', listId: form.listId };
      break;
    case 'post':
      if (form.postUrl.trim() === '') return refused('Paste the URL of the post.');
      if (form.postKinds.length === 0) return refused('Choose reactions, comments or both.');
      source = { type: 'post_engagers', postUrl: form.postUrl.trim(), kinds: form.postKinds };
      break;
    case 'connections':
      source = { type: 'connections' };
      break;
    case 'file':
      if (form.file === null) return refused('Upload a file or paste profile URLs first.');
      if (form.file.problems[0] !== undefined) return refused(form.file.problems[0]);
      source = { type: 'csv', fileId: form.file.id, mapping: form.file.mapping };
      break;
  }
  const split = form.kind === 'search_keywords' && form.split !== null ? { split: form.split } : {};
  return {
    body: { accountId: form.accountId, source, dedupe: form.dedupe, ...split, dryRun },
    problem: null,
  };
}
