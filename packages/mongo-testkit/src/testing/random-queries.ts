/**
 * Seeded random documents, indexes and queries for property tests of the query planner: the
 * same seed gives the same workload, so a failure can be replayed. Values stay within what every
 * backend orders alike (ASCII strings, finite numbers, dates; a sort field is either a value or
 * missing, never null, and every sort ends with `_id`), so results are comparable exactly.
 */

export type Random = () => number;
type Doc = Record<string, unknown>;

/** A generated document: `_id` is its position in the generated list. */
export interface RandomDocument {
  _id: number;
  [field: string]: unknown;
}
type Sort = Record<string, 1 | -1>;

/** mulberry32: small, fast and good enough to spread test values. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: Random, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;
const chance = (random: Random, probability: number): boolean => random() < probability;
const integer = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

const BASE = Date.UTC(2025, 0, 1);
const WORKSPACES = ['w0', 'w1', 'w2'];
const CODES = ['a', 'b', 'ab', 'B', 'c'];
const TAGS = ['x', 'y', 'z'];

const randomDate = (random: Random): Date => new Date(BASE + integer(random, 0, 1_000_000) * 1000);

/**
 * Documents with a workspace-like field, small integers, dates that are sometimes missing, strings
 * that are sometimes null or missing, a multikey array and a boolean.
 */
export function randomDocuments(random: Random, count: number): RandomDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const doc: RandomDocument = {
      _id: i,
      w: pick(random, WORKSPACES),
      n: randomNumber(random),
      flag: chance(random, 0.5),
    };
    if (!chance(random, 0.1)) doc['c'] = integer(random, 0, 3);
    if (!chance(random, 0.15)) doc['at'] = randomDate(random);
    if (!chance(random, 0.2)) doc['s'] = chance(random, 0.06) ? null : pick(random, CODES);
    doc['tags'] = Array.from({ length: integer(random, 0, 3) }, () => pick(random, TAGS));
    doc['lease'] = chance(random, 0.3) ? randomDate(random) : null;
    return doc;
  });
}

function randomNumber(random: Random): number {
  const whole = integer(random, -20, 50);
  return chance(random, 0.2) ? whole + 0.5 : whole;
}

/** Compound, partial, sparse, multikey and descending indexes over the documents above. */
export const PLANNER_INDEXES: readonly { key: Record<string, 1 | -1>; options?: Record<string, unknown> }[] =
  [
    { key: { w: 1, c: 1, at: 1 }, options: { partialFilterExpression: { at: { $exists: true } } } },
    { key: { w: 1, n: -1, _id: 1 } },
    { key: { c: 1, s: 1 }, options: { sparse: true } },
    { key: { tags: 1, n: 1 } },
    { key: { s: 1, at: -1, _id: -1 } },
    { key: { flag: 1, at: 1, _id: 1 } },
  ];

export interface RandomQuery {
  filter: Doc;
  sort?: Sort;
  skip?: number;
  limit?: number;
}

const SORTS: readonly Sort[] = [
  { at: 1, _id: 1 },
  { at: -1, _id: -1 },
  { n: -1, _id: 1 },
  { n: 1, _id: -1 },
  { _id: -1 },
  // Arrays sort by their smallest (largest, descending) element: no index walk gives that order.
  { tags: 1, _id: 1 },
  { tags: -1, _id: 1 },
];

/** A filter over a random subset of fields, often with a sort, a limit and a skip. */
export function randomQuery(random: Random): RandomQuery {
  const clauses = [
    equalityClause(random, 'w', WORKSPACES),
    equalityClause(random, 'c', [0, 1, 2, 3]),
    rangeClause(random, 'at', () => randomDate(random)),
    chance(random, 0.5)
      ? rangeClause(random, 'n', () => integer(random, -20, 50))
      : equalityClause(random, 'n', [0, 5, 7.5]),
    chance(random, 0.6)
      ? equalityClause(random, 's', CODES)
      : rangeClause(random, 's', () => pick(random, CODES)),
    equalityClause(random, 'tags', TAGS),
    chance(random, 0.2) ? { flag: chance(random, 0.5) } : {},
    chance(random, 0.15) ? { lease: { $not: { $gt: randomDate(random) } } } : {},
    chance(random, 0.1) ? { $or: [{ flag: true }, { n: { $lt: 0 } }] } : {},
  ].filter((clause) => Object.keys(clause).length > 0);
  const filter =
    chance(random, 0.2) && clauses.length > 1 ? { $and: clauses } : Object.assign({}, ...clauses);
  if (chance(random, 0.3)) return { filter };
  const query: RandomQuery = { filter, sort: pick(random, SORTS) };
  if (chance(random, 0.7)) query.limit = pick(random, [1, 2, 5, 10]);
  if (chance(random, 0.25)) query.skip = integer(random, 1, 3);
  return query;
}

function equalityClause(random: Random, field: string, values: readonly unknown[]): Doc {
  const roll = random();
  if (roll < 0.4) return { [field]: pick(random, values) };
  if (roll < 0.55) return { [field]: { $in: [pick(random, values), pick(random, values)] } };
  return {};
}

function rangeClause(random: Random, field: string, bound: () => unknown): Doc {
  const roll = random();
  if (roll < 0.3) return { [field]: { [pick(random, ['$gt', '$gte', '$lt', '$lte'])]: bound() } };
  if (roll < 0.5)
    return {
      [field]: { [pick(random, ['$gt', '$gte'])]: bound(), [pick(random, ['$lt', '$lte'])]: bound() },
    };
  if (roll < 0.55) return { [field]: { $exists: true } };
  // A bound of another type: matches nothing of this field's usual type (type bracketing).
  if (roll < 0.6) return { [field]: { $gte: field === 's' ? 3 : 'm' } };
  return {};
}
