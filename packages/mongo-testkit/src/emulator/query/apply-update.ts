import { calculateObjectSize, type Document } from 'bson';
import { update as mingoUpdate } from 'mingo';
import * as mingoUpdateOperators from 'mingo/operators/update';
import type { Modifier } from 'mingo/updater';
import {
  cloneDocument,
  encodeKey,
  getPath,
  isPlainObject,
  sameKey,
  setPath,
  withIdFirst,
} from '../storage/bson-values.js';
import { MAX_DOCUMENT_BYTES } from '../storage/collection.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { runPipeline, translating } from './mingo-bridge.js';
import { resolvePositional } from './positional-paths.js';
import { applyTopLevel, isTopLevelWrite, type WrittenPath } from './top-level-operators.js';
import { assertOperatorApplies } from './update-preconditions.js';
import { touchesId, validateOperatorUpdate, writtenPaths } from './update-validation.js';

const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export interface AppliedUpdate {
  doc: Document;
  changed: boolean;
}

/**
 * An update of any of MongoDB's three forms (operators, replacement document, pipeline),
 * validated once and then applied to copies of matching documents, or used to build the document
 * an upsert inserts. The stored document is never touched: callers swap the result in.
 */
export class PreparedUpdate {
  /** The writes of an operator update without `$setOnInsert`, `_id` paths or positional `$`: the
   * same for every document, so worked out once (undefined until asked, null when per document). */
  private fixedWrites: WrittenPath[] | null | undefined;

  private constructor(
    private readonly kind: 'operators' | 'replacement' | 'pipeline',
    private readonly spec: Document,
    private readonly pipeline: Document[] = [],
    private readonly variables: Document | undefined = undefined,
  ) {}

  /** `variables`: the command's `let`, for `$$name` in a pipeline update. */
  static parse(raw: unknown, multi: boolean, variables?: Document): PreparedUpdate {
    if (Array.isArray(raw)) return new PreparedUpdate('pipeline', {}, validatePipeline(raw), variables);
    if (!isPlainObject(raw)) {
      throw new MongoCommandError(
        ErrorCode.FailedToParse,
        'Update argument must be either an object or an array',
      );
    }
    const first = Object.keys(raw)[0];
    if (first !== undefined && first.startsWith('$')) {
      validateOperatorUpdate(raw);
      return new PreparedUpdate('operators', raw);
    }
    if (multi) {
      throw new MongoCommandError(
        ErrorCode.FailedToParse,
        'multi update is not supported for replacement-style update',
      );
    }
    const dollarField = Object.keys(raw).find((key) => key.startsWith('$'));
    if (dollarField !== undefined) {
      throw new MongoCommandError(
        ErrorCode.BadValue,
        `The dollar ($) prefixed field '${dollarField}' is not allowed in the context of an update's replacement document`,
      );
    }
    return new PreparedUpdate('replacement', raw);
  }

  /** The updated copy of `current`; `query` resolves the positional `$`. */
  apply(current: Document, query: Document, arrayFilters: Document[]): AppliedUpdate {
    const doc = this.updatedCopy(current, query, arrayFilters);
    assertIdUnchanged(current, doc);
    assertFits(doc);
    return { doc: withIdFirst(doc), changed: !sameKey(doc, current) };
  }

  /** The document an upsert inserts: the query's equality fields, then the update (with `$setOnInsert`). */
  buildInsert(query: Document, arrayFilters: Document[]): Document {
    const seed = seedFromQuery(query);
    let doc: Document;
    if (this.kind === 'replacement') {
      doc = { ...('_id' in seed ? { _id: seed['_id'] } : {}), ...cloneDocument(this.spec) };
    } else if (this.kind === 'pipeline') {
      doc = keepingId(seed, runPipeline([seed], this.pipeline, this.pipelineOptions())[0] ?? {});
    } else {
      doc = seed;
      for (const { operator, path, value } of writtenPaths(this.spec)) {
        if (touchesId(path) && (operator === '$set' || operator === '$setOnInsert'))
          setPath(doc, path, value);
      }
      const { $setOnInsert: onInsert, ...rest } = this.spec;
      const modifier = withoutIdPaths({
        ...rest,
        $set: { ...(rest['$set'] as Document), ...(onInsert as Document) },
      });
      applyOperators(doc, writtenPaths(modifier), arrayFilters);
    }
    assertFits(doc);
    return withIdFirst(doc);
  }

  private pipelineOptions(): { variables?: Document } {
    return this.variables === undefined ? {} : { variables: this.variables };
  }

  private updatedCopy(current: Document, query: Document, arrayFilters: Document[]): Document {
    if (this.kind === 'replacement') return { _id: current['_id'], ...cloneDocument(this.spec) };
    if (this.kind === 'pipeline') {
      return keepingId(
        current,
        runPipeline([cloneDocument(current)], this.pipeline, this.pipelineOptions())[0] ?? {},
      );
    }
    const writes = this.writesFor(current, query);
    if (arrayFilters.length === 0 && writes.every(isTopLevelWrite)) {
      // Only top-level fields are replaced, so a shallow copy keeps the stored document intact.
      const copy = { ...current };
      if (writes.every((write) => applyTopLevelChecked(copy, write))) return copy;
    }
    const doc = cloneDocument(current);
    applyOperators(doc, writes, arrayFilters);
    return doc;
  }

  /** The writes to apply to `current` (see `modifierFor`), worked out once when they cannot vary. */
  private writesFor(current: Document, query: Document): WrittenPath[] {
    if (this.fixedWrites === undefined) {
      const { $setOnInsert: _ignored, ...modifier } = this.spec;
      const writes = writtenPaths(modifier);
      const varies = writes.some(({ path }) => touchesId(path) || path.includes('$'));
      this.fixedWrites = varies ? null : writes;
    }
    return this.fixedWrites ?? writtenPaths(this.modifierFor(current, query));
  }

  /**
   * The operators to run on an existing document: no `$setOnInsert`, `_id` only if unchanged, and
   * positional `$` paths resolved against the query.
   */
  private modifierFor(current: Document, query: Document): Document {
    const { $setOnInsert: _ignored, ...modifier } = this.spec;
    for (const { operator, path, value } of writtenPaths(modifier)) {
      if (!touchesId(path)) continue;
      const unchanged =
        operator === '$set' && path === '_id' && encodeKey(value) === encodeKey(current['_id']);
      if (!unchanged) {
        throw new MongoCommandError(
          ErrorCode.ImmutableField,
          `Performing an update on the path '${path}' would modify the immutable field '_id'`,
        );
      }
    }
    const resolved: Document = {};
    for (const [operator, fields] of Object.entries(withoutIdPaths(modifier))) {
      resolved[operator] = Object.fromEntries(
        Object.entries(fields as Document).map(([path, value]) => [
          resolvePositional(path, query, current),
          value,
        ]),
      );
    }
    return resolved;
  }
}

/** A pipeline's output that dropped `_id` (`$replaceRoot`, `$unset`) keeps the input's, as on MongoDB. */
function keepingId(input: Document, output: Document): Document {
  return '_id' in output || !('_id' in input) ? output : { _id: input['_id'], ...output };
}

/**
 * Applies the operators one path at a time. The paths were already checked not to overlap, so the
 * order does not matter; mingo, given them together, would take `items.$[a].x` and `items.$[a].y`
 * for a conflict on `items`.
 */
/** mingo's update operators, each `(expression) => (document) => changed fields`. */
const UPDATE_OPERATORS = new Map<string, (expression: Document) => (doc: Document) => string[]>(
  Object.entries(mingoUpdateOperators).filter(([name]) => name.startsWith('$')) as Array<
    [string, (expression: Document) => (doc: Document) => string[]]
  >,
);

function applyOperators(doc: Document, writes: WrittenPath[], arrayFilters: Document[]): void {
  createPushTargets(doc, writes);
  for (const write of writes) {
    const { operator, path, value } = write;
    if (arrayFilters.length === 0 && isTopLevelWrite(write) && applyTopLevelChecked(doc, write)) continue;
    assertOperatorApplies(doc, operator, path);
    if (operator === '$rename') assertOperatorApplies(doc, '$set', String(value));
    const filters = arrayFilters.filter((filter) => usesIdentifierOf(filter, path));
    const direct = filters.length === 0 ? UPDATE_OPERATORS.get(operator) : undefined;
    if (direct !== undefined) {
      // The operator itself, without `update`'s set-up of a query context for each call (most of
      // the cost of an update of a few fields); it applies the path exactly as `update` would.
      translating(() => direct({ [path]: value })(doc));
      continue;
    }
    const single = { [operator]: { [path]: value } } as Modifier<Document>;
    translating(() => mingoUpdate(doc, single, filters));
  }
}

/** `applyTopLevel` after the checks MongoDB makes first (a `$push` onto a non-array is refused). */
function applyTopLevelChecked(doc: Document, write: WrittenPath): boolean {
  assertOperatorApplies(doc, write.operator, write.path);
  return applyTopLevel(doc, write);
}

/** Whether an array filter (`{ 'big.qty': ... }`) belongs to an identifier in the path (`$[big]`). */
function usesIdentifierOf(filter: Document, path: string): boolean {
  return Object.keys(filter).some((key) => path.includes(`$[${key.split('.')[0] as string}]`));
}

/**
 * mingo's `$push` onto a missing field stores `$each` as is, ignoring `$slice`/`$sort`; MongoDB
 * starts from an empty array. Creating the array first gives MongoDB's result.
 */
function createPushTargets(doc: Document, writes: WrittenPath[]): void {
  for (const { operator, path, value: spec } of writes) {
    if (operator !== '$push' || !isPlainObject(spec) || !('$each' in spec) || path.includes('$')) continue;
    if (getPath(doc, path) === undefined && parentsAreDocuments(doc, path)) setPath(doc, path, []);
  }
}

function parentsAreDocuments(doc: Document, path: string): boolean {
  const fields = path.split('.');
  for (let depth = 1; depth < fields.length; depth++) {
    const parent = getPath(doc, fields.slice(0, depth).join('.'));
    if (parent !== undefined && !isPlainObject(parent)) return false;
  }
  return true;
}

function withoutIdPaths(modifier: Document): Document {
  const result: Document = {};
  for (const [operator, fields] of Object.entries(modifier)) {
    const kept = Object.entries(fields as Document).filter(([path]) => !touchesId(path));
    if (kept.length > 0) result[operator] = Object.fromEntries(kept);
  }
  return result;
}

/** The fields an upsert copies from its query: plain equalities, also inside a top-level `$and`. */
function seedFromQuery(query: Document): Document {
  const seed: Document = {};
  const visit = (filter: Document): void => {
    for (const [field, condition] of Object.entries(filter)) {
      if (field === '$and' && Array.isArray(condition)) {
        for (const clause of condition) if (isPlainObject(clause)) visit(clause);
      } else if (field.startsWith('$') || condition instanceof RegExp) {
        continue;
      } else if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
        if ('$eq' in condition) setPath(seed, field, cloneDocument(condition['$eq']));
      } else {
        setPath(seed, field, cloneDocument(condition));
      }
    }
  };
  visit(query);
  return seed;
}

function validatePipeline(stages: unknown[]): Document[] {
  return stages.map((stage) => {
    const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
    if (name === undefined || !PIPELINE_STAGES.has(name)) {
      throw new MongoCommandError(
        ErrorCode.InvalidOptions,
        `${String(name)} is not allowed to be used within an update`,
      );
    }
    return stage as Document;
  });
}

function assertIdUnchanged(current: Document, next: Document): void {
  if (next['_id'] !== current['_id'] && encodeKey(next['_id']) !== encodeKey(current['_id'])) {
    throw new MongoCommandError(
      ErrorCode.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(next['_id'])}`,
    );
  }
}

function assertFits(doc: Document): void {
  if (calculateObjectSize(doc) > MAX_DOCUMENT_BYTES) {
    throw new MongoCommandError(
      ErrorCode.BSONObjectTooLarge,
      `Resulting document after update is larger than ${MAX_DOCUMENT_BYTES}`,
    );
  }
}
