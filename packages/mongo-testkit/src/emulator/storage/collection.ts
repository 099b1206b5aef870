import { calculateObjectSize, ObjectId, UUID, type Document } from 'bson';
import { badValue, ErrorCode, MongoCommandError } from '../mongo-error.js';
import { encodeKey, isPlainObject, withIdFirst } from './bson-values.js';
import { CollectionIndex, type IndexSpec } from './collection-index.js';
import { assertCompatible, ID_INDEX } from './index-specs.js';
import { executePlan, type QueryOutcome, type RecordSource } from './query-execution.js';
import { isCountedByIndex } from './count-scan.js';
import { planQuery, type QueryOptions, type QueryPlan } from './query-planner.js';
import type { StorageListener } from './storage-changes.js';

/** A count's answer and how it was found, for `explain`. */
export interface CountOutcome {
  count: number;
  plan: QueryPlan;
  /** Answered from index keys alone (COUNT_SCAN): no document was read. */
  countedByIndex: boolean;
  docsExamined: number;
  keysExamined: number;
}

export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/**
 * One collection: documents in insertion order keyed by their encoded `_id` (which answers `_id`
 * equality), the `_id` index in key order, and the secondary indexes. Stored documents are never mutated; updates swap in a new object, so a
 * failed update leaves nothing half-applied and open cursors keep a consistent snapshot per batch.
 */
export class Collection {
  readonly uuid = new UUID();
  readonly database: string;
  readonly name: string;
  readonly options: Document;
  /** Documents read to answer filters; tests use it to prove indexed lookups do not scan. */
  docsExamined = 0;
  private readonly docs = new Map<string, Document>();
  private readonly indexes = new Map<string, CollectionIndex>();
  /** Each document's record id: assigned on insert, kept on update; orders equal index keys. */
  private readonly recordIds = new Map<string, number>();
  /**
   * `_id` in key order, for ranges and sorts on `_id` (equality reads `docs` directly). `_id`
   * never changes, so updates leave it alone; `docs` enforces uniqueness.
   */
  private readonly idIndex = new CollectionIndex({ key: ID_INDEX.key, name: ID_INDEX.name });
  private nextRecordId = 1;
  private readonly records: RecordSource = {
    get: (docKey) => this.docs.get(docKey),
    all: () => this.docs.values(),
  };

  constructor(
    database: string,
    name: string,
    options: Document = {},
    private readonly onChange: StorageListener = () => undefined,
  ) {
    this.database = database;
    this.name = name;
    this.options = options;
  }

  get ns(): string {
    return `${this.database}.${this.name}`;
  }

  get count(): number {
    return this.docs.size;
  }

  /** The stored document with this `_id`, if any. */
  byId(id: unknown): Document | undefined {
    return this.docs.get(encodeKey(id));
  }

  documents(): Document[] {
    return [...this.docs.values()];
  }

  /**
   * The stored documents matching `filter` (read-only), using an index when the filter allows.
   * With `options`, see `query`: a limit may cut the result short.
   */
  find(filter: Document = {}, options: QueryOptions = {}): Document[] {
    return this.query(filter, options).docs;
  }

  /**
   * The matches of a read. When the order is final (no sort, or an index walk gave it) and there is
   * a limit, only the first `skip + limit` matches are returned; otherwise all of them, unsorted.
   */
  query(filter: Document, options: QueryOptions = {}): QueryOutcome {
    const plan = planQuery(filter, options, [this.idIndex, ...this.indexes.values()]);
    const outcome = executePlan(plan, filter, options, this.records);
    this.docsExamined += outcome.docsExamined;
    return outcome;
  }

  /**
   * How many documents match, without handing any out: from the index keys alone when the filter
   * is exactly the index's bounds (see `isCountedByIndex`), else by fetching the candidates. A
   * limit stops a fetching count early.
   */
  countMatches(filter: Document, options: QueryOptions = {}): CountOutcome {
    const plan = planQuery(filter, {}, [this.idIndex, ...this.indexes.values()]);
    if (plan.stage === 'COLLSCAN' && Object.keys(filter).length === 0)
      return { count: this.docs.size, plan, countedByIndex: false, docsExamined: 0, keysExamined: 0 };
    if (plan.stage === 'IXSCAN' && isCountedByIndex(filter, plan)) {
      const count = plan.index.countWithin(plan.intervals);
      return { count, plan, countedByIndex: true, docsExamined: 0, keysExamined: count };
    }
    const outcome = executePlan(
      plan,
      filter,
      { limit: options.limit, variables: options.variables },
      this.records,
    );
    this.docsExamined += outcome.docsExamined;
    return {
      count: outcome.docs.length,
      plan,
      countedByIndex: false,
      docsExamined: outcome.docsExamined,
      keysExamined: outcome.keysExamined,
    };
  }

  /** Adds a new document (an `_id` is generated when missing); duplicate keys are rejected. */
  insert(input: Document): Document {
    const doc = withIdFirst('_id' in input ? input : { _id: new ObjectId(), ...input });
    assertStorable(doc);
    assertValidId(doc['_id']);
    const docKey = encodeKey(doc['_id']);
    if (this.docs.has(docKey)) throw this.duplicateKey(ID_INDEX, { _id: doc['_id'] });
    this.assertNoConflict(docKey, doc);
    const recordId = this.nextRecordId++;
    this.docs.set(docKey, doc);
    this.recordIds.set(docKey, recordId);
    this.idIndex.add(docKey, recordId, doc);
    for (const index of this.indexes.values()) index.add(docKey, recordId, doc);
    this.onChange({ op: 'put', db: this.database, coll: this.name, doc });
    return doc;
  }

  /** Swaps a stored document for its updated version (same `_id`), keeping unique keys unique. */
  replace(current: Document, next: Document): Document {
    const docKey = encodeKey(current['_id']);
    const doc = withIdFirst(next);
    this.assertNoConflict(docKey, doc);
    const recordId = this.recordIdOf(docKey);
    const stored = this.docs.get(docKey) ?? current;
    this.docs.set(docKey, doc);
    for (const index of this.indexes.values()) index.replace(docKey, recordId, stored, doc);
    this.onChange({ op: 'put', db: this.database, coll: this.name, doc });
    return doc;
  }

  remove(doc: Document): void {
    const docKey = encodeKey(doc['_id']);
    const stored = this.docs.get(docKey);
    if (stored === undefined) return;
    const recordId = this.recordIdOf(docKey);
    this.docs.delete(docKey);
    this.recordIds.delete(docKey);
    this.idIndex.remove(docKey, recordId, stored);
    for (const index of this.indexes.values()) index.remove(docKey, recordId, stored);
    this.onChange({ op: 'remove', db: this.database, coll: this.name, id: stored['_id'] });
  }

  listIndexes(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  /** Creates an index over the existing documents; false when an identical one already exists. */
  createIndex(spec: IndexSpec): boolean {
    for (const existing of this.listIndexes()) {
      if (assertCompatible(existing, spec) === 'same') return false;
    }
    const index = new CollectionIndex(spec);
    const records = [...this.docs].map(([docKey, doc]) => ({
      docKey,
      doc,
      recordId: this.recordIdOf(docKey),
    }));
    const conflict = index.build(records);
    if (conflict !== undefined) throw this.duplicateKey(spec, conflict.keyValue);
    this.indexes.set(spec.name, index);
    this.onChange({ op: 'createIndex', db: this.database, coll: this.name, spec });
    return true;
  }

  /** Drops one index by name or key pattern. */
  dropIndex(selector: string | Document): void {
    const index = [...this.indexes.values()].find((candidate) =>
      typeof selector === 'string'
        ? candidate.name === selector
        : encodeKey(candidate.spec.key) === encodeKey(selector),
    );
    const isIdIndex =
      selector === ID_INDEX.name ||
      (typeof selector !== 'string' && encodeKey(selector) === encodeKey(ID_INDEX.key));
    if (isIdIndex) throw new MongoCommandError(ErrorCode.InvalidOptions, 'cannot drop _id index');
    if (index === undefined) {
      const label = typeof selector === 'string' ? selector : JSON.stringify(selector);
      throw new MongoCommandError(ErrorCode.IndexNotFound, `index not found with name [${label}]`);
    }
    this.indexes.delete(index.name);
    this.onChange({ op: 'dropIndex', db: this.database, coll: this.name, name: index.name });
  }

  dropAllIndexes(): void {
    for (const name of [...this.indexes.keys()]) this.dropIndex(name);
  }

  ttlIndexes(): IndexSpec[] {
    return [...this.indexes.values()]
      .map((index) => index.spec)
      .filter((spec) => typeof spec.expireAfterSeconds === 'number' && Object.keys(spec.key).length === 1);
  }

  private recordIdOf(docKey: string): number {
    return this.recordIds.get(docKey) ?? 0;
  }

  private assertNoConflict(docKey: string, doc: Document): void {
    for (const index of this.indexes.values()) {
      const conflict = index.findConflict(docKey, doc);
      if (conflict !== undefined) throw this.duplicateKey(index.spec, conflict.keyValue);
    }
  }

  private duplicateKey(spec: IndexSpec, keyValue: Document): MongoCommandError {
    const shown = Object.entries(keyValue)
      .map(([field, value]) => `${field}: ${renderValue(value)}`)
      .join(', ');
    return new MongoCommandError(
      ErrorCode.DuplicateKey,
      `E11000 duplicate key error collection: ${this.ns} index: ${spec.name} dup key: { ${shown} }`,
      { keyPattern: spec.key, keyValue },
    );
  }
}

function renderValue(value: unknown): string {
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  return JSON.stringify(value) ?? 'undefined';
}

/** MongoDB's per-document limits: 16 MiB. */
export function assertStorable(doc: Document): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_DOCUMENT_BYTES) {
    throw badValue(`object to insert too large. size in bytes: ${size}, max size: ${MAX_DOCUMENT_BYTES}`);
  }
}

function assertValidId(id: unknown): void {
  if (Array.isArray(id)) throw badValue(`can't use an array for _id`);
  if (id instanceof RegExp) throw badValue(`can't use a regex for _id`);
  if (id === undefined) throw badValue(`can't use undefined for _id`);
  const dollarField = dollarPrefixedField(id);
  if (dollarField !== undefined) {
    throw new MongoCommandError(
      ErrorCode.DollarPrefixedFieldName,
      `_id fields may not contain '$'-prefixed fields: ${dollarField} is not valid for storage.`,
    );
  }
}

function dollarPrefixedField(value: unknown): string | undefined {
  if (!isPlainObject(value)) return undefined;
  for (const [field, inner] of Object.entries(value)) {
    if (field.startsWith('$')) return field;
    const nested = dollarPrefixedField(inner);
    if (nested !== undefined) return nested;
  }
  return undefined;
}
