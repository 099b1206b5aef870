/**
 * Unique indexes (single, compound, partial, sparse) enforced on insert, update and upsert, with
 * MongoDB's duplicate-key error shape, and batch writes with ordered and unordered semantics.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceModels, newWorkspaceId, type ConformanceModels } from '../support/conformance-models.js';
import { rejectionOf, useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();
let models: ConformanceModels;

beforeAll(async () => {
  models = conformanceModels(connection());
  await models.Lead.init();
  await models.Lead.createIndexes();
});

describe('duplicate keys', () => {
  it('rejects a duplicate compound key on insert with code 11000, keyPattern and keyValue', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create({ workspaceId, email: 'ada@example.com' });
    const error = await rejectionOf(models.Lead.create({ workspaceId, email: 'ada@example.com' }));
    expect(error['code']).toBe(11000);
    expect(error['keyPattern']).toEqual({ workspaceId: 1, email: 1 });
    expect(error['keyValue']).toMatchObject({ email: 'ada@example.com' });
    expect(String(error['message'])).toMatch(/E11000 duplicate key error/);
  });

  it('allows the same email in another workspace (the key is the pair)', async () => {
    await models.Lead.create({ workspaceId: newWorkspaceId(), email: 'shared@example.com' });
    await models.Lead.create({ workspaceId: newWorkspaceId(), email: 'shared@example.com' });
    expect(await models.Lead.countDocuments({ email: 'shared@example.com' })).toBe(2);
  });

  it('rejects a duplicate _id', async () => {
    const lead = await models.Lead.create({ workspaceId: newWorkspaceId(), email: 'id@example.com' });
    const error = await rejectionOf(
      models.Lead.collection.insertOne({
        _id: lead._id,
        workspaceId: newWorkspaceId(),
        email: 'other@example.com',
      }),
    );
    expect(error['code']).toBe(11000);
    expect(error['keyPattern']).toEqual({ _id: 1 });
  });

  it('enforces a partial unique index only on documents matching its filter', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create({ workspaceId, email: 'p1@example.com', externalId: 'ext-1' });
    await models.Lead.collection.insertMany([
      { workspaceId, email: 'p2@example.com', externalId: 42 },
      { workspaceId, email: 'p3@example.com', externalId: 42 },
    ]);
    const error = await rejectionOf(
      models.Lead.create({ workspaceId, email: 'p4@example.com', externalId: 'ext-1' }),
    );
    expect(error['code']).toBe(11000);
    expect(error['keyValue']).toEqual({ externalId: 'ext-1' });
  });

  it('enforces a sparse unique index only on documents having the field', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create([
      { workspaceId, email: 's1@example.com' },
      { workspaceId, email: 's2@example.com' },
      { workspaceId, email: 's3@example.com', handle: 'ada' },
    ]);
    const error = await rejectionOf(
      models.Lead.create({ workspaceId, email: 's4@example.com', handle: 'ada' }),
    );
    expect(error['code']).toBe(11000);
  });

  it('rejects an update that would duplicate a key and leaves the document unchanged', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create([
      { workspaceId, email: 'u1@example.com' },
      { workspaceId, email: 'u2@example.com' },
    ]);
    const error = await rejectionOf(
      models.Lead.updateOne(
        { workspaceId, email: 'u2@example.com' },
        { $set: { email: 'u1@example.com', score: 5 } },
      ),
    );
    expect(error['code']).toBe(11000);
    const untouched = await models.Lead.findOne({ workspaceId, email: 'u2@example.com' }).lean();
    expect(untouched?.score).toBeUndefined();
  });

  it('rejects an upsert that would insert a duplicate key', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create({ workspaceId, email: 'x@example.com', handle: 'taken' });
    const error = await rejectionOf(
      models.Lead.updateOne(
        { workspaceId, email: 'y@example.com' },
        { $set: { handle: 'taken' } },
        { upsert: true },
      ),
    );
    expect(error['code']).toBe(11000);
    expect(await models.Lead.countDocuments({ workspaceId })).toBe(1);
  });

  it('rejects findOneAndUpdate into a duplicate with code 11000', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create([
      { workspaceId, email: 'f1@example.com' },
      { workspaceId, email: 'f2@example.com' },
    ]);
    const error = await rejectionOf(
      models.Lead.findOneAndUpdate({ workspaceId, email: 'f2@example.com' }, { email: 'f1@example.com' }),
    );
    expect(error['code']).toBe(11000);
  });
});

describe('batch writes', () => {
  it('stops an ordered insertMany at the first duplicate and reports it in writeErrors', async () => {
    const workspaceId = newWorkspaceId();
    const docs = ['o1', 'o2', 'o1', 'o3'].map((name) => ({ workspaceId, email: `${name}@example.com` }));
    const error = await rejectionOf(models.Lead.insertMany(docs, { ordered: true }));
    expect(error['code']).toBe(11000);
    const writeErrors = error['writeErrors'] as { index: number; code: number }[];
    expect(writeErrors.map((writeError) => [writeError.index, writeError.code])).toEqual([[2, 11000]]);
    expect(await models.Lead.countDocuments({ workspaceId })).toBe(2);
  });

  it('continues an unordered insertMany past duplicates and reports each of them', async () => {
    const workspaceId = newWorkspaceId();
    const docs = ['a', 'b', 'a', 'c', 'b'].map((name) => ({ workspaceId, email: `${name}@example.com` }));
    const error = await rejectionOf(models.Lead.insertMany(docs, { ordered: false }));
    const writeErrors = error['writeErrors'] as { index: number }[];
    expect(writeErrors.map((writeError) => writeError.index).sort()).toEqual([2, 4]);
    expect(await models.Lead.countDocuments({ workspaceId })).toBe(3);
  });

  it('runs bulkWrite with mixed operations and reports their counts', async () => {
    const workspaceId = newWorkspaceId();
    await models.Lead.create({ workspaceId, email: 'bulk1@example.com', score: 1 });
    const result = await models.Lead.bulkWrite([
      { insertOne: { document: { workspaceId, email: 'bulk2@example.com', score: 2 } } },
      { updateOne: { filter: { workspaceId, email: 'bulk1@example.com' }, update: { $inc: { score: 10 } } } },
      {
        updateOne: {
          filter: { workspaceId, email: 'bulk3@example.com' },
          update: { $set: { score: 3 } },
          upsert: true,
        },
      },
      { deleteOne: { filter: { workspaceId, email: 'bulk2@example.com' } } },
    ]);
    expect(result.insertedCount).toBe(1);
    expect(result.matchedCount).toBe(1);
    expect(result.modifiedCount).toBe(1);
    expect(result.upsertedCount).toBe(1);
    expect(result.deletedCount).toBe(1);
    const scores = (await models.Lead.find({ workspaceId }).sort({ email: 1 }).lean()).map(
      (lead) => lead.score,
    );
    expect(scores).toEqual([11, 3]);
  });

  it('reports an unordered bulkWrite duplicate in writeErrors while applying the rest', async () => {
    const workspaceId = newWorkspaceId();
    const error = await rejectionOf(
      models.Lead.bulkWrite(
        [
          { insertOne: { document: { workspaceId, email: 'k@example.com' } } },
          { insertOne: { document: { workspaceId, email: 'k@example.com' } } },
          { insertOne: { document: { workspaceId, email: 'l@example.com' } } },
        ],
        { ordered: false },
      ),
    );
    expect(error['code']).toBe(11000);
    expect(await models.Lead.countDocuments({ workspaceId })).toBe(2);
  });
});
