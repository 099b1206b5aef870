/**
 * What MongoDB refuses, the emulator refuses the same way: overlapping update paths (code 40),
 * changing `_id` (code 66), unknown update and query operators, and documents over 16 MiB. Code
 * that passes here therefore does not rely on something a real server would reject.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceModels, type ConformanceModels } from '../support/conformance-models.js';
import { databaseOf, rejectionOf, useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();
let models: ConformanceModels;
const MIB = 1024 * 1024;

beforeAll(() => {
  models = conformanceModels(connection());
});

async function scratchId(fields: Record<string, unknown> = {}) {
  return (await models.Scratch.collection.insertOne({ ...fields })).insertedId;
}

describe('update rejections', () => {
  it('rejects two operators on the same path with code 40', async () => {
    const _id = await scratchId({ n: 1 });
    const error = await rejectionOf(models.Scratch.updateOne({ _id }, { $set: { n: 5 }, $inc: { n: 1 } }));
    expect(error['code']).toBe(40);
  });

  it('rejects a path and its parent in one update with code 40', async () => {
    const _id = await scratchId({ a: { b: 1 } });
    const error = await rejectionOf(models.Scratch.updateOne({ _id }, { $set: { a: {}, 'a.b': 2 } }));
    expect(error['code']).toBe(40);
    expect(await models.Scratch.collection.findOne({ _id })).toMatchObject({ a: { b: 1 } });
  });

  it('rejects changing _id with code 66 but accepts setting it to its current value', async () => {
    const _id = await scratchId({ v: 1 });
    const error = await rejectionOf(
      models.Scratch.collection.updateOne({ _id }, { $set: { _id: 'another', v: 2 } }),
    );
    expect(error['code']).toBe(66);
    const same = await models.Scratch.collection.updateOne({ _id }, { $set: { _id, v: 3 } });
    expect(same.modifiedCount).toBe(1);
  });

  it('rejects a replacement that changes _id with code 66', async () => {
    const _id = await scratchId({ v: 1 });
    const error = await rejectionOf(models.Scratch.collection.replaceOne({ _id }, { _id: 'another', v: 2 }));
    expect(error['code']).toBe(66);
  });

  it('rejects an unknown update operator with code 9 FailedToParse', async () => {
    const _id = await scratchId();
    const error = await rejectionOf(models.Scratch.collection.updateOne({ _id }, { $frobnicate: { a: 1 } }));
    expect(error['code']).toBe(9);
  });

  it('rejects $inc with a non-numeric amount', async () => {
    const _id = await scratchId({ n: 1 });
    // A raw command, since the driver's types (rightly) refuse a string amount; the failure comes
    // back as a write error.
    const reply = await databaseOf(connection()).command({
      update: models.Scratch.collection.name,
      updates: [{ q: { _id }, u: { $inc: { n: 'one' } } }],
    });
    expect((reply['writeErrors'] as { code: number }[])[0]?.code).toBe(14);
  });
});

describe('type rejections', () => {
  it('rejects $push onto a field that is not an array with code 2', async () => {
    const _id = await scratchId({ tags: 'solo' });
    const error = await rejectionOf(models.Scratch.updateOne({ _id }, { $push: { tags: 'more' } }));
    expect(error['code']).toBe(2);
  });

  it('rejects $inc of a field that is not a number with code 14', async () => {
    const _id = await scratchId({ n: 'one' });
    const error = await rejectionOf(models.Scratch.updateOne({ _id }, { $inc: { n: 1 } }));
    expect(error['code']).toBe(14);
  });

  it('rejects creating a field inside a scalar with code 28 PathNotViable', async () => {
    const _id = await scratchId({ profile: 'plain text' });
    const error = await rejectionOf(models.Scratch.updateOne({ _id }, { $set: { 'profile.name': 'Ada' } }));
    expect(error['code']).toBe(28);
  });
});

describe('query rejections', () => {
  it('rejects an unknown query operator with code 2 BadValue', async () => {
    await scratchId({ n: 1 });
    const error = await rejectionOf(models.Scratch.collection.find({ n: { $near1: 1 } }).toArray());
    expect(error['code']).toBe(2);
    expect(String(error['message'])).toMatch(/unknown operator/);
  });

  it('rejects an unknown top-level operator with code 2 BadValue', async () => {
    const error = await rejectionOf(models.Scratch.collection.find({ $nope: [] }).toArray());
    expect(error['code']).toBe(2);
  });

  it('rejects an unknown aggregation stage', async () => {
    const error = await rejectionOf(models.Scratch.collection.aggregate([{ $nope: {} }]).toArray());
    expect(error['code']).toBe(40324);
  });
});

describe('document size', () => {
  it('rejects inserting a document over 16 MiB', async () => {
    const error = await rejectionOf(models.Scratch.collection.insertOne({ blob: 'x'.repeat(16 * MIB) }));
    expect([2, 10334]).toContain(error['code']);
    expect(await models.Scratch.collection.countDocuments({ blob: { $exists: true } })).toBe(0);
  });

  it('rejects an update that grows a document past 16 MiB', async () => {
    const _id = await scratchId({ half: 'x'.repeat(9 * MIB) });
    const error = await rejectionOf(
      models.Scratch.collection.updateOne({ _id }, { $set: { other: 'y'.repeat(9 * MIB) } }),
    );
    expect([10334, 17419]).toContain(error['code']);
    const stored = await models.Scratch.collection.findOne({ _id }, { projection: { other: 1 } });
    expect(stored).toEqual({ _id });
  });
});
