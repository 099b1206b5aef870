import type { Page } from './provider-network.port.js';

/**
 * Where leads come from on the network: a people search (a pasted classic, Sales Navigator or
 * Recruiter search URL, or structured filters), a Sales Navigator lead list, the people who reacted
 * to or commented on a post. The account's own relations are read with `listRelations`.
 *
 * Every search page (a people search or a lead list's members) spends the account's daily budget
 * of search results, counted per result returned, not per request; past it the provider answers
 * with a limit (`ProviderLimitError`). The adapter meters every page request as one `list_read`
 * call (`ProviderCallMeter`): the result budget itself is the caller's to keep.
 */
export type SearchApi = 'classic' | 'sales_navigator' | 'recruiter';

/** A person as a source lists them. The public identifier is the identity; `providerId` differs per viewing account. */
export interface SourcePerson {
  providerId: string;
  /** Null when the source hides it (out-of-network Sales Navigator results): the lead is then invalid. */
  publicIdentifier: string | null;
  firstName: string | null;
  lastName: string | null;
  headline: string | null;
  company: string | null;
  location: string | null;
  /** 1 for the account's own relations, 2 and 3 beyond; null when the source does not say. */
  networkDistance: 1 | 2 | 3 | null;
  /** True when an invitation from the account to this person is pending, when the source says so. */
  invitationPending: boolean | null;
}

export interface SourcePage extends Page<SourcePerson> {
  /** How many results the source holds in all (`paging.total_count`), when it says. */
  totalCount: number | null;
}

export type PeopleSearch = { url: string } | { api: SearchApi; filters: Record<string, unknown> };

export interface SearchPeopleInput {
  accountId: string;
  search: PeopleSearch;
  cursor?: string | undefined;
  /** Page size; the adapter keeps it within the api's documented maximum. */
  limit?: number | undefined;
}

export interface SearchPeoplePage extends SourcePage {
  /** The api the search ran on (told by the URL for a pasted search). */
  api: SearchApi;
}

export interface SearchParameter {
  id: string;
  title: string;
}

export interface SearchParametersInput {
  accountId: string;
  /** The kind of filter whose ids are looked up: LOCATION, COMPANY, INDUSTRY, SCHOOL, ... */
  type: string;
  keywords?: string | undefined;
  api?: SearchApi | undefined;
  limit?: number | undefined;
}

export interface LeadList {
  id: string;
  name: string;
  /** Number of people in the list, when the provider says. */
  size: number | null;
}

export interface PostEngagersInput {
  accountId: string;
  /** A post URL or the post's id (its activity URN or social id). */
  post: string;
  kind: 'reactions' | 'comments';
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface LeadSourcesPort {
  searchPeople(input: SearchPeopleInput): Promise<SearchPeoplePage>;
  searchParameters(input: SearchParametersInput): Promise<SearchParameter[]>;
  /** The account's Sales Navigator lead lists (empty on an account without Sales Navigator). */
  listLeadLists(input: {
    accountId: string;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<Page<LeadList>>;
  /** The people of one Sales Navigator lead list, one page per call. */
  leadListMembers(input: {
    accountId: string;
    listId: string;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<SourcePage>;
  /** The people who reacted to or commented on a post, one page per call. */
  postEngagers(input: PostEngagersInput): Promise<SourcePage>;
}
