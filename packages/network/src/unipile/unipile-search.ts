import { z } from 'zod';
import { PermanentNetworkError } from '../network.errors.js';
import type {
  LeadList,
  PeopleSearch,
  SearchApi,
  SearchParameter,
  SearchParametersInput,
  SearchPeopleInput,
  SearchPeoplePage,
  SourcePage,
} from '../provider/lead-sources.port.js';
import type { ListInput, Page } from '../provider/provider-network.port.js';
import { clampSearchLimit, detectSearchApi, leadListUrl } from './linkedin-urls.js';
import type { UnipileContext } from './unipile-context.js';
import { personOfSearchItem, readAnswer, searchItemSchema, sourceCall } from './unipile-source-people.js';

/*
 * People searches, search parameters and Sales Navigator lead lists. SDK 1.9.3 has no method for
 * these routes, so they go through the SDK's own request sender (as the InMail balance does) and
 * their answers are checked here with zod.
 *
 * - `POST /api/v1/linkedin/search?account_id=&limit=&cursor=` with `{ url }` or `{ api, category:
 *   'people', ...filters }` (https://developer.unipile.com/reference/linkedincontroller_search):
 *   `{ object: 'LinkedinSearch', items, paging: { start, page_count, total_count }, cursor }`.
 * - `GET /api/v1/linkedin/search/parameters?account_id=&type=&keywords=&limit=&service=`
 *   (https://developer.unipile.com/reference/linkedincontroller_getsearchparameterslist):
 *   `{ object: 'LinkedinSearchParametersList', items: [{ id, title }], paging }`; the type
 *   `LEAD_LISTS` with the service `SALES_NAVIGATOR` lists the account's lead lists, whose people
 *   are searched by the list's URL (https://developer.unipile.com/docs/linkedin-search).
 */

const searchAnswerSchema = z.looseObject({
  object: z.literal('LinkedinSearch'),
  items: z.array(searchItemSchema),
  paging: z.looseObject({
    start: z.number().nullable().optional(),
    page_count: z.number().optional(),
    total_count: z.number().nullable().optional(),
  }),
  cursor: z.string().nullable().optional(),
});

const parametersAnswerSchema = z.looseObject({
  object: z.literal('LinkedinSearchParametersList'),
  items: z.array(z.looseObject({ id: z.union([z.string(), z.number()]), title: z.string() })),
});

/** The parameters route names the products in capitals. */
const SERVICE: Record<SearchApi, string> = {
  classic: 'CLASSIC',
  sales_navigator: 'SALES_NAVIGATOR',
  recruiter: 'RECRUITER',
};

/** The api and the request body of a search; a URL that is no people search is refused before any call. */
function searchRequestOf(search: PeopleSearch): { api: SearchApi; body: Record<string, unknown> } {
  if ('url' in search) {
    const api = detectSearchApi(search.url);
    if (!api) {
      throw new PermanentNetworkError(
        'invalid_search_url',
        `not a LinkedIn people search, lead list or Recruiter URL: ${search.url.slice(0, 200)}`,
      );
    }
    return { api, body: { url: search.url.trim() } };
  }
  // The api and the category are ours: the caller's filters cannot turn a search into another.
  return { api: search.api, body: { ...search.filters, api: search.api, category: 'people' } };
}

/**
 * One page of a people search. `limit` is kept within the api's page maximum (50 classic, 100
 * Sales Navigator and Recruiter); the page is metered as one `list_read` call. `totalCount` is
 * LinkedIn's own count, which may pass what one search can read (`SEARCH_CAP`): the cursor ends at
 * the cap. Pages may overlap (LinkedIn's results shift while paging) and the last page may be
 * empty: de-duplicate by public identifier, stop when the cursor is null.
 */
export async function searchUnipilePeople(
  ctx: UnipileContext,
  { accountId, search, cursor, limit }: SearchPeopleInput,
): Promise<SearchPeoplePage> {
  const { api, body } = searchRequestOf(search);
  const pageSize = clampSearchLimit(api, limit);
  const raw = await sourceCall(ctx, { accountId, operation: 'linkedin.search', kind: 'list_read' }, () =>
    ctx.client.request.send<unknown>({
      method: 'POST',
      path: ['linkedin', 'search'],
      parameters: { account_id: accountId, limit: String(pageSize), ...(cursor ? { cursor } : {}) },
      body,
      headers: { 'Content-Type': 'application/json' },
      options: { validateRequestPayload: false },
    }),
  );
  const answer = readAnswer(searchAnswerSchema, raw, 'search');
  return {
    api,
    items: answer.items.flatMap((item) => personOfSearchItem(item) ?? []),
    cursor: answer.cursor || null,
    totalCount: answer.paging.total_count ?? null,
  };
}

async function readParameters(
  ctx: UnipileContext,
  accountId: string,
  parameters: Record<string, string>,
): Promise<{ id: string; title: string }[]> {
  const spec = { accountId, operation: 'linkedin.searchParameters', kind: 'list_read' } as const;
  const raw = await sourceCall(ctx, spec, () =>
    ctx.client.request.send<unknown>({
      method: 'GET',
      path: ['linkedin', 'search', 'parameters'],
      parameters: { account_id: accountId, ...parameters },
      options: { validateRequestPayload: false },
    }),
  );
  return readAnswer(parametersAnswerSchema, raw, 'search parameters').items.map((item) => ({
    id: String(item.id),
    title: item.title,
  }));
}

/** Ids for a structured search's filters (LOCATION, COMPANY, INDUSTRY, SCHOOL, ...), looked up by keywords. */
export async function unipileSearchParameters(
  ctx: UnipileContext,
  { accountId, type, keywords, api, limit }: SearchParametersInput,
): Promise<SearchParameter[]> {
  if (type.trim() === '') throw new TypeError('searchParameters needs a parameter type');
  return readParameters(ctx, accountId, {
    type: type.trim().toUpperCase(),
    limit: String(Math.min(100, Math.max(1, Math.floor(limit ?? 100)))),
    ...(keywords?.trim() ? { keywords: keywords.trim() } : {}),
    ...(api ? { service: SERVICE[api] } : {}),
  });
}

/**
 * The account's Sales Navigator lead lists, in one page (the parameters route has no cursor). An
 * account without Sales Navigator has none: Unipile's 403 `feature_not_subscribed` is an empty list.
 * Unipile gives no list size there: `size` is null, and the members' `totalCount` tells it.
 */
export async function listUnipileLeadLists(
  ctx: UnipileContext,
  { accountId, limit }: ListInput,
): Promise<Page<LeadList>> {
  try {
    const lists = await readParameters(ctx, accountId, {
      type: 'LEAD_LISTS',
      service: SERVICE.sales_navigator,
      limit: String(Math.min(100, Math.max(1, Math.floor(limit ?? 100)))),
    });
    return { items: lists.map((list) => ({ id: list.id, name: list.title, size: null })), cursor: null };
  } catch (error) {
    if (error instanceof PermanentNetworkError && error.providerCode === 'feature_not_subscribed') {
      return { items: [], cursor: null };
    }
    throw error;
  }
}

/** One page of a lead list's people: a Sales Navigator search of the list's URL. */
export async function unipileLeadListMembers(
  ctx: UnipileContext,
  input: { accountId: string; listId: string; cursor?: string | undefined; limit?: number | undefined },
): Promise<SourcePage> {
  if (input.listId.trim() === '') throw new TypeError('leadListMembers needs a list id');
  const { items, cursor, totalCount } = await searchUnipilePeople(ctx, {
    accountId: input.accountId,
    search: { url: leadListUrl(input.listId.trim()) },
    cursor: input.cursor,
    limit: input.limit,
  });
  return { items, cursor, totalCount };
}
