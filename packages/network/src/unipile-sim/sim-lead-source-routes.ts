import express, { type Request, type Router } from 'express';
import type { HangTimers } from '../simulation/hang-timers.js';
import { type Answer, gate, optionalLimit, requiredString } from './sim-http.js';
import { commentView, reactionView } from './sim-lead-source-views.js';
import type { Population } from './sim-lead-sources.js';
import type { SimAccount } from './sim-model.js';
import { decodeCursor, encodeCursor } from './sim-model.js';
import { SimProblem } from './sim-problem.js';
import { CATALOG, type CatalogEntry, PARAMETER_TYPES } from './sim-search-catalog.js';
import { searchPeople } from './sim-search.js';
import type { UnipileSimState } from './sim-state.js';

/**
 * The lead-source routes of Unipile's v1 API: people search, search parameters, a post's comments
 * and reactions. Each is a list read for the call record and the `readLeadSources` faults.
 */

const route = (path: string) => ({
  operation: 'readLeadSources' as const,
  kind: 'list_read' as const,
  route: path,
});
const queryAccount = (req: Request) => String(req.query.account_id ?? '');

/** The product a parameters lookup needs (`service`; lead lists are Sales Navigator's). */
const SERVICE_TIER: Record<string, SimAccount['tier'] | null> = {
  CLASSIC: null,
  SALES_NAVIGATOR: 'sales_navigator',
  RECRUITER: 'recruiter',
};

/**
 * `GET /linkedin/search/parameters?account_id=&type=&keywords=&limit=&service=`
 * (https://developer.unipile.com/reference/linkedincontroller_getsearchparameterslist): the ids of
 * the type whose title contains the keywords (any case). `LEAD_LISTS` lists the account's Sales
 * Navigator lead lists. Types Unipile documents but the simulator does not model answer no ids.
 */
function searchParameters(state: UnipileSimState, req: Request): Answer {
  const account = state.activeAccount(requiredString(req.query.account_id, 'account_id'));
  const type = requiredString(req.query.type, 'type').toUpperCase();
  if (!(PARAMETER_TYPES as readonly string[]).includes(type))
    throw new SimProblem(400, 'invalid_parameters', `type must be one of ${PARAMETER_TYPES.join(', ')}`);
  const service = String(req.query.service ?? 'CLASSIC').toUpperCase();
  if (!(service in SERVICE_TIER))
    throw new SimProblem(400, 'invalid_parameters', 'service must be CLASSIC, SALES_NAVIGATOR or RECRUITER');
  const needed = type === 'LEAD_LISTS' ? 'sales_navigator' : SERVICE_TIER[service];
  if (needed && account.tier !== needed)
    throw new SimProblem(403, 'feature_not_subscribed', `this account has no ${needed} subscription`);
  const limit = optionalLimit(req.query.limit ?? '10', 100);
  const keywords = String(req.query.keywords ?? '')
    .trim()
    .toLowerCase();
  const entries: CatalogEntry[] =
    type === 'LEAD_LISTS'
      ? state.leadSources.leadLists(account.id, true).map((list) => ({ id: list.id, title: list.name }))
      : (CATALOG[type as keyof typeof CATALOG] ?? []);
  const items = entries
    .filter((entry) => entry.title.toLowerCase().includes(keywords))
    .slice(0, limit)
    .map((entry) => ({ object: 'LinkedinSearchParameter', title: entry.title, id: entry.id }));
  return {
    status: 200,
    body: { object: 'LinkedinSearchParametersList', items, paging: { page_count: items.length } },
  };
}

/** A post by its social id (`urn:li:activity:<n>`, share, ugcPost) or the bare activity number. */
function postIdOf(raw: string): string {
  const text = raw.trim();
  if (/^urn:li:(activity|share|ugcPost):\d+$/.test(text)) return text;
  if (/^\d+$/.test(text)) return `urn:li:activity:${text}`;
  throw new SimProblem(
    400,
    'invalid_parameters',
    `invalid post_id ${text.slice(0, 100)}: use the post's social_id`,
  );
}

function page(people: Population, req: Request): { indices: number[]; cursor: string | null } {
  const start = Math.min(decodeCursor(req.query.cursor as string | undefined), people.total);
  const limit = optionalLimit(req.query.limit, 100);
  const end = Math.min(start + limit, people.total);
  return {
    indices: Array.from({ length: end - start }, (_, n) => start + n),
    cursor: end < people.total ? encodeCursor(end) : null,
  };
}

/** Unipile's lead-source routes, added to the `/api/v1` router. */
export function addLeadSourceRoutes(router: Router, state: UnipileSimState, hangs: HangTimers): void {
  const json = express.json({ limit: '100kb' });

  router.post(
    '/linkedin/search',
    json,
    gate(state, hangs, route('POST /linkedin/search'), queryAccount, (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : body.cursor;
      return searchPeople(
        state,
        requiredString(req.query.account_id, 'account_id'),
        typeof cursor === 'string' && cursor !== '' ? cursor : undefined,
        req.query.limit,
        body,
      );
    }),
  );

  router.get(
    '/linkedin/search/parameters',
    gate(state, hangs, route('GET /linkedin/search/parameters'), queryAccount, (req) =>
      searchParameters(state, req),
    ),
  );

  // https://developer.unipile.com/reference/postscontroller_listallcomments (the SDK's CommentList).
  router.get(
    '/posts/:post_id/comments',
    gate(state, hangs, route('GET /posts/:post_id/comments'), queryAccount, (req) => {
      const account = state.activeAccount(requiredString(req.query.account_id, 'account_id'));
      const postId = postIdOf(String(req.params.post_id));
      const { commenters } = state.leadSources.postPeople(postId);
      const { indices, cursor } = page(commenters, req);
      return {
        status: 200,
        body: {
          object: 'CommentList',
          items: indices.map((n) => commentView(state, account, postId, commenters.at(n), n)),
          cursor,
          total_items: commenters.total,
        },
      };
    }),
  );

  // https://developer.unipile.com/reference/postscontroller_listallreactions (PostReaction items).
  router.get(
    '/posts/:post_id/reactions',
    gate(state, hangs, route('GET /posts/:post_id/reactions'), queryAccount, (req) => {
      const account = state.activeAccount(requiredString(req.query.account_id, 'account_id'));
      const postId = postIdOf(String(req.params.post_id));
      const { reactors } = state.leadSources.postPeople(postId);
      const { indices, cursor } = page(reactors, req);
      return {
        status: 200,
        body: {
          object: 'PostReactionList',
          items: indices.map((n) => reactionView(state, account, postId, reactors.at(n))),
          cursor,
          paging: { page_count: indices.length },
        },
      };
    }),
  );
}
