/**
 * What `explain` shows for the project's hot query shapes, on any MongoDB: claims walk a compound
 * (partial) index from the earliest due entry and read only due documents; a sort on the index's
 * next field with a limit reads only `limit` documents, whichever way the sort goes; the longest
 * usable index prefix wins; partial and sparse indexes are used only when they hold every match,
 * so results stay complete.
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
const NOW = new Date(Date.UTC(2025, 2, 3, 10));
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

interface Explained {
  plan: string;
  totalDocsExamined: number;
  nReturned: number;
}

async function explain(command: Document): Promise<Explained> {
  const reply = await databaseOf(connection()).command({ explain: command, verbosity: 'executionStats' });
  return {
    plan: JSON.stringify(reply['queryPlanner']['winningPlan']),
    totalDocsExamined: reply['executionStats']['totalDocsExamined'] as number,
    nReturned: reply['executionStats']['nReturned'] as number,
  };
}

const CLAIM_INDEX = 'workspaceId_1_campaignId_1_nextActionAt_1';

describe('claims over a compound partial index', () => {
  let leads: Collection;
  const claimFilter = {
    workspaceId: 'w1',
    campaignId: 'c1',
    nextActionAt: { $lte: NOW },
    leaseUntil: { $not: { $gt: NOW } },
  };
  const claim = (owner: string): Document => ({
    findAndModify: 'claim_leads',
    query: claimFilter,
    sort: { nextActionAt: 1 },
    update: { $set: { leaseOwner: owner, leaseUntil: minutes(5) }, $inc: { attempts: 1 } },
    new: true,
  });

  beforeAll(async () => {
    leads = driverCollection(connection(), 'claim_leads');
    await leads.createIndexes([
      { key: { workspaceId: 1, campaignId: 1 } },
      {
        key: { workspaceId: 1, campaignId: 1, nextActionAt: 1 },
        partialFilterExpression: { nextActionAt: { $exists: true } },
      },
    ]);
    // 20,000 leads of one campaign: 10 due (the 3 most overdue still leased), every 10th paused
    // (no due time), the rest due later; plus 1,000 due leads of another campaign.
    const docs: AnyDocument[] = Array.from({ length: 20_000 }, (_, i) => {
      const doc: AnyDocument = { _id: i, workspaceId: 'w1', campaignId: 'c1', leaseUntil: null, attempts: 0 };
      if (i < 10) doc['nextActionAt'] = minutes(i - 10);
      else if (i % 10 !== 0) doc['nextActionAt'] = minutes(i);
      if (i < 3) doc['leaseUntil'] = minutes(1);
      return doc;
    });
    for (let i = 0; i < 1_000; i++) {
      docs.push({
        _id: `other-${i}`,
        workspaceId: 'w1',
        campaignId: 'c2',
        nextActionAt: minutes(-i),
        leaseUntil: null,
      });
    }
    await leads.insertMany(docs);
  });

  it('reads only the due leads of the campaign, from the earliest, skipping held leases', async () => {
    const explained = await explain(claim('runner-a'));
    expect(explained.plan).toContain('IXSCAN');
    expect(explained.plan).toContain(CLAIM_INDEX);
    expect(explained.totalDocsExamined).toBeGreaterThanOrEqual(1);
    expect(explained.totalDocsExamined).toBeLessThanOrEqual(4);
  });

  it('hands out the free due leads in due order, then nothing', async () => {
    const claimed: unknown[] = [];
    for (;;) {
      const lead = await leads.findOneAndUpdate(claimFilter, claim('runner-b')['update'] as Document, {
        sort: { nextActionAt: 1 },
        returnDocument: 'after',
      });
      if (lead === null) break;
      expect(lead).toMatchObject({ leaseOwner: 'runner-b', attempts: 1 });
      claimed.push(lead['_id']);
    }
    expect(claimed).toEqual([3, 4, 5, 6, 7, 8, 9]);
    // Every due lead is now leased: a claim reads those 10 and finds nothing.
    expect((await explain(claim('runner-c'))).totalDocsExamined).toBeLessThanOrEqual(10);
  });

  it('claims deliveries by status and due time through a partial index on the due field alone', async () => {
    const deliveries = driverCollection(connection(), 'claim_deliveries');
    await deliveries.createIndex(
      { nextAttemptAt: 1 },
      { partialFilterExpression: { nextAttemptAt: { $exists: true } } },
    );
    await deliveries.insertMany(
      Array.from({ length: 5_000 }, (_, i) =>
        i % 2 === 0
          ? { _id: i, status: 'delivered' }
          : { _id: i, status: 'pending', nextAttemptAt: minutes(i < 20 ? i - 20 : i) },
      ),
    );
    const explained = await explain({
      findAndModify: 'claim_deliveries',
      query: { status: 'pending', nextAttemptAt: { $lte: NOW } },
      sort: { nextAttemptAt: 1 },
      update: { $set: { status: 'sending' } },
    });
    expect(explained.plan).toContain('nextAttemptAt_1');
    expect(explained.totalDocsExamined).toBe(1);
  });
});

describe('sorts over the index’s next field', () => {
  let feed: Collection;
  const at = (i: number) => new Date(NOW.getTime() + i * 1_000);

  beforeAll(async () => {
    feed = driverCollection(connection(), 'sorted_feed');
    await feed.createIndex({ w: 1, at: -1 });
    await feed.insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: i, w: `w${i % 3}`, at: at(i) })));
  });

  const ids = async (cursor: { toArray(): Promise<Document[]> }) =>
    (await cursor.toArray()).map((doc) => doc['_id']);
  const explainFind = async (filter: Document, sort: Document, limit: number, skip = 0) =>
    explain({ find: 'sorted_feed', filter, sort, limit, skip });

  it('returns the newest or oldest few in order, reading only those', async () => {
    expect(await ids(feed.find({ w: 'w1' }).sort({ at: -1 }).limit(3))).toEqual([2998, 2995, 2992]);
    expect(await ids(feed.find({ w: 'w1' }).sort({ at: 1 }).limit(3))).toEqual([1, 4, 7]);
    for (const direction of [1, -1]) {
      const explained = await explainFind({ w: 'w1' }, { at: direction }, 3);
      expect(explained.plan).toContain('w_1_at_-1');
      expect(explained).toMatchObject({ totalDocsExamined: 3, nReturned: 3 });
    }
  });

  it('combines a range with the sort, a skip and a limit', async () => {
    const filter = { w: 'w2', at: { $gte: at(1_000), $lt: at(2_000) } };
    expect(await ids(feed.find(filter).sort({ at: 1 }).skip(2).limit(3))).toEqual([1007, 1010, 1013]);
    const explained = await explainFind(filter, { at: 1 }, 3, 2);
    expect(explained.plan).toContain('w_1_at_-1');
    expect(explained.totalDocsExamined).toBeLessThanOrEqual(5);
    expect(explained.nReturned).toBe(3);
  });
});

describe('choosing among indexes', () => {
  it('uses the index with the longest usable prefix, reading only the matches', async () => {
    const events = driverCollection(connection(), 'prefix_events');
    await events.createIndexes([
      { key: { w: 1 } },
      { key: { w: 1, type: 1 } },
      { key: { w: 1, type: 1, at: 1 } },
    ]);
    await events.insertMany(
      Array.from({ length: 4_000 }, (_, i) => ({
        _id: i,
        w: `w${i % 2}`,
        type: `t${i % 4}`,
        at: new Date(NOW.getTime() + i),
      })),
    );
    const filter = { w: 'w1', type: 't3', at: { $gte: new Date(NOW.getTime() + 2_000) } };
    const explained = await explain({ find: 'prefix_events', filter });
    expect(explained.plan).toContain('w_1_type_1_at_1');
    expect(explained).toMatchObject({ nReturned: 500, totalDocsExamined: 500 });
  });
});

describe('partial and sparse indexes', () => {
  let jobs: Collection;

  beforeAll(async () => {
    jobs = driverCollection(connection(), 'partial_jobs');
    await jobs.createIndexes([
      {
        key: { status: 1, dueAt: 1 },
        name: 'due_jobs',
        partialFilterExpression: { dueAt: { $exists: true } },
      },
      { key: { score: 1 }, name: 'high_scores', partialFilterExpression: { score: { $gt: 10 } } },
      { key: { handle: 1 }, name: 'handles', sparse: true },
    ]);
    await jobs.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        _id: i,
        status: i % 3 === 0 ? 'done' : 'pending',
        ...(i % 2 === 0 ? { dueAt: minutes(i - 150) } : {}),
        score: i % 20,
        ...(i % 4 === 0 ? { handle: `h${i % 8}` } : {}),
      })),
    );
  });

  const count = (filter: Document) => jobs.countDocuments(filter);
  const planOf = async (filter: Document) => (await explain({ find: 'partial_jobs', filter })).plan;

  it('uses a partial index when the query implies its filter, and finds every match either way', async () => {
    expect(await planOf({ status: 'pending', dueAt: { $lte: NOW } })).toContain('due_jobs');
    expect(await count({ status: 'pending', dueAt: { $lte: NOW } })).toBe(50);
    expect(await planOf({ status: 'pending' })).not.toContain('due_jobs');
    expect(await count({ status: 'pending' })).toBe(200);
    expect(await count({ status: 'pending', dueAt: null })).toBe(100);
    expect(await planOf({ score: { $gte: 15 } })).toContain('high_scores');
    expect(await count({ score: { $gte: 15 } })).toBe(75);
    expect(await planOf({ score: { $gte: 5 } })).not.toContain('high_scores');
    expect(await count({ score: { $gte: 5 } })).toBe(225);
  });

  it('uses a sparse index for values, not for documents missing the field', async () => {
    expect(await planOf({ handle: 'h4' })).toContain('handles');
    expect(await count({ handle: 'h4' })).toBe(37);
    expect(await planOf({ handle: null })).not.toContain('handles');
    expect(await count({ handle: null })).toBe(225);
    const firstByHandle = await jobs
      .find({}, { projection: { _id: 1 } })
      .sort({ handle: 1, _id: 1 })
      .limit(2)
      .toArray();
    expect(firstByHandle).toEqual([{ _id: 1 }, { _id: 2 }]);
  });
});
