import { Decimal128, Long, ObjectId, type Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { seededRandom, type Random } from '../../testing/random-queries.js';
import { compileEqualityMatcher } from './equality-matcher.js';
import { compileQuery, testQuery } from './mingo-bridge.js';

const pick = <T>(random: Random, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

const ID = new ObjectId('64b7f0c2a1b2c3d4e5f60718');
const OTHER_ID = new ObjectId('64b7f0c2a1b2c3d4e5f60719');
const DAY = new Date(Date.UTC(2026, 0, 1));
const SCALARS: readonly unknown[] = [
  'x',
  'y',
  'X',
  '',
  '5',
  5,
  5.5,
  -0,
  0,
  7,
  true,
  false,
  DAY,
  new Date(DAY.getTime() + 1),
  ID,
  OTHER_ID,
];
const ODD_VALUES: readonly unknown[] = [
  null,
  undefined,
  Long.fromNumber(5),
  Decimal128.fromString('5'),
  Number.NaN,
  /x/,
  {},
  [],
];

/** A value of any shape a stored document can hold at a path: scalars, arrays, nested documents. */
function randomValue(random: Random, depth: number): unknown {
  const roll = random();
  if (roll < 0.45) return pick(random, SCALARS);
  if (roll < 0.55) return pick(random, ODD_VALUES);
  if (depth >= 2) return pick(random, SCALARS);
  if (roll < 0.8)
    return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
  const doc: Document = {};
  for (const field of ['x', 'y']) if (random() < 0.7) doc[field] = randomValue(random, depth + 1);
  return doc;
}

function randomDocument(random: Random, id: number): Document {
  const doc: Document = { _id: id };
  for (const field of ['a', 'b', 'arr']) if (random() < 0.85) doc[field] = randomValue(random, 0);
  return doc;
}

const PATHS = ['a', 'b', 'arr', 'a.x', 'arr.x', 'arr.y', 'a.x.y', 'missing'];

function randomCondition(random: Random): unknown {
  const roll = random();
  if (roll < 0.6) return pick(random, SCALARS);
  if (roll < 0.75) return { $eq: pick(random, SCALARS) };
  // Short lists are compared value by value, long ones (past 8) looked up by key.
  const length = random() < 0.5 ? 1 + Math.floor(random() * 3) : 9 + Math.floor(random() * 8);
  return { $in: Array.from({ length }, () => pick(random, SCALARS)) };
}

function randomFilter(random: Random): Document {
  const filter: Document = {};
  const fields = 1 + Math.floor(random() * 3);
  for (let i = 0; i < fields; i += 1) filter[pick(random, PATHS)] = randomCondition(random);
  return filter;
}

describe('the equality matcher', () => {
  it('answers as the query engine for field equalities over documents of any shape', () => {
    const random = seededRandom(20261127);
    const docs = Array.from({ length: 300 }, (_, i) => randomDocument(random, i));
    let answered = 0;
    for (let round = 0; round < 400; round += 1) {
      const filter = randomFilter(random);
      const matcher = compileEqualityMatcher(filter);
      expect(matcher, JSON.stringify(filter)).not.toBeNull();
      const engine = compileQuery(filter);
      for (const doc of docs) {
        const answer = matcher?.(doc);
        if (answer === 'ask_engine') continue;
        answered += 1;
        expect([filter, doc, answer]).toEqual([filter, doc, testQuery(engine, doc)]);
      }
    }
    // Most documents are judged without the engine.
    expect(answered).toBeGreaterThan(400 * 300 * 0.8);
  });

  it('leaves values it cannot compare as MongoDB does to the engine', () => {
    const matcher = compileEqualityMatcher({ a: 5 });
    expect(matcher?.({ a: Decimal128.fromString('5') })).toBe('ask_engine');
    expect(matcher?.({ a: Long.fromNumber(5) })).toBe('ask_engine');
    expect(matcher?.({ a: [Decimal128.fromString('5'), 6] })).toBe('ask_engine');
    // A plain match elsewhere in the array settles it.
    expect(matcher?.({ a: [Decimal128.fromString('4'), 5] })).toBe(true);
    expect(compileEqualityMatcher({ 'a.x': 5 })?.({ a: [[{ x: 5 }]] })).toBe('ask_engine');
    expect(matcher?.({ a: [[5]] })).toBe('ask_engine');
  });

  it('compiles nothing but field equalities on plain paths', () => {
    for (const filter of [
      { a: null },
      { a: { b: 1 } },
      { a: [1] },
      { a: /x/ },
      { a: { $gt: 1 } },
      { a: { $eq: 1, $ne: 2 } },
      { a: { $in: [] } },
      { a: { $in: [1, null] } },
      { 'a.0': 1 },
      { 'a.$': 1 },
      { $or: [{ a: 1 }] },
      { a: Number.NaN },
      { a: Number.POSITIVE_INFINITY },
      { a: Long.fromNumber(1) },
      { a: new Date(Number.NaN) },
    ]) {
      expect(compileEqualityMatcher(filter), JSON.stringify(filter)).toBeNull();
    }
  });
});
