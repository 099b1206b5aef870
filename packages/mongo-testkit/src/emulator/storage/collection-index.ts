import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { requiresField, type FieldConditions } from '../query/filter-conditions.js';
import { impliesFilter } from '../query/filter-implication.js';
import { compileQuery, testQuery } from '../query/mingo-bridge.js';
import { isPlainObject } from './bson-values.js';
import { compareBson } from './bson-order.js';
import { compareKeyToBound, type BoundField, type KeyInterval } from './index-bounds.js';
import { keyTuples, pathHasArray, type KeyTuple } from './index-keys.js';
import { SortedList, type ListPosition } from './sorted-list.js';

/** An index as `createIndexes` receives it and `listIndexes` returns it. */
export interface IndexSpec extends Document {
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
}

/** A unique-key clash: the values that collided, shaped like MongoDB's `keyValue`. */
export interface KeyConflict {
  keyValue: Document;
}

export type IndexField = Omit<BoundField, 'multikey'>;

/** One key of one document, tagged with the document's record id (which orders equal keys). */
export interface IndexEntry {
  key: unknown[];
  recordId: number;
  docKey: string;
}

/**
 * One secondary index: the keys of the documents it covers (all of them, or those matching its
 * partial filter, or for a sparse index those holding one of its fields) in a sorted list, in
 * the order the key pattern gives (each field ascending or descending, values in BSON order,
 * equal keys by record id). Unique indexes also map each full key to the document holding it.
 */
export class CollectionIndex {
  readonly spec: IndexSpec;
  /** The key pattern's fields; whether each is multikey changes with the data (`boundFields`). */
  readonly fields: readonly IndexField[];
  /** Whether queries can use it: text and geo indexes hold other kinds of keys. */
  readonly ordered: boolean;
  private readonly paths: readonly (readonly string[])[];
  private readonly entries: SortedList<IndexEntry>;
  private readonly owners = new Map<string, string>();
  private readonly coverage: Query | undefined;
  /** Per field, how many covered documents hold an array on its path. */
  private readonly arrayHolders: number[];
  /** The top-level fields its keys and coverage depend on; null when that cannot be told. */
  private readonly readFields: ReadonlySet<string> | null;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    const pattern = Object.entries(spec.key);
    this.ordered = pattern.every(([, kind]) => kind === 1 || kind === -1 || kind === 'hashed');
    this.fields = pattern.map(([name, kind]) => ({
      name,
      direction: kind === -1 ? -1 : 1,
      hashed: kind === 'hashed',
    }));
    this.paths = this.fields.map((field) => field.name.split('.'));
    this.arrayHolders = this.fields.map(() => 0);
    this.coverage = coverageQuery(spec, this.fields);
    this.readFields = fieldsRead(spec, this.paths);
    this.entries = new SortedList((a, b) => this.compareKeys(a.key, b.key) || a.recordId - b.recordId);
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** The fields with their current multikey state, for planning. */
  boundFields(): BoundField[] {
    return this.fields.map((field, i) => ({ ...field, multikey: (this.arrayHolders[i] ?? 0) > 0 }));
  }

  get isMultikey(): boolean {
    return this.arrayHolders.some((count) => count > 0);
  }

  /**
   * Whether every document a query can match is in the index: always for a full index; for a
   * partial one when the query implies its filter; for a sparse one when the query needs one of
   * its fields to exist.
   */
  holdsAllMatches(query: ReadonlyMap<string, FieldConditions>): boolean {
    const partial = this.spec.partialFilterExpression;
    if (partial !== undefined && !impliesFilter(query, partial)) return false;
    if (this.spec.sparse === true) return this.fields.some((field) => requiresField(query.get(field.name)));
    return true;
  }

  /** The entries within the intervals, in index order (or reversed), each interval in turn. */
  *scan(intervals: readonly KeyInterval[], backward: boolean): Generator<IndexEntry> {
    const ordered = backward ? [...intervals].reverse() : intervals;
    for (const interval of ordered) {
      const { from, to } = this.positions(interval);
      yield* this.entries.between(from, to, backward);
    }
  }

  /**
   * How many entries the intervals hold, to compare candidate indexes and to count from the index
   * alone; its cost follows the chunks spanned, not the index's size.
   */
  countWithin(intervals: readonly KeyInterval[]): number {
    let count = 0;
    for (const interval of intervals) {
      const { from, to } = this.positions(interval);
      count += this.entries.distance(from, to);
    }
    return count;
  }

  /** The clash `doc` would cause with another document, if any. */
  findConflict(docKey: string, doc: Document): KeyConflict | undefined {
    if (!this.unique) return undefined;
    for (const tuple of this.tuplesOf(doc)) {
      const owner = this.owners.get(tuple.encoded);
      if (owner !== undefined && owner !== docKey) {
        return {
          keyValue: Object.fromEntries(this.fields.map((field, i) => [field.name, tuple.values[i]])),
        };
      }
    }
    return undefined;
  }

  /**
   * Indexes every existing document at once (index builds): one sort instead of an insert per
   * key. Returns the first unique-key clash instead, leaving the index to be discarded.
   */
  build(docs: Iterable<{ docKey: string; recordId: number; doc: Document }>): KeyConflict | undefined {
    const all: IndexEntry[] = [];
    for (const { docKey, recordId, doc } of docs) {
      const conflict = this.findConflict(docKey, doc);
      if (conflict !== undefined) return conflict;
      for (const tuple of this.register(docKey, doc)) all.push({ key: tuple.values, recordId, docKey });
    }
    this.entries.reset(all);
    return undefined;
  }

  add(docKey: string, recordId: number, doc: Document): void {
    for (const tuple of this.register(docKey, doc))
      this.entries.insert({ key: tuple.values, recordId, docKey });
  }

  remove(docKey: string, recordId: number, doc: Document): void {
    const tuples = this.tuplesOf(doc);
    if (tuples.length > 0) this.countArrays(doc, -1);
    for (const tuple of tuples) {
      this.entries.delete({ key: tuple.values, recordId, docKey });
      if (this.unique && this.owners.get(tuple.encoded) === docKey) this.owners.delete(tuple.encoded);
    }
  }

  /** Moves a document's entries to its new version; nothing to do when its keys did not change. */
  replace(docKey: string, recordId: number, current: Document, next: Document): void {
    if (this.readsSameValues(current, next)) return;
    const before = this.tuplesOf(current);
    const after = this.tuplesOf(next);
    const same =
      before.length === after.length &&
      before.every((tuple, i) => this.compareKeys(tuple.values, after[i]?.values ?? []) === 0) &&
      this.fields.every(
        (_, i) => pathHasArray(current, this.paths[i] ?? []) === pathHasArray(next, this.paths[i] ?? []),
      );
    if (same) return;
    this.remove(docKey, recordId, current);
    this.add(docKey, recordId, next);
  }

  /**
   * Whether both versions hold the very same values in every top-level field the index reads: then
   * neither its keys nor its coverage can differ. An update replaces only the fields it writes, so
   * this spares most updates (a lease, a counter) working out and comparing the keys.
   */
  private readsSameValues(current: Document, next: Document): boolean {
    if (this.readFields === null) return false;
    for (const field of this.readFields) {
      if (current[field] !== next[field] || field in current !== field in next) return false;
    }
    return true;
  }

  /** Compares two keys in the index's order. */
  compareKeys(a: readonly unknown[], b: readonly unknown[]): number {
    for (let i = 0; i < this.fields.length; i++) {
      const order = compareBson(a[i], b[i]);
      if (order !== 0) return (this.fields[i]?.direction ?? 1) * order;
    }
    return 0;
  }

  /** The keys a document occupies: none when the index does not cover it. */
  private tuplesOf(doc: Document): KeyTuple[] {
    if (!this.ordered && !this.unique) return [];
    if (this.coverage !== undefined && !testQuery(this.coverage, doc)) return [];
    return keyTuples(doc, this.paths);
  }

  /** Records a covered document's unique keys and array fields; returns its keys. */
  private register(docKey: string, doc: Document): KeyTuple[] {
    const tuples = this.tuplesOf(doc);
    if (tuples.length > 0) this.countArrays(doc, 1);
    if (this.unique) for (const tuple of tuples) this.owners.set(tuple.encoded, docKey);
    return this.ordered ? tuples : [];
  }

  private countArrays(doc: Document, delta: 1 | -1): void {
    this.paths.forEach((path, i) => {
      if (pathHasArray(doc, path)) this.arrayHolders[i] = (this.arrayHolders[i] ?? 0) + delta;
    });
  }

  private positions(interval: KeyInterval): { from: ListPosition; to: ListPosition } {
    const from = this.entries.lowerBound((entry) => compareKeyToBound(entry.key, interval.low, this.fields));
    const to = this.entries.upperBound((entry) => compareKeyToBound(entry.key, interval.high, this.fields));
    return { from, to };
  }
}

/**
 * The top-level fields an index's keys and coverage are computed from: the first field of each key
 * path and of each path its partial filter names. Null for a filter this cannot follow (an operator
 * other than `$and`, `$or`, `$nor` at its top, such as `$expr`).
 */
function fieldsRead(spec: IndexSpec, paths: readonly (readonly string[])[]): Set<string> | null {
  const fields = new Set(paths.map((path) => path[0] as string));
  const visit = (filter: unknown): boolean => {
    if (!isPlainObject(filter)) return false;
    for (const [key, condition] of Object.entries(filter)) {
      if (['$and', '$or', '$nor'].includes(key)) {
        if (!Array.isArray(condition) || !condition.every(visit)) return false;
      } else if (key.startsWith('$')) return false;
      else fields.add(key.split('.')[0] as string);
    }
    return true;
  };
  const partial = spec.partialFilterExpression;
  return partial === undefined || visit(partial) ? fields : null;
}

/** Which documents an index covers: all, those matching the partial filter, or (sparse) those with a field. */
function coverageQuery(spec: IndexSpec, fields: readonly IndexField[]): Query | undefined {
  const clauses: Document[] = [];
  if (spec.partialFilterExpression !== undefined) clauses.push(spec.partialFilterExpression);
  if (spec.sparse === true)
    clauses.push({ $or: fields.map((field) => ({ [field.name]: { $exists: true } })) });
  if (clauses.length === 0) return undefined;
  return compileQuery(clauses.length === 1 ? (clauses[0] as Document) : { $and: clauses });
}
