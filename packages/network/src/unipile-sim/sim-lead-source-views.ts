import { memberIdOf } from './sim-identifiers.js';
import type { SimAccount } from './sim-model.js';
import { INDUSTRY_IDS, facetsOf } from './sim-search-catalog.js';
import type { SimSearchApi } from './sim-rules.js';
import type { UnipileSimState } from './sim-state.js';

/**
 * The JSON bodies of the lead-source routes, field for field as Unipile documents them: search
 * results (https://developer.unipile.com/reference/linkedincontroller_search and the examples of
 * https://developer.unipile.com/docs/linkedin-search), post comments (the SDK's `CommentList`
 * validator) and reactions (`PostReaction` items).
 */

type Degree = 1 | 2 | 3;

/** The person as this account sees it: connected (the pair, else the seed's draw), else 2nd or 3rd. */
function degreeOf(state: UnipileSimState, account: SimAccount, publicIdentifier: string): Degree {
  const pair = state.knownPair(account.id, publicIdentifier);
  const connected = pair
    ? pair.relationship === 'connected'
    : state.oracle.alreadyConnected(account.id, publicIdentifier);
  if (connected) return 1;
  return state.oracle.draw('degree', account.id, publicIdentifier) < 0.6 ? 2 : 3;
}

const SEARCH_DISTANCE: Record<Degree, string> = { 1: 'DISTANCE_1', 2: 'DISTANCE_2', 3: 'DISTANCE_3' };
const PROFILE_DISTANCE: Record<Degree, string> = { 1: 'FIRST_DEGREE', 2: 'SECOND_DEGREE', 3: 'THIRD_DEGREE' };

const profileUrl = (publicIdentifier: string) =>
  `https://www.linkedin.com/in/${encodeURIComponent(publicIdentifier)}`;

/**
 * One `PEOPLE` item. The id is the account's own id for the person. A classic result names the
 * person's profile only by its URL (as the guide's classic example: no `public_identifier`), a Sales
 * Navigator one gives `public_identifier` and the Sales Navigator lead URL with current positions,
 * a Recruiter one its talent URL.
 */
export function searchItemView(
  state: UnipileSimState,
  account: SimAccount,
  api: SimSearchApi,
  publicIdentifier: string,
): Record<string, unknown> {
  const profile = state.oracle.profile(publicIdentifier);
  const id = memberIdOf(publicIdentifier, account.id);
  const industryId = facetsOf(state.oracle, publicIdentifier).industry;
  const common = {
    object: 'SearchResult',
    type: 'PEOPLE',
    id,
    name: `${profile.firstName} ${profile.lastName}`,
    first_name: profile.firstName,
    last_name: profile.lastName,
    member_urn: `urn:li:member:${id}`,
    headline: profile.headline,
    location: profile.location,
    industry: INDUSTRY_IDS.find((entry) => entry.id === industryId)?.title ?? null,
    network_distance: SEARCH_DISTANCE[degreeOf(state, account, publicIdentifier)],
    pending_invitation: Boolean(state.knownPair(account.id, publicIdentifier)?.pendingInvitation),
  };
  if (api === 'classic') {
    return {
      ...common,
      profile_url: `${profileUrl(publicIdentifier)}?miniProfileUrn=${encodeURIComponent(`urn:li:fs_miniProfile:${id}`)}`,
    };
  }
  const position = {
    company: profile.companyName,
    company_id: facetsOf(state.oracle, publicIdentifier).company,
    description: null,
    role: profile.headline.split(' at ')[0] ?? profile.headline,
    location: profile.location,
  };
  return {
    ...common,
    public_identifier: publicIdentifier,
    public_profile_url: profileUrl(publicIdentifier),
    profile_url:
      api === 'sales_navigator'
        ? `https://www.linkedin.com/sales/lead/${id},NAME_SEARCH,${id.slice(-4)}`
        : `https://www.linkedin.com/talent/profile/${id}`,
    current_positions: [position],
  };
}

/** `{ object: 'Comment', ... }` as the SDK's `PostCommentListApiResponseValidator` requires. */
export function commentView(
  state: UnipileSimState,
  account: SimAccount,
  postId: string,
  publicIdentifier: string,
  index: number,
): Record<string, unknown> {
  const profile = state.oracle.profile(publicIdentifier);
  return {
    object: 'Comment',
    id: state.oracle.digest('comment', postId, index).slice(0, 19).replace(/[a-f]/g, '7'),
    text: `Great point, ${profile.firstName} here.`,
    date: new Date(state.now() - (index + 1) * 3_600_000).toISOString(),
    reaction_counter: index % 4,
    author: `${profile.firstName} ${profile.lastName}`,
    author_details: {
      id: memberIdOf(publicIdentifier, account.id),
      headline: profile.headline,
      profile_url: profileUrl(publicIdentifier),
      network_distance: PROFILE_DISTANCE[degreeOf(state, account, publicIdentifier)],
    },
    reply_counter: 0,
  };
}

const REACTIONS = ['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'] as const;

/**
 * `{ object: 'PostReaction', value, post_id, author }`. Reactions do not always expose the profile
 * URL: a share of reactors (`reactorMemberUrlProbability`, strict only) come with a `/in/<member id>`
 * URL, which names no public identifier.
 */
export function reactionView(
  state: UnipileSimState,
  account: SimAccount,
  postId: string,
  publicIdentifier: string,
): Record<string, unknown> {
  const profile = state.oracle.profile(publicIdentifier);
  const id = memberIdOf(publicIdentifier, account.id);
  const { strict, reactorMemberUrlProbability } = state.settings;
  const byMemberId =
    strict && state.oracle.draw('reactor-url', postId, publicIdentifier) < reactorMemberUrlProbability;
  const value =
    REACTIONS[Math.floor(state.oracle.draw('reaction', postId, publicIdentifier) * REACTIONS.length)];
  return {
    object: 'PostReaction',
    value: value ?? 'LIKE',
    post_id: postId,
    author: {
      id,
      type: 'INDIVIDUAL',
      name: `${profile.firstName} ${profile.lastName}`,
      headline: profile.headline,
      profile_url: byMemberId ? `https://www.linkedin.com/in/${id}` : profileUrl(publicIdentifier),
      network_distance: PROFILE_DISTANCE[degreeOf(state, account, publicIdentifier)],
    },
  };
}
