import {
  IMPORT_SKIP_REASONS,
  noSkips,
  type FinishedLeadImportStatus,
  type ImportDedupe,
  type ImportSkipCounts,
  type LeadImportSource,
  type LeadSourcePart,
  type SearchSplit,
} from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { LeaseLostError } from '../common/db-errors.js';
import type { KeysetOrder } from '../common/keyset.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toLeadImport, type LeadImport } from './lead-import.entity.js';
import type { LeadImportPartRecord, LeadImportRecord } from './lead-import.schema.js';

export interface NewLeadImport {
  campaignId: string;
  accountId: string;
  source: LeadImportSource;
  split: SearchSplit | null;
  dedupe: ImportDedupe;
  total: number | null;
  cap: number | null;
  parts: ReadonlyArray<{ part: LeadSourcePart; total: number | null; cap: number | null }>;
  /** When the runner may take it up (product time): now. */
  runAt: Date;
}

/** What one page moved, written once by `checkpoint`. */
export interface ImportPageProgress {
  /** The job's `seq` the page started at: the write applies only if the job is still there. */
  fromSeq: number;
  seq: number;
  partIndex: number;
  cursor: string | null;
  parts: readonly LeadImportPartRecord[];
  total: number | null;
  fetched: number;
  added: number;
  skipped: ImportSkipCounts;
}

const IMPORT_ORDER: KeysetOrder = {
  list: 'lead-imports',
  keys: [
    ['createdAt', -1],
    ['_id', -1],
  ],
};

/**
 * Lead imports: created by the API, carried out by the runner a page at a time under a lease
 * (real time), due on the product clock (`nextRunAt`). Every write the runner makes is conditional
 * on holding the lease, so a job taken over after its runner died is never written by two.
 */
export class LeadImportRepository {
  constructor(
    private readonly records: ScopedModel<LeadImportRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * With `id` (reserved by an Idempotency-Key's claim), an import already stored under it is
   * returned as it is now instead of a second one: a retry of a request that died mid-way.
   */
  async create(
    workspaceId: WorkspaceId,
    input: NewLeadImport,
    options: { id?: string } = {},
  ): Promise<LeadImport> {
    const now = this.clock();
    const { record } = await this.records.insertOnce(workspaceId, {
      _id: options.id ?? newId('leadImport'),
      campaignId: input.campaignId,
      accountId: input.accountId,
      source: input.source,
      split: input.split,
      dedupe: input.dedupe,
      status: 'queued',
      total: input.total,
      cap: input.cap,
      parts: input.parts.map((part) => ({ ...part, fetched: 0, exhausted: false })),
      partIndex: 0,
      cursor: null,
      seq: 0,
      fetched: 0,
      added: 0,
      skipped: noSkips(),
      waitingForBudgetUntil: null,
      nextRunAt: input.runAt,
      leaseOwner: null,
      leaseUntil: null,
      attempts: 0,
      cancelRequestedAt: null,
      error: null,
      createdAt: now,
      finishedAt: null,
      updatedAt: now,
    });
    return toLeadImport(record);
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<LeadImport | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toLeadImport(record) : null;
  }

  /** A campaign's imports, newest first, one page by cursor. */
  async list(
    workspaceId: WorkspaceId,
    campaignId: string,
    query: { after?: string | undefined; limit: number },
  ): Promise<{ items: LeadImport[]; nextCursor: string | null }> {
    const page = await this.records.page(
      workspaceId,
      { campaignId },
      { order: IMPORT_ORDER, after: query.after, skip: 0, limit: query.limit },
    );
    return { items: page.records.map(toLeadImport), nextCursor: page.nextCursor };
  }

  /**
   * Claims the most overdue due job of any workspace (unscoped: the runner's work list), in one
   * atomic update that sets the lease, counts the attempt, marks it running and stamps its first
   * start. The claim index holds unfinished jobs only, by due time.
   */
  async claimDueAcrossWorkspaces(lease: LeaseRequest): Promise<LeadImport | null> {
    const dueBy = lease.dueBy ?? lease.now;
    const record = await this.records.acrossWorkspaces
      .findOneAndUpdate(
        { nextRunAt: { $lte: dueBy }, leaseUntil: leaseFree(lease.now) },
        {
          $set: {
            leaseOwner: lease.owner,
            leaseUntil: leaseEnd(lease),
            status: 'running',
            waitingForBudgetUntil: null,
            updatedAt: this.clock(),
          },
          $min: { startedAt: dueBy },
          $inc: { attempts: 1 },
        },
        { sort: { nextRunAt: 1 }, returnDocument: 'after' },
      )
      .lean<LeadImportRecord>()
      .exec();
    return record ? toLeadImport(record) : null;
  }

  /**
   * Claims one job by id whatever it is due, when nobody holds it: how a cancel from the API ends
   * a job no runner is working on. Null when it is finished or held.
   */
  async claim(workspaceId: WorkspaceId, id: string, lease: LeaseRequest): Promise<LeadImport | null> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, nextRunAt: { $exists: true }, leaseUntil: leaseFree(lease.now) },
      { $set: { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease), updatedAt: this.clock() } },
    );
    return record ? toLeadImport(record) : null;
  }

  /**
   * Moves the job past one page: its position, its parts, the page's counts added once. The write
   * applies only while `owner` holds the lease and the job is still at `fromSeq`, so a page is
   * counted once even when a runner that died after storing it is followed by another that stores
   * it again. Renews the lease. Throws `LeaseLostError` otherwise.
   */
  async checkpoint(
    workspaceId: WorkspaceId,
    id: string,
    lease: LeaseRequest,
    page: ImportPageProgress,
  ): Promise<LeadImport> {
    const inc: Record<string, number> = { fetched: page.fetched, added: page.added };
    for (const reason of IMPORT_SKIP_REASONS) inc[`skipped.${reason}`] = page.skipped[reason];
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, leaseOwner: lease.owner, seq: page.fromSeq },
      {
        $set: {
          seq: page.seq,
          partIndex: page.partIndex,
          cursor: page.cursor,
          parts: [...page.parts],
          total: page.total,
          leaseUntil: leaseEnd(lease),
          updatedAt: this.clock(),
        },
        $inc: inc,
      } as UpdateQuery<LeadImportRecord>,
    );
    if (!record) throw new LeaseLostError('lead import', id, lease.owner);
    return toLeadImport(record);
  }

  /** Keeps the job for `owner` while it works longer than a page (renews the lease). */
  async renew(workspaceId: WorkspaceId, id: string, lease: LeaseRequest): Promise<void> {
    const { matched } = await this.records.updateOne(
      workspaceId,
      { _id: id, leaseOwner: lease.owner },
      { $set: { leaseUntil: leaseEnd(lease) } },
    );
    if (matched === 0) throw new LeaseLostError('lead import', id, lease.owner);
  }

  /**
   * Puts the job off until `until` (product time) and lets go of it: `waiting_budget` when the
   * account's search results of the day are spent (shown with `waitingForBudgetUntil`), `running`
   * when it waits for something else (its sender account to be usable again). False when the
   * lease is lost or a cancel was asked for meanwhile.
   */
  async postpone(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    postponement: { until: Date; status: 'waiting_budget' | 'running'; error?: string | null },
  ): Promise<boolean> {
    // A cancel asked for meanwhile is not put off with the job: the caller stops it instead.
    const { matched } = await this.records.updateOne(
      workspaceId,
      { _id: id, leaseOwner: owner, cancelRequestedAt: null },
      {
        $set: {
          status: postponement.status,
          waitingForBudgetUntil: postponement.status === 'waiting_budget' ? postponement.until : null,
          nextRunAt: postponement.until,
          leaseOwner: null,
          leaseUntil: null,
          error: postponement.error ?? null,
          updatedAt: this.clock(),
        },
      },
    );
    return matched === 1;
  }

  /**
   * Ends the job (`completed`, `capped`, `cancelled`, `failed`), conditional on `owner`'s lease:
   * it leaves the claim index. The caller records `lead_import_completed` before, so a crash
   * between the two cannot lose it (the event is keyed by the job: recording it again adds none).
   */
  async finish(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    ending: { status: FinishedLeadImportStatus; at: Date; error?: string | null },
  ): Promise<LeadImport | null> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, leaseOwner: owner, nextRunAt: { $exists: true } },
      {
        $set: {
          status: ending.status,
          finishedAt: ending.at,
          error: ending.error ?? null,
          waitingForBudgetUntil: null,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: this.clock(),
        },
        $unset: { nextRunAt: 1 },
      },
    );
    return record ? toLeadImport(record) : null;
  }

  /** Gives a held job back untouched (a runner stopping): due as it was, free at once. */
  async release(workspaceId: WorkspaceId, id: string, owner: string): Promise<boolean> {
    const { matched } = await this.records.updateOne(
      workspaceId,
      { _id: id, leaseOwner: owner },
      { $set: { leaseOwner: null, leaseUntil: null } },
    );
    return matched === 1;
  }

  /**
   * Asks an unfinished job to stop: it is due at once (`at`, product time) and its runner stops at
   * its next page. The first request's time is kept. Answers the job as it is now (a finished one
   * unchanged); null when there is no such job.
   */
  async requestCancel(workspaceId: WorkspaceId, id: string, at: Date): Promise<LeadImport | null> {
    const unfinished: QueryFilter<LeadImportRecord> = { _id: id, nextRunAt: { $exists: true } };
    await this.records.updateOne(
      workspaceId,
      { ...unfinished, cancelRequestedAt: null },
      { $set: { cancelRequestedAt: at, nextRunAt: at, updatedAt: this.clock() } },
    );
    return this.get(workspaceId, id);
  }
}
