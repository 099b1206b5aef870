import { normalizePublicIdentifier } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import { afterCursor, encodeCursor, type KeysetOrder } from '../common/keyset.js';
import { claimForRemoval } from '../common/removal-claim.js';
import { containsPattern, pageBounds, type Page, type PageRequest } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toBlockedLead, type BlockedLead } from './blocked-lead.entity.js';
import type { BlockedLeadRecord } from './blocked-lead.schema.js';

/** Which block list: the workspace-wide one, or one campaign's. */
export type BlockTarget = { scope: 'workspace' } | { scope: 'campaign'; campaignId: string };

export interface BlockListQuery extends PageRequest {
  /** By block date; newest first by default. */
  sort?: 'ASC' | 'DESC';
  /**
   * Any part of the public identifier, case-insensitive, the text taken literally (no pattern
   * syntax); trimmed and URL-decoded first, as identifiers are stored. Read from the index keys of
   * the list alone, then only the page's blocks: see `searchPage`.
   */
  search?: string;
}

const NEWEST_FIRST: KeysetOrder = {
  list: 'blocks-desc',
  keys: [
    ['createdAt', -1],
    ['_id', -1],
  ],
};
const OLDEST_FIRST: KeysetOrder = {
  list: 'blocks-asc',
  keys: [
    ['createdAt', 1],
    ['_id', 1],
  ],
};

function targetFilter(target: BlockTarget): QueryFilter<BlockedLeadRecord> {
  return target.scope === 'workspace'
    ? { scope: 'workspace', campaignId: null }
    : { scope: 'campaign', campaignId: target.campaignId };
}

/**
 * The text anywhere, case-insensitive, taken literally (`containsPattern`); a NUL, which a BSON
 * regular expression cannot hold raw (the driver refuses it), is written as its escape.
 */
function literalPattern(text: string): RegExp {
  const pattern = containsPattern(text);
  return new RegExp(pattern.source.replaceAll('\0', '\\x00'), pattern.flags);
}

/** Blocks that apply to a lead of `campaignId`: the workspace's, and that campaign's. */
function applicableFilter(campaignId: string): QueryFilter<BlockedLeadRecord> {
  return { $or: [{ scope: 'workspace' }, { scope: 'campaign', campaignId }] };
}

export class BlockedLeadRepository {
  constructor(
    private readonly records: ScopedModel<BlockedLeadRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Blocks profiles in one list. Idempotent per profile: the unique index refuses a second block
   * of the same profile in the same list, and `blocked` counts only the new ones.
   */
  async block(
    workspaceId: WorkspaceId,
    target: BlockTarget,
    entries: ReadonlyArray<{ publicIdentifier: string; reason?: string | null }>,
  ): Promise<{ blocked: number }> {
    const now = this.clock();
    const campaignId = target.scope === 'campaign' ? target.campaignId : null;
    const { inserted } = await this.records.insertManyCountingDuplicates(
      workspaceId,
      entries.map((entry) => ({
        _id: newId('block'),
        scope: target.scope,
        campaignId,
        publicIdentifier: entry.publicIdentifier,
        reason: entry.reason ?? null,
        createdAt: now,
      })),
    );
    return { blocked: inserted.length };
  }

  async list(
    workspaceId: WorkspaceId,
    target: BlockTarget,
    query: BlockListQuery = {},
  ): Promise<Page<BlockedLead>> {
    const filter = targetFilter(target);
    const order = query.sort === 'ASC' ? OLDEST_FIRST : NEWEST_FIRST;
    const { skip, limit } = pageBounds(query);
    const search = normalizePublicIdentifier(query.search ?? '');
    if (search !== '') {
      filter.publicIdentifier = literalPattern(search);
      return this.searchPage(workspaceId, filter, { order, after: query.after, skip, limit });
    }
    const [total, page] = await Promise.all([
      this.records.count(workspaceId, filter),
      this.records.page(workspaceId, filter, { order, after: query.after, skip, limit }),
    ]);
    return { total, items: page.records.map(toBlockedLead), nextCursor: page.nextCursor };
  }

  /**
   * One page of a search, in two steps. A pattern that is not anchored gives the index no bounds
   * on the identifier, so the list's keys (the workspace's, of this list) are read in the list's
   * order from `{ workspaceId, scope, campaignId, createdAt, _id, publicIdentifier }`, the pattern
   * tested on each key's identifier: (1) the page's ids and dates (for the cursor), the walk
   * stopping after `skip + limit + 1` matches; (2) the page's blocks by id and, beside them, the
   * total counted on the same keys, unless the page tells it (a first page holding every match).
   * The walk and the count read index keys only (covered reads on MongoDB): the cost follows the
   * list's keys, never its documents.
   */
  private async searchPage(
    workspaceId: WorkspaceId,
    filter: QueryFilter<BlockedLeadRecord>,
    page: { order: KeysetOrder; after: string | undefined; skip: number; limit: number },
  ): Promise<Page<BlockedLead>> {
    const { order, after, skip, limit } = page;
    const matching =
      after === undefined
        ? filter
        : ({
            $and: [filter, afterCursor<BlockedLeadRecord>(order, after)],
          } as QueryFilter<BlockedLeadRecord>);
    const keys = await this.records.aggregate<Pick<BlockedLeadRecord, '_id' | 'createdAt'>>(workspaceId, [
      { $match: matching },
      { $sort: Object.fromEntries(order.keys) as Record<string, 1 | -1> },
      ...(skip > 0 ? [{ $skip: skip }] : []),
      { $limit: limit + 1 },
      // Indexed fields only, so MongoDB answers from the keys without fetching a block.
      { $project: { _id: 1, createdAt: 1 } },
    ]);
    const shown = keys.slice(0, limit);
    const more = keys.length > limit;
    // Without a cursor, a page that ends the matches and shows some counts them: the skipped ones
    // and its own. Otherwise the matches before the cursor or the page are counted.
    const counted = after === undefined && !more && (shown.length > 0 || skip === 0);
    const [total, records] = await Promise.all([
      counted ? skip + shown.length : this.records.count(workspaceId, filter),
      shown.length === 0 ? [] : this.records.find(workspaceId, { _id: { $in: shown.map((key) => key._id) } }),
    ]);
    const byId = new Map(records.map((record) => [record._id, record]));
    // In the keys' order; a block removed between the two reads is left out.
    const items = shown.flatMap((key) => {
      const record = byId.get(key._id);
      return record === undefined ? [] : [toBlockedLead(record)];
    });
    const last = shown.at(-1);
    const nextCursor = more && last !== undefined ? encodeCursor(order, last) : null;
    return { total, items, nextCursor };
  }

  /**
   * Removes blocks by record id from one list, all or nothing: an id that is not in this list of
   * this workspace means nothing is removed and NotFoundError lists the unknown ids. The blocks
   * are claimed first (`claimForRemoval`: all at once, or in id order when another request holds
   * some), then removed. So of requests removing overlapping blocks, whatever the order of their
   * ids, one removes its blocks and the others get the 404, never a success that removed nothing
   * nor two refusals with the blocks left in place. `realNow` (HTTP time) bounds a claim left by a
   * request that died before removing its blocks.
   */
  async unblock(
    workspaceId: WorkspaceId,
    target: BlockTarget,
    ids: readonly string[],
    realNow: Date,
  ): Promise<number> {
    const ours = await claimForRemoval(this.records, workspaceId, {
      entity: 'blocked lead',
      scope: targetFilter(target),
      ids,
      realNow,
    });
    return this.records.deleteMany(workspaceId, ours);
  }

  /** Whether a profile may not be contacted in `campaignId` (blocked there or workspace-wide). */
  async isBlocked(workspaceId: WorkspaceId, campaignId: string, publicIdentifier: string): Promise<boolean> {
    const record = await this.records.findOne(workspaceId, {
      publicIdentifier,
      ...applicableFilter(campaignId),
    });
    return record !== null;
  }

  /** The profiles among `publicIdentifiers` that may not be added to `campaignId`. */
  async findBlocked(
    workspaceId: WorkspaceId,
    campaignId: string,
    publicIdentifiers: readonly string[],
  ): Promise<Set<string>> {
    const records = await this.records.find(workspaceId, {
      publicIdentifier: { $in: [...publicIdentifiers] },
      ...applicableFilter(campaignId),
    });
    return new Set(records.map((record) => record.publicIdentifier));
  }
}
