import { Decimal128, Long, ObjectId, type Document } from 'bson';
import * as mingoUpdateOperators from 'mingo/operators/update';
import { describe, expect, it } from 'vitest';
import { seededRandom, type Random } from '../../testing/random-queries.js';
import { cloneDocument } from '../storage/bson-values.js';
import { PreparedUpdate } from './apply-update.js';
import { isTopLevelWrite } from './top-level-operators.js';
import { assertOperatorApplies } from './update-preconditions.js';

type Operator = (expression: Document) => (doc: Document) => string[];
const OPERATORS = mingoUpdateOperators as unknown as Record<string, Operator>;

/** The update applied the general way: mingo's operator for each path, on a deep copy. */
function throughMingo(doc: Document, update: Document): Document {
  const copy = cloneDocument(doc);
  for (const [operator, fields] of Object.entries(update)) {
    for (const [path, value] of Object.entries(fields as Document))
      OPERATORS[operator]?.({ [path]: value })(copy);
  }
  return copy;
}

const VALUES = (): unknown[] => [
  0,
  -0,
  1,
  2.5,
  Number.NaN,
  'x',
  '',
  true,
  null,
  new Date(0),
  new Date(1_000),
  new ObjectId('65f0c2a1b3d4e5f6a7b8c9d0'),
  Long.fromNumber(5),
  Decimal128.fromString('1.5'),
  [1, { a: 2 }],
  { nested: { deep: 1 } },
];
const FIELDS = ['a', 'b', 'c', 'log'];
const pick = <T>(random: Random, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

function randomDoc(random: Random): Document {
  const doc: Document = { _id: 1 };
  for (const field of FIELDS) if (random() < 0.6) doc[field] = pick(random, VALUES());
  if (random() < 0.5) doc['log'] = [{ attempt: 1 }];
  return doc;
}

function randomUpdate(random: Random): Document {
  const update: Document = {};
  for (const field of FIELDS) {
    if (random() < 0.5) continue;
    const operator = pick(random, ['$set', '$unset', '$inc', '$push']);
    const value =
      operator === '$inc'
        ? pick(random, [1, -1, 0.5, -0])
        : operator === '$unset'
          ? 1
          : pick(random, VALUES());
    update[operator] = { ...(update[operator] as Document | undefined), [field]: value };
  }
  return update;
}

/** The error of the first write whose target has the wrong type, as the emulator checks them. */
function refusal(doc: Document, update: Document): Document {
  for (const [operator, fields] of Object.entries(update)) {
    for (const path of Object.keys(fields as Document)) assertOperatorApplies(doc, operator, path);
  }
  return doc;
}

function outcome(work: () => Document): Document | string {
  try {
    return work();
  } catch (error) {
    return `error ${(error as { code?: number }).code}`;
  }
}

describe('top-level writes applied without mingo', () => {
  it('give the document mingo gives, or the same error, and never touch the stored one', () => {
    const random = seededRandom(7);
    let direct = 0;
    for (let i = 0; i < 2_000; i++) {
      const doc = randomDoc(random);
      const update = randomUpdate(random);
      if (Object.keys(update).length === 0) continue;
      const stored = cloneDocument(doc);
      const prepared = PreparedUpdate.parse(update, false);
      const actual = outcome(() => prepared.apply(doc, {}, []).doc);
      expect(doc, 'the stored document is unchanged').toEqual(stored);
      if (typeof actual === 'string') {
        // Refused only where MongoDB's check of the target's type refuses it (mingo would not).
        expect(actual).toBe(outcome(() => refusal(stored, update)));
        continue;
      }
      expect(actual, JSON.stringify(update)).toEqual({ ...throughMingo(stored, update) });
      expect(Object.keys(actual)).toEqual(Object.keys(throughMingo(stored, update)));
      if (Object.values(update).every((fields) => Object.keys(fields as Document).length > 0)) direct += 1;
    }
    expect(direct).toBeGreaterThan(500);
  });

  it('leaves paths, array filters and `$push` modifiers to mingo', () => {
    expect(isTopLevelWrite({ operator: '$set', path: 'a.b', value: 1 })).toBe(false);
    expect(isTopLevelWrite({ operator: '$set', path: 'a', value: { b: 1 } })).toBe(false);
    expect(isTopLevelWrite({ operator: '$push', path: 'a', value: { $each: [1] } })).toBe(false);
    expect(isTopLevelWrite({ operator: '$min', path: 'a', value: 1 })).toBe(false);
    expect(isTopLevelWrite({ operator: '$set', path: '__proto__', value: 1 })).toBe(false);
    expect(isTopLevelWrite({ operator: '$push', path: 'log', value: { attempt: 2 } })).toBe(true);
  });

  it('keeps the stored value when `$set` writes an equal one, as mingo does', () => {
    const { doc } = PreparedUpdate.parse({ $set: { a: -0 } }, false).apply({ _id: 1, a: 0 }, {}, []);
    expect(Object.is(doc['a'], 0)).toBe(true);
  });
});
