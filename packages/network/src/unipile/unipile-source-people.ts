import { publicIdentifierFromUrl } from '@outreach/domain';
import { z } from 'zod';
import { InmailNotAllowedError, PermanentNetworkError, TransientNetworkError } from '../network.errors.js';
import type { SourcePerson } from '../provider/lead-sources.port.js';
import { type CallSpec, type UnipileContext, call } from './unipile-context.js';

/**
 * The people of Unipile's lead-source answers (search results, post comments and reactions), read
 * with zod: an answer that does not parse is a `TransientNetworkError` ("unreadable answer", as for
 * every other route), never a crash. Only the fields the port uses are checked; the rest pass.
 */

const text = z.string().nullable().optional();

/**
 * One item of `POST /api/v1/linkedin/search` (https://developer.unipile.com/reference/linkedincontroller_search):
 * `type: 'PEOPLE'`, `id` (the member id as this account sees it), `public_identifier` (null for
 * some out-of-network Sales Navigator results), names, headline, location, `network_distance`
 * (`SELF`, `DISTANCE_1`..`DISTANCE_3`, `OUT_OF_NETWORK`), `pending_invitation`, and on Sales
 * Navigator `current_positions`.
 */
export const searchItemSchema = z.looseObject({
  type: z.string(),
  id: z.string().min(1),
  public_identifier: text,
  public_profile_url: text,
  profile_url: text,
  name: text,
  first_name: text,
  last_name: text,
  headline: text,
  location: text,
  network_distance: text,
  pending_invitation: z.boolean().nullable().optional(),
  current_positions: z
    .array(z.looseObject({ company: text }))
    .nullable()
    .optional(),
});
export type SearchItem = z.output<typeof searchItemSchema>;

/** Unipile's degrees: `DISTANCE_n` on search results, `FIRST_DEGREE`... on profiles and comments. */
export function distanceOf(value: string | null | undefined): SourcePerson['networkDistance'] {
  switch (value) {
    case 'DISTANCE_1':
    case 'FIRST_DEGREE':
      return 1;
    case 'DISTANCE_2':
    case 'SECOND_DEGREE':
      return 2;
    case 'DISTANCE_3':
    case 'THIRD_DEGREE':
    case 'OUT_OF_NETWORK':
      return 3;
    default:
      return null;
  }
}

/** `first last` split at the first space, when the source gives one name only. */
function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') return { firstName: null, lastName: null };
  const space = trimmed.indexOf(' ');
  return space < 0
    ? { firstName: trimmed, lastName: null }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() || null };
}

/**
 * LinkedIn also opens a profile by its member id (`/in/ACoAA...`), and reactions sometimes carry
 * such a URL: that is no public identifier.
 */
const MEMBER_ID = /^ac[ow]aa/i;

/** The public identifier given, else the one in a `/in/<id>` URL (Sales Navigator lead URLs carry none). */
export function identifierOf(
  given: string | null | undefined,
  ...urls: (string | null | undefined)[]
): string | null {
  if (given) return given;
  for (const url of urls) {
    const found = url ? publicIdentifierFromUrl(url) : null;
    if (found && !MEMBER_ID.test(found)) return found;
  }
  return null;
}

/** A search result as a source person; null for the account itself (`SELF`) and non-people. */
export function personOfSearchItem(item: SearchItem): SourcePerson | null {
  if (item.type !== 'PEOPLE' || item.network_distance === 'SELF') return null;
  const named = splitName(item.name);
  return {
    providerId: item.id,
    publicIdentifier: identifierOf(item.public_identifier, item.public_profile_url, item.profile_url),
    firstName: item.first_name ?? named.firstName,
    lastName: item.last_name ?? named.lastName,
    headline: item.headline ?? null,
    company: item.current_positions?.find((position) => position.company)?.company ?? null,
    location: item.location ?? null,
    networkDistance: distanceOf(item.network_distance),
    invitationPending: item.pending_invitation ?? null,
  };
}

/**
 * A commenter or reactor: `{ id, name, headline, profile_url, network_distance }` (a reaction's
 * `author`, a comment's `author_details` with its name in `author`). A company page that reacted is
 * no person and no lead: it is left out.
 */
export function personOfAuthor(author: {
  id: string;
  name: string | null | undefined;
  headline: string | null | undefined;
  profileUrl: string | null | undefined;
  networkDistance: string | null | undefined;
  isCompany: boolean;
}): SourcePerson | null {
  if (author.isCompany) return null;
  const named = splitName(author.name);
  return {
    providerId: author.id,
    publicIdentifier: identifierOf(null, author.profileUrl),
    firstName: named.firstName,
    lastName: named.lastName,
    headline: author.headline ?? null,
    company: null,
    location: null,
    networkDistance: distanceOf(author.networkDistance),
    invitationPending: null,
  };
}

/** Checks an answer against its schema: an unreadable one is a transient failure, as for every route. */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new TransientNetworkError(
      `unexpected ${what} answer: ${z.prettifyError(parsed.error).slice(0, 500)}`,
    );
  }
  return parsed.data;
}

/**
 * One lead-source call. Unipile answers a Sales Navigator or Recruiter route on an account without
 * the product with 403 `feature_not_subscribed`, which the shared mapper reads as "no InMail" (its
 * only meaning on the message routes); here it means the source needs a product the account lacks:
 * a permanent refusal with that code.
 */
export async function sourceCall<T>(ctx: UnipileContext, spec: CallSpec, run: () => Promise<T>): Promise<T> {
  try {
    return await call(ctx, spec, run);
  } catch (error) {
    if (error instanceof InmailNotAllowedError) {
      throw new PermanentNetworkError(
        'feature_not_subscribed',
        `account ${spec.accountId} has no subscription to the LinkedIn product this source needs`,
      );
    }
    throw error;
  }
}
