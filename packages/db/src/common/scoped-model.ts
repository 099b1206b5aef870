import type { Model, mongo, PipelineStage, QueryFilter, UpdateQuery } from 'mongoose';
import { duplicatePositions, isDuplicateKeyError } from './duplicate-keys.js';
import { afterCursor, encodeCursor, type KeysetOrder } from './keyset.js';
import type { WorkspaceId } from './public-ids.js';

/** Every tenant record: its public id and the workspace that owns it. */
export interface TenantRecord {
  _id: string;
  workspaceId: string;
}

/**
 * The aggregation stages a scoped pipeline may use. `$lookup`, `$graphLookup`, `$unionWith`,
 * `$facet` (whose sub-pipelines may look up), `$out` and `$merge` are left out on purpose: they
 * read or write other collections, where the leading workspace `$match` does not reach.
 */
export type ScopedStage =
  | PipelineStage.Match
  | PipelineStage.Group
  | PipelineStage.Sort
  | PipelineStage.Project
  | PipelineStage.Limit
  | PipelineStage.Skip
  | PipelineStage.Count
  | PipelineStage.Unwind
  | PipelineStage.AddFields
  | PipelineStage.Set;

export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

export interface UpdateResult {
  matched: number;
  modified: number;
}

export interface ScopedUpdate<T> {
  filter: QueryFilter<T>;
  update: UpdateQuery<T>;
  /** Inserts the record when nothing matches (the filter's equalities and the workspace). */
  upsert?: boolean;
}

/**
 * A collection seen through one workspace. Each method takes the workspace id first and adds it
 * to the filter (after the caller's keys, so a caller cannot override it), to inserted records,
 * and as the first stage of aggregations. Repositories hold one of these, never a bare model,
 * and the package exports neither: the only way to a collection is a repository method.
 */
export class ScopedModel<T extends TenantRecord> {
  constructor(private readonly model: Model<T>) {}

  /**
   * The unscoped model, for the few operations that span workspaces by nature (authentication
   * by key hash, claims of due work, rate-limit windows). Each use sits in a repository method
   * whose name and comment say so; grep for `acrossWorkspaces` to review them all.
   */
  get acrossWorkspaces(): Model<T> {
    return this.model;
  }

  scope(workspaceId: WorkspaceId, filter: QueryFilter<T> = {}): QueryFilter<T> {
    return { ...filter, workspaceId } as QueryFilter<T>;
  }

  findOne(workspaceId: WorkspaceId, filter: QueryFilter<T>, options: FindOptions = {}): Promise<T | null> {
    const query = this.model.findOne(this.scope(workspaceId, filter));
    if (options.sort) query.sort(options.sort);
    return query.lean<T>().exec();
  }

  find(workspaceId: WorkspaceId, filter: QueryFilter<T>, options: FindOptions = {}): Promise<T[]> {
    const query = this.model.find(this.scope(workspaceId, filter));
    if (options.sort) query.sort(options.sort);
    if (options.skip !== undefined) query.skip(options.skip);
    if (options.limit !== undefined) query.limit(options.limit);
    return query.lean<T[]>().exec();
  }

  /**
   * One page in a keyset order: the records after the cursor (`after`), then `skip`, up to
   * `limit`, and the cursor after the last one when more follow (one extra record is read to
   * know). With an index on the order's fields behind the filter's equalities, a page costs a
   * page wherever it starts.
   */
  async page(
    workspaceId: WorkspaceId,
    filter: QueryFilter<T>,
    options: { order: KeysetOrder; after?: string | undefined; skip: number; limit: number },
  ): Promise<{ records: T[]; nextCursor: string | null }> {
    const scoped =
      options.after === undefined
        ? filter
        : ({ $and: [filter, afterCursor<T>(options.order, options.after)] } as QueryFilter<T>);
    const sort = Object.fromEntries(options.order.keys) as Sort;
    const found = await this.find(workspaceId, scoped, {
      sort,
      skip: options.skip,
      limit: options.limit + 1,
    });
    const records = found.slice(0, options.limit);
    const last = records.at(-1);
    const more = found.length > options.limit && last !== undefined;
    return {
      records,
      nextCursor: more ? encodeCursor(options.order, last as Record<string, unknown>) : null,
    };
  }

  /** The ids among `ids` that exist in the workspace under `filter`. */
  async existingIds(
    workspaceId: WorkspaceId,
    ids: readonly string[],
    filter: QueryFilter<T> = {},
  ): Promise<Set<string>> {
    const found = await this.model
      .find(this.scope(workspaceId, { ...filter, _id: { $in: ids } } as QueryFilter<T>), { _id: 1 })
      .lean<Array<{ _id: string }>>()
      .exec();
    return new Set(found.map((record) => record._id));
  }

  /** Whether a matching record exists: one indexed `find` with a limit of 1, never a count. */
  async exists(workspaceId: WorkspaceId, filter: QueryFilter<T>): Promise<boolean> {
    return (await this.model.exists(this.scope(workspaceId, filter)).exec()) !== null;
  }

  count(workspaceId: WorkspaceId, filter: QueryFilter<T>): Promise<number> {
    return this.model.countDocuments(this.scope(workspaceId, filter)).exec();
  }

  /** Inserts one validated record and returns it as stored (schema defaults applied). */
  async insertOne(workspaceId: WorkspaceId, record: Omit<T, 'workspaceId'>): Promise<T> {
    const created = await new this.model({ ...record, workspaceId }).save();
    // `flattenMaps` so Map-typed fields come back as the plain objects a lean read returns.
    return created.toObject({ flattenMaps: true }) as unknown as T;
  }

  /**
   * `insertOne` under an id chosen beforehand (`reservedId`): when the workspace has a record with
   * that id already, an earlier attempt of the same request stored it, and it is returned as it is
   * now (`inserted: false`) instead of a second one. Any other failure, another unique index's
   * included, is rethrown.
   */
  async insertOnce(
    workspaceId: WorkspaceId,
    record: Omit<T, 'workspaceId'>,
  ): Promise<{ record: T; inserted: boolean }> {
    try {
      return { record: await this.insertOne(workspaceId, record), inserted: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const earlier = await this.findOne(workspaceId, { _id: record._id } as QueryFilter<T>);
      if (earlier === null) throw error;
      return { record: earlier, inserted: false };
    }
  }

  /**
   * Inserts records unordered and reports which were new: a unique-index violation counts as a
   * duplicate (an idempotent insert), any other failure is rethrown. Records are inserted lean,
   * as built by the repository, so the server's error positions match the array's.
   */
  async insertManyCountingDuplicates(
    workspaceId: WorkspaceId,
    records: ReadonlyArray<Omit<T, 'workspaceId'>>,
  ): Promise<{ inserted: T[]; duplicates: number }> {
    return this.insertManyAcrossWorkspacesCountingDuplicates(
      records.map((record) => ({ ...record, workspaceId }) as unknown as T),
    );
  }

  /**
   * `insertManyCountingDuplicates` for records that each carry their own workspace: one round trip
   * for the work of several workspaces (the dispatcher's fan-out). The caller vouches for each
   * record's `workspaceId`. With `stored`, the caller also vouches that every record is complete and
   * in the stored shape (every field, defaults written out, dates as dates), and the records go
   * through the driver past mongoose's casting and validation.
   */
  async insertManyAcrossWorkspacesCountingDuplicates(
    records: readonly T[],
    { stored = false }: { stored?: boolean } = {},
  ): Promise<{ inserted: T[]; duplicates: number }> {
    if (records.length === 0) return { inserted: [], duplicates: 0 };
    try {
      if (stored) {
        // Every record has its `_id`, so the driver adds none to them.
        const documents = records as unknown as mongo.OptionalId<mongo.Document>[];
        await this.model.collection.insertMany(documents, { ordered: false });
      } else await this.model.insertMany(records, { ordered: false, lean: true });
      return { inserted: [...records], duplicates: 0 };
    } catch (error) {
      const rejected = duplicatePositions(error);
      if (rejected === null) throw error;
      return { inserted: records.filter((_, index) => !rejected.has(index)), duplicates: rejected.size };
    }
  }

  async updateOne(
    workspaceId: WorkspaceId,
    filter: QueryFilter<T>,
    update: UpdateQuery<T>,
    options: { upsert?: boolean } = {},
  ): Promise<UpdateResult> {
    const result = await this.model
      .updateOne(this.scope(workspaceId, filter), update, { upsert: options.upsert ?? false })
      .exec();
    return { matched: result.matchedCount, modified: result.modifiedCount };
  }

  async updateMany(
    workspaceId: WorkspaceId,
    filter: QueryFilter<T>,
    update: UpdateQuery<T>,
  ): Promise<UpdateResult> {
    const result = await this.model.updateMany(this.scope(workspaceId, filter), update).exec();
    return { matched: result.matchedCount, modified: result.modifiedCount };
  }

  /**
   * Many conditional single-document updates in one round trip; returns how many changed.
   * Unordered unless asked: an ordered write stops at the first update that fails.
   */
  async bulkUpdate(
    workspaceId: WorkspaceId,
    updates: ReadonlyArray<ScopedUpdate<T>>,
    options: { ordered?: boolean } = {},
  ): Promise<number> {
    if (updates.length === 0) return 0;
    // mongoose types bulk operations over `T extends Document`, which a generic record type
    // cannot satisfy; the operations are plain scoped updateOne models.
    const operations = updates.map(({ filter, update, upsert }) => ({
      updateOne: { filter: this.scope(workspaceId, filter), update, upsert: upsert ?? false },
    })) as unknown as Parameters<Model<T>['bulkWrite']>[0];
    const result = await this.model.bulkWrite(operations, { ordered: options.ordered ?? false });
    return result.modifiedCount + result.upsertedCount;
  }

  /** One atomic read-modify-write; the result is the document after the update unless asked. */
  findOneAndUpdate(
    workspaceId: WorkspaceId,
    filter: QueryFilter<T>,
    update: UpdateQuery<T>,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after'; sort?: Sort } = {},
  ): Promise<T | null> {
    return this.model
      .findOneAndUpdate(this.scope(workspaceId, filter), update, {
        returnDocument: options.returnDocument ?? 'after',
        upsert: options.upsert ?? false,
        // An update given as an aggregation pipeline (an array) computes fields from the stored ones.
        updatePipeline: Array.isArray(update),
        ...(options.sort ? { sort: options.sort } : {}),
      })
      .lean<T>()
      .exec();
  }

  async deleteMany(workspaceId: WorkspaceId, filter: QueryFilter<T>): Promise<number> {
    const result = await this.model.deleteMany(this.scope(workspaceId, filter)).exec();
    return result.deletedCount;
  }

  async deleteOne(workspaceId: WorkspaceId, filter: QueryFilter<T>): Promise<boolean> {
    const result = await this.model.deleteOne(this.scope(workspaceId, filter)).exec();
    return result.deletedCount === 1;
  }

  /** An aggregation whose first stage keeps the workspace's records only. */
  aggregate<R>(workspaceId: WorkspaceId, pipeline: readonly ScopedStage[]): Promise<R[]> {
    return this.model.aggregate<R>([{ $match: { workspaceId } }, ...pipeline]).exec();
  }
}
