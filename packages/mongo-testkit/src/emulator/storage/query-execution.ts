import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { compileEqualityMatcher, splitEqualities } from '../query/equality-matcher.js';
import { compileQuery, testQuery } from '../query/mingo-bridge.js';
import { encodeKey } from './bson-values.js';
import type { QueryOptions, QueryPlan } from './query-planner.js';

/** The documents a query matched (read-only) and how they were found, for `explain`. */
export interface QueryOutcome {
  docs: Document[];
  plan: QueryPlan;
  /** The documents need no sorting: none was asked for, or the index walk gave its order. */
  sorted: boolean;
  docsExamined: number;
  keysExamined: number;
}

/** Where the documents of a collection are read from. */
export interface RecordSource {
  get(docKey: string): Document | undefined;
  all(): Iterable<Document>;
}

/**
 * Runs a plan: fetches each candidate once, keeps those the full filter matches, and stops as
 * soon as `skip + limit` matches are in hand when their order is already final (no sort, or one
 * the index walk gives). With a sort the index cannot give, every match is returned for sorting.
 */
export function executePlan(
  plan: QueryPlan,
  filter: Document,
  options: QueryOptions,
  records: RecordSource,
): QueryOutcome {
  const sortRequested = options.sort !== undefined && Object.keys(options.sort).length > 0;
  const sorted = !sortRequested || (plan.stage === 'IXSCAN' && plan.sortedByIndex);
  const limit = Math.abs(options.limit ?? 0);
  const wanted = sorted && limit > 0 ? Math.max(0, options.skip ?? 0) + limit : Infinity;
  const matches = Object.keys(filter).length === 0 ? undefined : matcherFor(filter, options);
  const outcome: QueryOutcome = { docs: [], plan, sorted, docsExamined: 0, keysExamined: 0 };
  for (const doc of candidates(plan, records, outcome)) {
    outcome.docsExamined += 1;
    if (matches !== undefined && !matches(doc)) continue;
    outcome.docs.push(doc);
    if (outcome.docs.length >= wanted) break;
  }
  return outcome;
}

/**
 * The filter as a test of one document: its field equalities by the equality matcher, the rest
 * (when there is any) by the query engine, compiled once for the filter. A document the equality
 * matcher cannot judge goes to the engine with the whole filter (compiled only then).
 */
function matcherFor(filter: Document, options: QueryOptions): (doc: Document) => boolean {
  const engineOptions = options.variables === undefined ? {} : { variables: options.variables };
  let engine: Query | undefined;
  const byEngine = (doc: Document): boolean => {
    engine ??= compileQuery(filter, engineOptions);
    return testQuery(engine, doc);
  };
  const { equalities, rest } = splitEqualities(filter);
  const equality = Object.keys(equalities).length === 0 ? null : compileEqualityMatcher(equalities);
  if (equality === null) {
    engine = compileQuery(filter, engineOptions);
    return byEngine;
  }
  const restEngine = Object.keys(rest).length === 0 ? undefined : compileQuery(rest, engineOptions);
  return (doc) => {
    const answer = equality(doc);
    if (answer === 'ask_engine') return byEngine(doc);
    return answer && (restEngine === undefined || testQuery(restEngine, doc));
  };
}

function* candidates(plan: QueryPlan, records: RecordSource, outcome: QueryOutcome): Generator<Document> {
  switch (plan.stage) {
    case 'IDHACK':
      for (const docKey of new Set(plan.ids.map(encodeKey))) {
        outcome.keysExamined += 1;
        const doc = records.get(docKey);
        if (doc !== undefined) yield doc;
      }
      return;
    case 'IXSCAN': {
      // A multikey index holds a document once per element; it is fetched at its first key.
      const seen = plan.index.isMultikey ? new Set<string>() : undefined;
      for (const entry of plan.index.scan(plan.intervals, plan.backward)) {
        outcome.keysExamined += 1;
        if (seen !== undefined) {
          if (seen.has(entry.docKey)) continue;
          seen.add(entry.docKey);
        }
        const doc = records.get(entry.docKey);
        if (doc !== undefined) yield doc;
      }
      return;
    }
    case 'COLLSCAN':
      yield* records.all();
  }
}
