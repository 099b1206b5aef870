import type { Document } from 'bson';
import type { Query } from 'mingo';
import { compileQuery, testQuery } from '../query/mingo-bridge.js';
import { encodeKey, valuesAtPath } from './bson-values.js';

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

/**
 * One secondary index. It keeps two maps:
 * - `lookup`, from the first indexed field's values to documents, over every document (so it may
 *   over-select, never under-select), used to answer equality filters without a scan;
 * - `owners`, for unique indexes only, from full key tuples to the document holding them, over the
 *   documents the index covers (honouring `sparse` and `partialFilterExpression`).
 */
export class CollectionIndex {
  readonly spec: IndexSpec;
  readonly fields: readonly string[];
  private readonly paths: readonly (readonly string[])[];
  private readonly lookup = new Map<string, Set<string>>();
  private readonly owners = new Map<string, string>();
  private readonly coverage: Query | undefined;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.paths = this.fields.map((field) => field.split('.'));
    this.coverage = coverageQuery(spec, this.fields);
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Whether equality lookups may use this index (text and geo indexes hold other keys). */
  get answersEquality(): boolean {
    const first = this.spec.key[this.fields[0] as string] as unknown;
    return first === 1 || first === -1 || first === 'hashed';
  }

  /** Document keys whose first indexed field holds one of `values`. */
  lookupKeys(values: readonly unknown[]): Set<string> {
    const found = new Set<string>();
    for (const value of values) {
      for (const docKey of this.lookup.get(encodeKey(value)) ?? []) found.add(docKey);
    }
    return found;
  }

  /** The clash `doc` would cause with another document, if any. */
  findConflict(docKey: string, doc: Document): KeyConflict | undefined {
    if (!this.unique) return undefined;
    for (const tuple of this.uniqueTuples(doc)) {
      const owner = this.owners.get(tuple.key);
      if (owner !== undefined && owner !== docKey) {
        return { keyValue: Object.fromEntries(this.fields.map((field, i) => [field, tuple.values[i]])) };
      }
    }
    return undefined;
  }

  add(docKey: string, doc: Document): void {
    for (const value of valuesAtPath(doc, this.paths[0] as string[])) {
      const encoded = encodeKey(value);
      let keys = this.lookup.get(encoded);
      if (keys === undefined) this.lookup.set(encoded, (keys = new Set()));
      keys.add(docKey);
    }
    if (this.unique) for (const tuple of this.uniqueTuples(doc)) this.owners.set(tuple.key, docKey);
  }

  remove(docKey: string, doc: Document): void {
    for (const value of valuesAtPath(doc, this.paths[0] as string[])) {
      const encoded = encodeKey(value);
      const keys = this.lookup.get(encoded);
      keys?.delete(docKey);
      if (keys?.size === 0) this.lookup.delete(encoded);
    }
    if (this.unique) {
      for (const tuple of this.uniqueTuples(doc)) {
        if (this.owners.get(tuple.key) === docKey) this.owners.delete(tuple.key);
      }
    }
  }

  /** The key tuples a document occupies: one per combination of array elements (multikey). */
  private uniqueTuples(doc: Document): { key: string; values: unknown[] }[] {
    if (this.coverage !== undefined && !testQuery(this.coverage, doc)) return [];
    let tuples: unknown[][] = [[]];
    for (const path of this.paths) {
      const values = valuesAtPath(doc, path).filter((value) => !Array.isArray(value));
      const options = values.length === 0 ? [null] : values;
      tuples = tuples.flatMap((tuple) => options.map((value) => [...tuple, value]));
    }
    const distinct = new Map<string, unknown[]>();
    for (const values of tuples) distinct.set(values.map(encodeKey).join('|'), values);
    return [...distinct].map(([key, values]) => ({ key, values }));
  }
}

/** Which documents a unique index constrains: all, those matching the partial filter, or (sparse) those with a field. */
function coverageQuery(spec: IndexSpec, fields: readonly string[]): Query | undefined {
  const clauses: Document[] = [];
  if (spec.partialFilterExpression !== undefined) clauses.push(spec.partialFilterExpression);
  if (spec.sparse === true) clauses.push({ $or: fields.map((field) => ({ [field]: { $exists: true } })) });
  if (clauses.length === 0) return undefined;
  return compileQuery(clauses.length === 1 ? (clauses[0] as Document) : { $and: clauses });
}
