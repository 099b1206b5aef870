/**
 * findAndModify as the runner and dispatcher use it: claim the first due job by sort order with
 * one atomic findOneAndUpdate, so concurrent claimers never receive the same document; plus
 * returnDocument, upsert, remove and projection.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceModels, type ConformanceModels } from '../support/conformance-models.js';
import { useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();
let models: ConformanceModels;

beforeAll(async () => {
  models = conformanceModels(connection());
  await models.Job.init();
  await models.Job.createIndexes();
});

function claim(queue: string, owner: string, now: Date) {
  return models.Job.findOneAndUpdate(
    { queue, dueAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
    { $set: { owner, leaseUntil: new Date(now.getTime() + 60_000) }, $inc: { attempts: 1 } },
    { sort: { dueAt: 1 }, returnDocument: 'after' },
  ).lean();
}

describe('findOneAndUpdate', () => {
  it('takes the first matching document in sort order and returns it after the update', async () => {
    const now = new Date();
    await models.Job.create([
      { queue: 'sorted', dueAt: new Date(now.getTime() - 1000) },
      { queue: 'sorted', dueAt: new Date(now.getTime() - 5000) },
      { queue: 'sorted', dueAt: new Date(now.getTime() + 5000) },
    ]);
    const job = await claim('sorted', 'worker-1', now);
    expect(job?.dueAt.getTime()).toBe(now.getTime() - 5000);
    expect(job).toMatchObject({ owner: 'worker-1', attempts: 1 });
  });

  it('returns the document as it was before the update by default', async () => {
    await models.Job.create({ queue: 'before', dueAt: new Date(), attempts: 3 });
    const before = await models.Job.findOneAndUpdate({ queue: 'before' }, { $inc: { attempts: 1 } }).lean();
    expect(before?.attempts).toBe(3);
    expect((await models.Job.findOne({ queue: 'before' }).lean())?.attempts).toBe(4);
  });

  it('returns null when nothing matches and nothing is upserted', async () => {
    expect(await models.Job.findOneAndUpdate({ queue: 'nothing-here' }, { $set: { owner: 'x' } })).toBeNull();
  });

  it('upserts and returns the new document', async () => {
    const created = await models.Job.findOneAndUpdate(
      { queue: 'upserted', owner: 'creator' },
      { $setOnInsert: { dueAt: new Date(0) }, $inc: { attempts: 1 } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    expect(created).toMatchObject({ queue: 'upserted', owner: 'creator', attempts: 1 });
  });

  it('projects the returned document', async () => {
    await models.Job.create({ queue: 'projected', dueAt: new Date(), owner: 'someone' });
    const job = await models.Job.findOneAndUpdate(
      { queue: 'projected' },
      { $set: { attempts: 9 } },
      { projection: { attempts: 1 }, returnDocument: 'after' },
    ).lean();
    expect(Object.keys(job ?? {}).sort()).toEqual(['_id', 'attempts']);
  });

  it('gives every concurrent claimer a different document', async () => {
    const now = new Date();
    await models.Job.insertMany(
      Array.from({ length: 20 }, (_, i) => ({ queue: 'contended', dueAt: new Date(now.getTime() - i) })),
    );
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) => claim('contended', `worker-${i}`, now)),
    );
    const claimed = claims.filter((job) => job !== null).map((job) => String(job._id));
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed).size).toBe(20);
    expect(await models.Job.countDocuments({ queue: 'contended', attempts: 1 })).toBe(20);
  });
});

describe('findOneAndDelete', () => {
  it('removes the first document in sort order and returns it', async () => {
    await models.Job.create([
      { queue: 'removed', dueAt: new Date(2000) },
      { queue: 'removed', dueAt: new Date(1000) },
    ]);
    const removed = await models.Job.findOneAndDelete({ queue: 'removed' }, { sort: { dueAt: 1 } }).lean();
    expect(removed?.dueAt.getTime()).toBe(1000);
    expect(await models.Job.countDocuments({ queue: 'removed' })).toBe(1);
  });

  it('returns null when nothing matches', async () => {
    expect(await models.Job.findOneAndDelete({ queue: 'absent' })).toBeNull();
  });
});
