/**
 * The update operators the data layer uses, positional updates, upserts with `$setOnInsert`,
 * multi-document updates and deletes, with the counts MongoDB reports.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceModels, newWorkspaceId, type ConformanceModels } from '../support/conformance-models.js';
import { useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();
let models: ConformanceModels;

beforeAll(() => {
  models = conformanceModels(connection());
});

/** Schemaless documents: updates go through mongoose unchanged, reads bypass it. */
function raw() {
  return models.Scratch;
}

describe('update operators', () => {
  it('applies $set, $unset, $inc, $min, $max and $rename', async () => {
    const { insertedId } = await raw().collection.insertOne({ a: 1, b: 2, low: 5, high: 5, old: 'x', n: 1 });
    await raw().updateOne(
      { _id: insertedId },
      {
        $set: { a: 10, 'nested.deep': true },
        $unset: { b: '' },
        $inc: { n: 2 },
        $min: { low: 3 },
        $max: { high: 9 },
        $rename: { old: 'renamed' },
      },
    );
    const doc = await raw().collection.findOne({ _id: insertedId }, { projection: { _id: 0 } });
    expect(doc).toEqual({ a: 10, low: 3, high: 9, n: 3, nested: { deep: true }, renamed: 'x' });
  });

  it('compares dates in $min and $max and sets $currentDate', async () => {
    const before = new Date('2024-01-01T00:00:00Z');
    const { insertedId } = await raw().collection.insertOne({ first: before, last: before });
    await raw().updateOne(
      { _id: insertedId },
      {
        $min: { first: new Date('2023-01-01T00:00:00Z') },
        $max: { last: new Date('2025-01-01T00:00:00Z') },
        $currentDate: { touched: true },
      },
    );
    const doc = await raw().collection.findOne({ _id: insertedId });
    expect(doc?.['first']).toEqual(new Date('2023-01-01T00:00:00Z'));
    expect(doc?.['last']).toEqual(new Date('2025-01-01T00:00:00Z'));
    expect(doc?.['touched']).toBeInstanceOf(Date);
  });

  it('pushes with $each and $slice, pulls, and adds to sets without duplicates', async () => {
    const { insertedId } = await raw().collection.insertOne({ events: [1, 2, 3], tags: ['a'] });
    await raw().updateOne({ _id: insertedId }, { $push: { events: { $each: [4, 5, 6], $slice: -4 } } });
    await raw().updateOne(
      { _id: insertedId },
      { $pull: { events: { $gte: 6 } }, $addToSet: { tags: { $each: ['a', 'b'] } } },
    );
    await raw().updateOne({ _id: insertedId }, { $push: { fresh: { $each: [1, 2, 3], $slice: -2 } } });
    const doc = await raw().collection.findOne({ _id: insertedId });
    expect(doc).toMatchObject({ events: [3, 4, 5], tags: ['a', 'b'], fresh: [2, 3] });
  });

  it('updates the array element matched by the query with the positional $', async () => {
    const { Lead } = models;
    const lead = await Lead.create({
      workspaceId: newWorkspaceId(),
      email: 'pos@example.com',
      steps: [
        { name: 'invite', done: false, attempts: 0 },
        { name: 'message', done: false, attempts: 0 },
      ],
    });
    await Lead.updateOne(
      { _id: lead._id, 'steps.name': 'message' },
      { $set: { 'steps.$.done': true }, $inc: { 'steps.$.attempts': 1 } },
    );
    const updated = await Lead.findById(lead._id).lean();
    expect(updated?.steps.map((step) => [step.name, step.done, step.attempts])).toEqual([
      ['invite', false, 0],
      ['message', true, 1],
    ]);
  });

  it('updates the elements selected by arrayFilters with $[identifier]', async () => {
    const { insertedId } = await raw().collection.insertOne({ items: [{ qty: 1 }, { qty: 5 }, { qty: 8 }] });
    await raw().updateOne(
      { _id: insertedId },
      { $set: { 'items.$[big].flag': true } },
      { arrayFilters: [{ 'big.qty': { $gte: 5 } }] },
    );
    const doc = await raw().collection.findOne({ _id: insertedId });
    expect(doc?.['items']).toEqual([{ qty: 1 }, { qty: 5, flag: true }, { qty: 8, flag: true }]);
  });
});

describe('upserts and multi-document writes', () => {
  it('inserts on upsert with $setOnInsert and the query fields, and ignores $setOnInsert on update', async () => {
    const { Account } = models;
    const workspaceId = newWorkspaceId();
    const first = await Account.updateOne(
      { workspaceId, name: 'upserted' },
      { $set: { plan: 'pro' }, $setOnInsert: { createdBy: 'setup' } },
      { upsert: true, strict: false },
    );
    expect(first.upsertedCount).toBe(1);
    expect(first.upsertedId).toBeDefined();
    const second = await Account.updateOne(
      { workspaceId, name: 'upserted' },
      { $set: { plan: 'agency' }, $setOnInsert: { createdBy: 'again' } },
      { upsert: true, strict: false },
    );
    expect([second.matchedCount, second.modifiedCount, second.upsertedCount]).toEqual([1, 1, 0]);
    const doc = await Account.collection.findOne({ workspaceId });
    expect(doc).toMatchObject({ name: 'upserted', plan: 'agency', createdBy: 'setup' });
  });

  it('sets timestamps on upsert through mongoose ($setOnInsert createdAt)', async () => {
    const { Lead } = models;
    const workspaceId = newWorkspaceId();
    await Lead.findOneAndUpdate(
      { workspaceId, email: 'ts@example.com' },
      { $set: { status: 'active' } },
      { upsert: true },
    );
    const doc = await Lead.findOne({ workspaceId }).lean();
    expect(doc?.createdAt).toBeInstanceOf(Date);
    expect(doc?.updatedAt).toBeInstanceOf(Date);
  });

  it('counts matched and modified documents of updateMany, leaving unchanged ones unmodified', async () => {
    await raw().collection.insertMany([
      { group: 'm', v: 1 },
      { group: 'm', v: 2 },
      { group: 'm', v: 2 },
      { group: 'other', v: 2 },
    ]);
    const result = await raw().updateMany({ group: 'm' }, { $set: { v: 2 } });
    expect([result.matchedCount, result.modifiedCount]).toEqual([3, 1]);
  });

  it('replaces a whole document but keeps its _id', async () => {
    const { insertedId } = await raw().collection.insertOne({ keep: false, drop: true });
    const result = await raw().replaceOne({ _id: insertedId }, { keep: true });
    expect(result.modifiedCount).toBe(1);
    expect(await raw().collection.findOne({ _id: insertedId })).toEqual({ _id: insertedId, keep: true });
  });

  it('deletes one or many documents and reports the count', async () => {
    await raw().collection.insertMany([{ del: 1 }, { del: 1 }, { del: 1 }, { del: 2 }]);
    expect((await raw().deleteOne({ del: 1 })).deletedCount).toBe(1);
    expect((await raw().deleteMany({ del: 1 })).deletedCount).toBe(2);
    expect(await raw().countDocuments({ del: { $exists: true } })).toBe(1);
  });
});
