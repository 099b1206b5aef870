import { calculateObjectSize, ObjectId, UUID, type Document } from 'bson';
import { equalityConditions } from '../query/equality-conditions.js';
import { compileQuery, testQuery } from '../query/mingo-bridge.js';
import { badValue, ErrorCode, MongoCommandError } from '../mongo-error.js';
import { encodeKey, withIdFirst } from './bson-values.js';
import { CollectionIndex, type IndexSpec } from './collection-index.js';
import { assertCompatible, ID_INDEX } from './index-specs.js';

export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** How a filter was answered: by `_id`, through a secondary index, or by a collection scan. */
export interface FindPlan {
  stage: 'IDHACK' | 'IXSCAN' | 'COLLSCAN';
  indexName?: string;
}

/**
 * One collection: documents in insertion order keyed by their encoded `_id` (the `_id` index),
 * plus secondary indexes. Stored documents are never mutated; updates swap in a new object, so a
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

  constructor(database: string, name: string, options: Document = {}) {
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

  documents(): Document[] {
    return [...this.docs.values()];
  }

  /** The stored documents matching `filter` (read-only), using an index when the filter allows. */
  find(filter: Document = {}): Document[] {
    return this.plannedFind(filter).docs;
  }

  /** `find` plus how it was answered, for `explain`. */
  plannedFind(filter: Document): { docs: Document[]; plan: FindPlan } {
    const { candidates, plan } = this.candidates(filter);
    this.docsExamined += candidates.length;
    if (Object.keys(filter).length === 0) return { docs: candidates, plan };
    const query = compileQuery(filter);
    return { docs: candidates.filter((doc) => testQuery(query, doc)), plan };
  }

  /** Adds a new document (an `_id` is generated when missing); duplicate keys are rejected. */
  insert(input: Document): Document {
    const doc = withIdFirst('_id' in input ? input : { _id: new ObjectId(), ...input });
    assertStorable(doc);
    assertValidId(doc['_id']);
    const docKey = encodeKey(doc['_id']);
    if (this.docs.has(docKey)) throw this.duplicateKey(ID_INDEX, { _id: doc['_id'] });
    this.assertNoConflict(docKey, doc);
    this.docs.set(docKey, doc);
    for (const index of this.indexes.values()) index.add(docKey, doc);
    return doc;
  }

  /** Swaps a stored document for its updated version (same `_id`), keeping unique keys unique. */
  replace(current: Document, next: Document): Document {
    const docKey = encodeKey(current['_id']);
    const doc = withIdFirst(next);
    this.assertNoConflict(docKey, doc);
    for (const index of this.indexes.values()) index.remove(docKey, current);
    this.docs.set(docKey, doc);
    for (const index of this.indexes.values()) index.add(docKey, doc);
    return doc;
  }

  remove(doc: Document): void {
    const docKey = encodeKey(doc['_id']);
    if (!this.docs.delete(docKey)) return;
    for (const index of this.indexes.values()) index.remove(docKey, doc);
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
    for (const [docKey, doc] of this.docs) {
      const conflict = index.findConflict(docKey, doc);
      if (conflict !== undefined) throw this.duplicateKey(spec, conflict.keyValue);
      index.add(docKey, doc);
    }
    this.indexes.set(spec.name, index);
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
  }

  dropAllIndexes(): void {
    this.indexes.clear();
  }

  ttlIndexes(): IndexSpec[] {
    return [...this.indexes.values()]
      .map((index) => index.spec)
      .filter((spec) => typeof spec.expireAfterSeconds === 'number' && Object.keys(spec.key).length === 1);
  }

  private candidates(filter: Document): { candidates: Document[]; plan: FindPlan } {
    const pinned = equalityConditions(filter);
    const ids = pinned.get('_id');
    if (ids !== undefined) {
      return {
        candidates: this.byKeys(new Set(ids.map(encodeKey))),
        plan: { stage: 'IDHACK', indexName: '_id_' },
      };
    }
    let best: { keys: Set<string>; indexName: string } | undefined;
    for (const index of this.indexes.values()) {
      const values = index.answersEquality ? pinned.get(index.fields[0] as string) : undefined;
      if (values === undefined) continue;
      const keys = index.lookupKeys(values);
      if (best === undefined || keys.size < best.keys.size) best = { keys, indexName: index.name };
    }
    if (best === undefined) return { candidates: this.documents(), plan: { stage: 'COLLSCAN' } };
    return { candidates: this.byKeys(best.keys), plan: { stage: 'IXSCAN', indexName: best.indexName } };
  }

  private byKeys(keys: Set<string>): Document[] {
    const found: Document[] = [];
    for (const key of keys) {
      const doc = this.docs.get(key);
      if (doc !== undefined) found.push(doc);
    }
    return found;
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
}
