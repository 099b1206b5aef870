/**
 * Reads: query operators (including dates and `$expr`), sort/skip/limit/projection, cursors that
 * need getMore and killCursors, counts, distinct, and proof through `explain` that indexed
 * equality lookups read only the matching documents.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceModels, newWorkspaceId, type ConformanceModels } from '../support/conformance-models.js';
import { databaseOf, useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();
let models: ConformanceModels;
const workspaceId = newWorkspaceId();
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

beforeAll(async () => {
  models = conformanceModels(connection());
  await models.Lead.init();
  await models.Lead.createIndexes();
  await models.Lead.insertMany([
    {
      workspaceId,
      email: 'ada@example.com',
      status: 'active',
      tags: ['vip', 'eu'],
      score: 10,
      lastSeenAt: day(1),
      steps: [{ name: 'invite', done: true }],
    },
    { workspaceId, email: 'bob@example.com', status: 'waiting', tags: ['us'], score: 5, lastSeenAt: day(5) },
    {
      workspaceId,
      email: 'cy@sample.org',
      status: 'completed',
      tags: [],
      score: 7,
      lastSeenAt: day(9),
      steps: [{ name: 'invite', done: false }],
    },
    { workspaceId, email: 'dee@example.com', status: 'active', score: 1, externalId: 'crm-4' },
  ]);
});

async function emails(filter: Record<string, unknown>): Promise<string[]> {
  const found = await models.Lead.find({ workspaceId, ...filter })
    .sort({ email: 1 })
    .lean();
  return found.map((lead) => lead.email);
}

describe('query operators', () => {
  it('matches with $in, $nin, $exists and equality on array elements', async () => {
    expect(await emails({ status: { $in: ['active', 'completed'] } })).toEqual([
      'ada@example.com',
      'cy@sample.org',
      'dee@example.com',
    ]);
    expect(await emails({ status: { $nin: ['active'] } })).toEqual(['bob@example.com', 'cy@sample.org']);
    expect(await emails({ externalId: { $exists: true } })).toEqual(['dee@example.com']);
    expect(await emails({ tags: 'vip' })).toEqual(['ada@example.com']);
  });

  it('matches with $elemMatch, $regex, $or and $and', async () => {
    expect(await emails({ steps: { $elemMatch: { name: 'invite', done: false } } })).toEqual([
      'cy@sample.org',
    ]);
    expect(await emails({ email: { $regex: '^[ab]', $options: 'i' } })).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
    expect(await emails({ email: /sample\.org$/ })).toEqual(['cy@sample.org']);
    expect(await emails({ $or: [{ score: { $gt: 9 } }, { status: 'waiting' }] })).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
    expect(await emails({ $and: [{ score: { $gte: 5 } }, { score: { $lt: 10 } }] })).toEqual([
      'bob@example.com',
      'cy@sample.org',
    ]);
  });

  it('compares dates with $gte and $lte, and fields with $expr', async () => {
    expect(await emails({ lastSeenAt: { $gte: day(2), $lte: day(9) } })).toEqual([
      'bob@example.com',
      'cy@sample.org',
    ]);
    expect(await emails({ $expr: { $gt: ['$score', { $size: { $ifNull: ['$tags', []] } }] } })).toEqual([
      'ada@example.com',
      'bob@example.com',
      'cy@sample.org',
      'dee@example.com',
    ]);
  });
});

describe('find options', () => {
  it('sorts, skips, limits and projects', async () => {
    const page = await models.Lead.find({ workspaceId }, { email: 1, score: 1, _id: 0 })
      .sort({ score: -1 })
      .skip(1)
      .limit(2)
      .lean();
    expect(page).toEqual([
      { email: 'cy@sample.org', score: 7 },
      { email: 'bob@example.com', score: 5 },
    ]);
  });

  it('excludes fields with a negative projection', async () => {
    const lead = await models.Lead.findOne({ workspaceId, email: 'ada@example.com' })
      .select('-steps -tags')
      .lean();
    expect(lead).toHaveProperty('score', 10);
    expect(lead).not.toHaveProperty('steps');
    expect(lead).not.toHaveProperty('tags');
  });
});

describe('cursors', () => {
  beforeAll(async () => {
    await models.Scratch.collection.insertMany(Array.from({ length: 250 }, (_, i) => ({ kind: 'paged', i })));
  });

  it('returns every document across getMore batches', async () => {
    const seen: number[] = [];
    for await (const doc of models.Scratch.find({ kind: 'paged' })
      .sort({ i: 1 })
      .batchSize(40)
      .lean<{ i: number }>()
      .cursor()) {
      seen.push(doc.i);
    }
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });

  it('returns more than the default first batch of 101 through find', async () => {
    expect(await models.Scratch.countDocuments({ kind: 'paged' })).toBe(250);
    expect((await models.Scratch.find({ kind: 'paged' }).lean()).length).toBe(250);
  });

  it('kills an open cursor so that it cannot be continued', async () => {
    const db = databaseOf(connection());
    const first = await db.command({
      find: models.Scratch.collection.name,
      filter: { kind: 'paged' },
      batchSize: 10,
    });
    const cursorId = (first['cursor'] as { id: unknown }).id;
    const killed = await db.command({ killCursors: models.Scratch.collection.name, cursors: [cursorId] });
    expect((killed['cursorsKilled'] as unknown[]).length).toBe(1);
    await expect(
      db.command({ getMore: cursorId, collection: models.Scratch.collection.name }),
    ).rejects.toMatchObject({ code: 43 });
  });
});

describe('counting and distinct', () => {
  it('counts with countDocuments (aggregate), estimatedDocumentCount (count) and the count command', async () => {
    expect(await models.Lead.countDocuments({ workspaceId, status: 'active' })).toBe(2);
    expect(await models.Lead.estimatedDocumentCount()).toBeGreaterThanOrEqual(4);
    const reply = await databaseOf(connection()).command({
      count: models.Lead.collection.name,
      query: { workspaceId },
      skip: 1,
      limit: 2,
    });
    expect(reply['n']).toBe(2);
  });

  it('lists distinct values, unwinding arrays', async () => {
    expect((await models.Lead.distinct('status', { workspaceId })).sort()).toEqual([
      'active',
      'completed',
      'waiting',
    ]);
    expect((await models.Lead.distinct('tags', { workspaceId })).sort()).toEqual(['eu', 'us', 'vip']);
  });
});

describe('index use', () => {
  it('reads only the matching documents for _id and indexed equality lookups', async () => {
    await models.Scratch.collection.createIndex({ bucket: 1 });
    await models.Scratch.collection.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({ bucket: i % 100, n: i })),
    );
    const byBucket = await models.Scratch.find({ bucket: 42 }).explain('executionStats');
    const stats = executionStats(byBucket);
    expect(stats.nReturned).toBe(20);
    expect(stats.totalDocsExamined).toBe(20);
    const one = await models.Scratch.collection.findOne({ bucket: 7 });
    const byId = await models.Scratch.find({ _id: one?._id }).explain('executionStats');
    expect(executionStats(byId).totalDocsExamined).toBe(1);
  });
});

function executionStats(explained: unknown): { nReturned: number; totalDocsExamined: number } {
  const plan = (Array.isArray(explained) ? explained[0] : explained) as {
    executionStats: { nReturned: number; totalDocsExamined: number };
  };
  return plan.executionStats;
}
