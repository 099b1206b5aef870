import { z } from 'zod';
import type { PostEngagersInput, SourcePage } from '../provider/lead-sources.port.js';
import { postSocialId } from './linkedin-urls.js';
import type { UnipileContext } from './unipile-context.js';
import { personOfAuthor, readAnswer, sourceCall } from './unipile-source-people.js';

/** LinkedIn gives at most 100 comments or reactions a page (the SDK's `LinkedinCommentLimitParamSchema`). */
const ENGAGERS_PAGE_MAX = 100;

const text = z.string().nullable().optional();

/**
 * `GET /api/v1/posts/:post_id/comments` (SDK 1.9.3: `client.users.getAllPostComments`, checked by
 * its `PostCommentListApiResponseValidator`, and here again since a `warn` validation lets a bad
 * answer through): `{ object: 'CommentList', items: [{ id, author: <name> | null, author_details:
 * { id, headline, profile_url, network_distance, is_company? } }], cursor, total_items }`.
 */
const commentsSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      author: text,
      author_details: z.looseObject({
        id: text,
        headline: text,
        profile_url: text,
        network_distance: text,
        is_company: z.boolean().nullable().optional(),
      }),
    }),
  ),
  cursor: text,
  total_items: z.number().nullable().optional(),
});

/**
 * `GET /api/v1/posts/:post_id/reactions?account_id=&limit=&cursor=` (no SDK method in 1.9.3; the
 * reference's reaction list): `{ object: 'PostReactionList'?, items: [{ object: 'PostReaction',
 * value, author: { id, type: 'INDIVIDUAL' | 'COMPANY', name, headline, profile_url,
 * network_distance } }], cursor, paging? }`.
 */
const reactionsSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      author: z.looseObject({
        id: z.string().min(1),
        type: text,
        name: text,
        headline: text,
        profile_url: text,
        network_distance: text,
      }),
    }),
  ),
  cursor: text,
  total_items: z.number().nullable().optional(),
});

/**
 * One page of a post's commenters or reactors (metered as one `list_read` call). A person who
 * commented twice is listed twice, and a person may both react and comment: de-duplicate by public
 * identifier across pages and kinds. Company pages are left out (no lead), so a page may hold
 * fewer people than the provider returned.
 */
export async function unipilePostEngagers(
  ctx: UnipileContext,
  { accountId, post, kind, cursor, limit }: PostEngagersInput,
): Promise<SourcePage> {
  const postId = postSocialId(post);
  const pageSize = Math.min(ENGAGERS_PAGE_MAX, Math.max(1, Math.floor(limit ?? ENGAGERS_PAGE_MAX)));
  if (kind === 'comments') {
    const spec = { accountId, operation: 'posts.comments', kind: 'list_read' } as const;
    const raw = await sourceCall(ctx, spec, () =>
      ctx.client.users.getAllPostComments({
        account_id: accountId,
        post_id: postId,
        limit: pageSize,
        ...(cursor ? { cursor } : {}),
      }),
    );
    const page = readAnswer(commentsSchema, raw, 'post comments');
    return {
      items: page.items.flatMap((comment) => {
        const details = comment.author_details;
        if (!details.id) return [];
        return (
          personOfAuthor({
            id: details.id,
            name: comment.author,
            headline: details.headline,
            profileUrl: details.profile_url,
            networkDistance: details.network_distance,
            isCompany: details.is_company === true,
          }) ?? []
        );
      }),
      cursor: page.cursor || null,
      totalCount: page.total_items ?? null,
    };
  }
  const spec = { accountId, operation: 'posts.reactions', kind: 'list_read' } as const;
  const raw = await sourceCall(ctx, spec, () =>
    ctx.client.request.send<unknown>({
      method: 'GET',
      path: ['posts', postId, 'reactions'],
      parameters: { account_id: accountId, limit: String(pageSize), ...(cursor ? { cursor } : {}) },
      options: { validateRequestPayload: false },
    }),
  );
  const page = readAnswer(reactionsSchema, raw, 'post reactions');
  return {
    items: page.items.flatMap(
      ({ author }) =>
        personOfAuthor({
          id: author.id,
          name: author.name,
          headline: author.headline,
          profileUrl: author.profile_url,
          networkDistance: author.network_distance,
          isCompany: author.type === 'COMPANY' || author.type === 'ORGANIZATION',
        }) ?? [],
    ),
    cursor: page.cursor || null,
    totalCount: page.total_items ?? null,
  };
}
