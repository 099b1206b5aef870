import { normalizePublicIdentifier } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import type { KeysetOrder } from '../common/keyset.js';
import { claimForRemoval } from '../common/removal-claim.js';
import { pageBounds, prefixRange, type Page, type PageRequest } from '../common/page.js';
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
   * The start of the public identifier, compared as identifiers are stored (trimmed, lower case,
   * URL-decoded): a prefix, so the index bounds what is read, never a scan of the list.
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
    if (query.search) filter.publicIdentifier = prefixRange(normalizePublicIdentifier(query.search));
    const order = query.sort === 'ASC' ? OLDEST_FIRST : NEWEST_FIRST;
    const { skip, limit } = pageBounds(query);
    const [total, page] = await Promise.all([
      this.records.count(workspaceId, filter),
      this.records.page(workspaceId, filter, { order, after: query.after, skip, limit }),
    ]);
    return { total, items: page.records.map(toBlockedLead), nextCursor: page.nextCursor };
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
