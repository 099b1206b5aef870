/**
 * Answers the emulator once got wrong while MongoDB got them right, checked on whichever server
 * the run uses: unknown operators refused before any document is read, `$pull` with conditions,
 * `$type` by BSON type, `$slice` and positional projections, pipeline updates that drop `_id`,
 * and `$`-prefixed fields inside `_id`.
 */
import { Binary, Double, Int32, ObjectId, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { databaseOf, rejectionOf, useMongoose, type AnyDocument } from '../support/mongoose-connection.js';

const connection = useMongoose();
interface NumberedDocument extends Omit<AnyDocument, '_id'> {
  _id: number | string;
}
const collection = (name: string) => databaseOf(connection()).collection<NumberedDocument>(name);
// The driver's filter types refuse unknown operators; these filters are meant to be refused.
const UNKNOWN_OPERATOR = { a: { $foo: 1 } } as never;
const UNKNOWN_TOP_LEVEL = { $bar: 1 } as never;

describe('unknown query operators', () => {
  it('are refused with code 2 on a collection that does not exist', async () => {
    const missing = collection('never_created');
    expect((await rejectionOf(missing.find(UNKNOWN_OPERATOR).toArray()))['code']).toBe(2);
    expect((await rejectionOf(missing.countDocuments(UNKNOWN_TOP_LEVEL)))['code']).toBe(2);
    expect((await rejectionOf(missing.updateOne(UNKNOWN_OPERATOR, { $set: { b: 1 } })))['code']).toBe(2);
    expect((await rejectionOf(missing.deleteMany(UNKNOWN_OPERATOR)))['code']).toBe(2);
  });

  it('are refused with code 2 on an empty collection, and nothing is upserted', async () => {
    const empty = collection('emptied');
    await empty.insertOne({ _id: 1 });
    await empty.deleteOne({ _id: 1 });
    expect((await rejectionOf(empty.findOne(UNKNOWN_OPERATOR)))['code']).toBe(2);
    const upsert = empty.updateOne(UNKNOWN_OPERATOR, { $set: { b: 1 } }, { upsert: true });
    expect((await rejectionOf(upsert))['code']).toBe(2);
    expect(await empty.countDocuments()).toBe(0);
  });
});

describe('unknown expression operators', () => {
  it('are refused before any document is read: code 168, and 15952 for $group accumulators', async () => {
    const missing = collection('never_created_either');
    const unknownExpression = { $nosuch: ['$a', 1] } as never;
    expect((await rejectionOf(missing.find({ $expr: unknownExpression }).toArray()))['code']).toBe(168);
    expect(
      (await rejectionOf(missing.aggregate([{ $project: { x: unknownExpression } }]).toArray()))['code'],
    ).toBe(168);
    expect(
      (await rejectionOf(missing.aggregate([{ $group: { _id: null, x: { $nosuch: 1 } } }]).toArray()))[
        'code'
      ],
    ).toBe(15952);
    const pipelineUpdate = missing.updateOne({}, [{ $set: { x: unknownExpression } }], { upsert: true });
    expect((await rejectionOf(pipelineUpdate))['code']).toBe(168);
    expect(await missing.countDocuments()).toBe(0);
  });
});

describe('$pull with a condition', () => {
  it('removes the subdocuments and numbers the condition matches', async () => {
    const lists = databaseOf(connection()).collection<{
      _id: number;
      items: { n: number; k?: string }[];
      nums: number[];
    }>('pull_conditions');
    await lists.insertOne({ _id: 1, items: [{ n: 1 }, { n: 5 }, { n: 9, k: 'x' }], nums: [1, 5, 9] });
    const result = await lists.updateOne(
      { _id: 1 },
      { $pull: { items: { n: { $gte: 5 } }, nums: { $in: [1, 9] } } },
    );
    expect(result.modifiedCount).toBe(1);
    expect(await lists.findOne({ _id: 1 })).toEqual({ _id: 1, items: [{ n: 1 }], nums: [5] });
  });
});

describe('$type', () => {
  const values = [
    { _id: 'objectId', v: new ObjectId() },
    { _id: 'binData', v: new Binary(Buffer.from('ab')) },
    { _id: 'timestamp', v: new Timestamp({ t: 1, i: 1 }) },
    { _id: 'int', v: new Int32(3) },
    { _id: 'double', v: new Double(1.5) },
    { _id: 'string', v: 's' },
    { _id: 'array', v: ['s'] },
  ];

  it('matches ObjectIds, binary data, timestamps, ints and doubles by name and by code', async () => {
    const typed = collection('typed_values');
    await typed.insertMany(values);
    const ids = async (type: unknown) =>
      (await typed.find({ v: { $type: type } }).toArray()).map((doc) => doc._id).sort();
    expect(await ids('objectId')).toEqual(['objectId']);
    expect(await ids(7)).toEqual(['objectId']);
    expect(await ids('binData')).toEqual(['binData']);
    expect(await ids(5)).toEqual(['binData']);
    expect(await ids('timestamp')).toEqual(['timestamp']);
    expect(await ids(17)).toEqual(['timestamp']);
    expect(await ids('int')).toEqual(['int']);
    expect(await ids('double')).toEqual(['double']);
    expect(await ids('number')).toEqual(['double', 'int']);
    expect(await ids(['string', 'objectId'])).toEqual(['array', 'objectId', 'string']);
    expect(await ids('array')).toEqual(['array']);
    expect((await rejectionOf(ids('objectid')))['code']).toBe(2);
  });

  it('names types in aggregation as MongoDB does', async () => {
    const types = await collection('typed_values')
      .aggregate([{ $project: { t: { $type: '$v' } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(Object.fromEntries(types.map((doc) => [doc._id, doc['t']]))).toEqual({
      array: 'array',
      binData: 'binData',
      double: 'double',
      int: 'int',
      objectId: 'objectId',
      string: 'string',
      timestamp: 'timestamp',
    });
  });
});

describe('projections', () => {
  const doc = {
    _id: 1,
    a: 1,
    arr: [1, 2, 3, 4],
    subs: [
      { k: 1, x: 'a' },
      { k: 2, x: 'b' },
    ],
  };

  it('keeps every other field when the projection only slices an array', async () => {
    const docs = collection('sliced');
    await docs.insertOne(doc);
    expect(await docs.findOne({ _id: 1 }, { projection: { arr: { $slice: 2 } } })).toEqual({
      ...doc,
      arr: [1, 2],
    });
    expect(await docs.findOne({ _id: 1 }, { projection: { arr: { $slice: -1 }, subs: 0 } })).toEqual({
      _id: 1,
      a: 1,
      arr: [4],
    });
    expect(await docs.findOne({ _id: 1 }, { projection: { a: 1, arr: { $slice: [1, 2] } } })).toEqual({
      _id: 1,
      a: 1,
      arr: [2, 3],
    });
  });

  it('returns the matched element for a positional projection on subdocuments and on scalars', async () => {
    const docs = collection('positional');
    await docs.insertOne(doc);
    expect(await docs.findOne({ 'subs.k': 2 }, { projection: { 'subs.$': 1 } })).toEqual({
      _id: 1,
      subs: [{ k: 2, x: 'b' }],
    });
    expect(await docs.findOne({ arr: { $gte: 3 } }, { projection: { 'arr.$': 1, a: 1 } })).toEqual({
      _id: 1,
      a: 1,
      arr: [3],
    });
  });
});

describe('pipeline updates', () => {
  it('keep _id when the pipeline replaces the root', async () => {
    const docs = collection('pipeline_root');
    await docs.insertOne({ _id: 1, inner: { v: 1 } });
    await docs.updateOne({ _id: 1 }, [{ $replaceRoot: { newRoot: '$inner' } }, { $set: { w: 2 } }]);
    expect(await docs.findOne({ _id: 1 })).toEqual({ _id: 1, v: 1, w: 2 });
  });
});

describe('command variables (let)', () => {
  it('are visible to $expr in finds, aggregations, updates, pipeline updates and deletes', async () => {
    const docs = collection('with_variables');
    await docs.insertMany([
      { _id: 1, w: 'a' },
      { _id: 2, w: 'b' },
    ]);
    const isChosen = { $expr: { $eq: ['$_id', '$$chosen'] } };
    const chosen = { let: { chosen: 2 } };
    expect(await docs.find(isChosen, chosen).toArray()).toEqual([{ _id: 2, w: 'b' }]);
    expect(
      await docs.aggregate([{ $match: isChosen }, { $project: { v: '$$chosen' } }], chosen).toArray(),
    ).toEqual([{ _id: 2, v: 2 }]);
    await docs.updateOne(isChosen, { $set: { seen: true } }, chosen);
    await docs.updateOne({ _id: 1 }, [{ $set: { copied: '$$label' } }], {
      let: { label: { $literal: '$x' } },
    });
    expect(await docs.findOneAndDelete(isChosen, chosen)).toEqual({ _id: 2, w: 'b', seen: true });
    expect(await docs.find().toArray()).toEqual([{ _id: 1, w: 'a', copied: '$x' }]);
  });
});

describe('_id values', () => {
  it('may not hold $-prefixed fields: code 52, nothing stored', async () => {
    const docs = collection('dollar_ids');
    const error = await rejectionOf(docs.insertOne({ _id: { $a: 1 } as never }));
    expect(error['code']).toBe(52);
    expect((await rejectionOf(docs.insertOne({ _id: { a: { $b: 1 } } as never })))['code']).toBe(52);
    expect(await docs.countDocuments()).toBe(0);
  });
});
