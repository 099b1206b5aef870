/**
 * Counts and aggregations cost what they would on MongoDB: a count whose filter is exactly an
 * index's bounds reads no document (COUNT_SCAN, `countDocuments` and `$count` alike), other
 * counts read only the documents within the bounds, leading `$match` stages are merged before
 * the index is chosen, and `$match`, `$sort`, `$skip`, `$limit` walk an index in order and stop.
 * Each count is also checked against the same documents in a collection without indexes, on
 * the shapes where an index-only count could go wrong (arrays, mixed types, partial indexes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  databaseOf,
  driverCollection,
  useMongoose,
  type AnyDocument,
  type DriverCollection as Collection,
} from '../support/mongoose-connection.js';

type Document = Record<string, unknown>;

const connection = useMongoose();
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

interface Explained {
  plan: string;
  totalDocsExamined: number;
}

/**
 * The explained aggregation, whichever shape the server gives: the classic engine's `$cursor`
 * stage, or (MongoDB's slot-based engine) the plan at the top level.
 */
async function explainAggregate(collection: string, pipeline: Document[]): Promise<Explained> {
  const reply = await databaseOf(connection()).command({
    explain: { aggregate: collection, pipeline, cursor: {} },
    verbosity: 'executionStats',
  });
  const stages = reply['stages'] as Document[] | undefined;
  const section = (stages?.[0]?.['$cursor'] as Document | undefined) ?? reply;
  const stats = section['executionStats'] as Document;
  return {
    plan: JSON.stringify((section['queryPlanner'] as Document)['winningPlan']),
    totalDocsExamined: stats['totalDocsExamined'] as number,
  };
}

let leads: Collection;
let plain: Collection;

beforeAll(async () => {
  leads = driverCollection(connection(), 'count_leads');
  plain = driverCollection(connection(), 'count_leads_plain');
  await leads.createIndexes([
    { key: { workspaceId: 1, campaignId: 1, status: 1 } },
    { key: { workspaceId: 1, createdAt: -1, _id: -1 } },
    { key: { workspaceId: 1, tags: 1 } },
    { key: { workspaceId: 1, score: 1 }, partialFilterExpression: { score: { $exists: true } } },
  ]);
  // 6,000 leads: campaign c1 holds 4,000 (a fifth of them active), c2 holds 2,000; some have
  // tags (arrays), scores of mixed number types and strings, and a few lack a status.
  const docs: AnyDocument[] = Array.from({ length: 6_000 }, (_, i) => ({
    _id: i,
    workspaceId: 'w1',
    campaignId: i < 4_000 ? 'c1' : 'c2',
    ...(i % 97 === 0 ? {} : { status: i % 5 === 0 ? 'active' : 'waiting' }),
    createdAt: new Date(START + (i % 60) * DAY),
    ...(i % 7 === 0 ? { tags: ['a', i % 2 === 0 ? 'b' : 'a'] } : i % 11 === 0 ? { tags: 'a' } : {}),
    ...(i % 3 === 0 ? { score: i % 2 === 0 ? i / 2 : String(i) } : {}),
  }));
  await leads.insertMany(docs);
  await plain.insertMany(docs);
});

describe('counts from the index', () => {
  it('counts an equality prefix without reading a document, with countDocuments and $count', async () => {
    const filter = { workspaceId: 'w1', campaignId: 'c1', status: 'active' };
    expect(await leads.countDocuments(filter)).toBe(await plain.countDocuments(filter));
    expect(await leads.countDocuments(filter)).toBe(791); // a fifth of 4,000, less those without a status
    const explained = await explainAggregate('count_leads', [
      { $match: filter },
      { $group: { _id: 1, n: { $sum: 1 } } },
    ]);
    expect(explained.plan).toContain('workspaceId_1_campaignId_1_status_1');
    expect(explained.totalDocsExamined).toBe(0);
    const counted = await leads.aggregate([{ $match: filter }, { $count: 'n' }]).toArray();
    expect(counted).toEqual([{ n: 791 }]);
  });

  it('counts a date range after an equality from the index alone', async () => {
    const filter = {
      workspaceId: 'w1',
      createdAt: { $gte: new Date(START + 10 * DAY), $lt: new Date(START + 20 * DAY) },
    };
    expect(await leads.countDocuments(filter)).toBe(1_000);
    expect(await plain.countDocuments(filter)).toBe(1_000);
    const explained = await explainAggregate('count_leads', [{ $match: filter }, { $count: 'n' }]);
    expect(explained.plan).toContain('workspaceId_1_createdAt_-1__id_-1');
    expect(explained.totalDocsExamined).toBe(0);
  });

  it('merges leading $match stages before choosing the index', async () => {
    const pipeline = [
      { $match: { workspaceId: 'w1' } },
      { $match: { campaignId: 'c2', status: 'waiting' } },
      { $group: { _id: 1, n: { $sum: 1 } } },
    ];
    expect(await leads.aggregate(pipeline).toArray()).toEqual(await plain.aggregate(pipeline).toArray());
    const explained = await explainAggregate('count_leads', pipeline);
    expect(explained.plan).toContain('workspaceId_1_campaignId_1_status_1');
    expect(explained.totalDocsExamined).toBe(0);
  });

  it('reads only the documents within the bounds when the filter says more than the index', async () => {
    const pipeline = [
      { $match: { workspaceId: 'w1', campaignId: 'c2' } },
      { $match: { tags: 'a' } },
      { $count: 'n' },
    ];
    expect(await leads.aggregate(pipeline).toArray()).toEqual(await plain.aggregate(pipeline).toArray());
    const explained = await explainAggregate('count_leads', pipeline);
    expect(explained.totalDocsExamined).toBeLessThanOrEqual(2_000);
  });

  it('answers like a scan where index keys are not documents: arrays, mixed types, partial indexes, nothing matched', async () => {
    const filters: Document[] = [
      { workspaceId: 'w1', tags: 'a' },
      { workspaceId: 'w1', tags: { $in: ['a', 'b'] } },
      { workspaceId: 'w1', score: { $gte: 100, $lt: 900 } },
      { workspaceId: 'w1', score: { $gte: 100, $lt: '900' } },
      { workspaceId: 'w1', score: { $gt: '1' } },
      { workspaceId: 'w1', campaignId: 'c1', status: { $in: ['active', 'waiting'] } },
      { workspaceId: 'w1', campaignId: 'c1', status: null },
      { workspaceId: 'w1', campaignId: 'none' },
      { $and: [{ workspaceId: 'w1' }, { campaignId: 'c2' }, { status: 'active' }] },
    ];
    for (const filter of filters) {
      const label = JSON.stringify(filter);
      expect(await leads.countDocuments(filter), label).toBe(await plain.countDocuments(filter));
      expect(await leads.countDocuments(filter, { skip: 5, limit: 40 }), label).toBe(
        await plain.countDocuments(filter, { skip: 5, limit: 40 }),
      );
      const pipeline = [{ $match: filter }, { $count: 'n' }];
      expect(await leads.aggregate(pipeline).toArray(), label).toEqual(
        await plain.aggregate(pipeline).toArray(),
      );
    }
  });
});

describe('null equality', () => {
  it('pins a field to null or missing, so the sort after it walks the index and stops', async () => {
    const blocks = driverCollection(connection(), 'count_blocks');
    await blocks.createIndex({ w: 1, scope: 1, campaignId: 1, at: -1, _id: -1 });
    await blocks.insertMany(
      Array.from({ length: 3_000 }, (_, i) => ({
        _id: i,
        w: 'w1',
        scope: i % 3 === 0 ? 'campaign' : 'workspace',
        ...(i % 3 === 0 ? { campaignId: `c${i % 7}` } : i % 2 === 0 ? { campaignId: null } : {}),
        at: new Date(START + i * 60_000),
      })),
    );
    const filter = { w: 'w1', scope: 'workspace', campaignId: null };
    const page = await blocks.find(filter).sort({ at: -1, _id: -1 }).limit(5).toArray();
    expect(page.map((doc) => doc['_id'])).toEqual([2999, 2998, 2996, 2995, 2993]);
    const reply = await databaseOf(connection()).command({
      explain: { find: 'count_blocks', filter, sort: { at: -1, _id: -1 }, limit: 5 },
      verbosity: 'executionStats',
    });
    expect(reply['executionStats']['totalDocsExamined']).toBe(5);
    expect(await blocks.countDocuments(filter)).toBe(2_000);
  });
});

describe('aggregation pages walk an index in order', () => {
  it('reads only skip + limit documents for $match, $sort, $skip, $limit on an index', async () => {
    const pipeline = [
      { $match: { workspaceId: 'w1' } },
      { $sort: { createdAt: -1, _id: -1 } },
      { $skip: 20 },
      { $limit: 10 },
    ];
    const page = await leads.aggregate(pipeline).toArray();
    expect(page).toEqual(await plain.aggregate(pipeline).toArray());
    expect(page).toHaveLength(10);
    const explained = await explainAggregate('count_leads', pipeline);
    expect(explained.plan).toContain('workspaceId_1_createdAt_-1__id_-1');
    expect(explained.plan).not.toContain('"SORT"');
    expect(explained.totalDocsExamined).toBe(30);
  });
});
