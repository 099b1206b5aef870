/**
 * The aggregation stages and expressions analytics needs: $match, $group, $sort, $project,
 * $addFields, $limit, $skip, $unwind, $facet, $count and $lookup, with $sum, $cond,
 * $dateToString, $ifNull, $size, $filter, $first and $push.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceModels, newWorkspaceId, type ConformanceModels } from '../support/conformance-models.js';
import { useMongoose } from '../support/mongoose-connection.js';

const connection = useMongoose();
let models: ConformanceModels;
const workspaceId = newWorkspaceId();
const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 2, day, hour));

beforeAll(async () => {
  models = conformanceModels(connection());
  await models.Account.create([
    { workspaceId, name: 'North', plan: 'pro' },
    { workspaceId, name: 'South', plan: 'agency' },
  ]);
  await models.Lead.insertMany([
    {
      workspaceId,
      email: 'a@x',
      status: 'active',
      score: 3,
      tags: ['vip', 'eu'],
      lastSeenAt: at(1, 9),
      externalId: 'North',
    },
    {
      workspaceId,
      email: 'b@x',
      status: 'active',
      score: 5,
      tags: ['eu'],
      lastSeenAt: at(1, 17),
      externalId: 'South',
    },
    {
      workspaceId,
      email: 'c@x',
      status: 'completed',
      score: 8,
      tags: [],
      lastSeenAt: at(2),
      externalId: 'North',
    },
    { workspaceId, email: 'd@x', status: 'waiting', score: 1, lastSeenAt: at(3), externalId: 'Nowhere' },
  ]);
});

describe('aggregation', () => {
  it('groups with $sum, $push and $first after $match and $sort', async () => {
    const rows = await models.Lead.aggregate<{
      _id: string;
      count: number;
      total: number;
      emails: string[];
      top: string;
    }>([
      { $match: { workspaceId } },
      { $sort: { score: -1 } },
      {
        $group: {
          _id: '$status',
          count: { $sum: 1 },
          total: { $sum: '$score' },
          emails: { $push: '$email' },
          top: { $first: '$email' },
        },
      },
      { $sort: { _id: 1 } },
    ]);
    expect(rows).toEqual([
      { _id: 'active', count: 2, total: 8, emails: ['b@x', 'a@x'], top: 'b@x' },
      { _id: 'completed', count: 1, total: 8, emails: ['c@x'], top: 'c@x' },
      { _id: 'waiting', count: 1, total: 1, emails: ['d@x'], top: 'd@x' },
    ]);
  });

  it('buckets by day with $dateToString and counts conditionally with $cond', async () => {
    const rows = await models.Lead.aggregate<{ _id: string; leads: number; active: number }>([
      { $match: { workspaceId } },
      {
        $group: {
          _id: { $dateToString: { format: '%Y-%m-%d', date: '$lastSeenAt' } },
          leads: { $sum: 1 },
          active: { $sum: { $cond: [{ $eq: ['$status', 'active'] }, 1, 0] } },
        },
      },
      { $sort: { _id: 1 } },
    ]);
    expect(rows).toEqual([
      { _id: '2025-03-01', leads: 2, active: 2 },
      { _id: '2025-03-02', leads: 1, active: 0 },
      { _id: '2025-03-03', leads: 1, active: 0 },
    ]);
  });

  it('shapes documents with $project, $addFields, $ifNull, $size and $filter', async () => {
    const rows = await models.Lead.aggregate([
      { $match: { workspaceId } },
      { $addFields: { tagCount: { $size: { $ifNull: ['$tags', []] } } } },
      {
        $project: {
          _id: 0,
          email: 1,
          tagCount: 1,
          euTags: { $filter: { input: { $ifNull: ['$tags', []] }, as: 't', cond: { $eq: ['$$t', 'eu'] } } },
        },
      },
      { $sort: { email: 1 } },
    ]);
    expect(rows).toEqual([
      { email: 'a@x', tagCount: 2, euTags: ['eu'] },
      { email: 'b@x', tagCount: 1, euTags: ['eu'] },
      { email: 'c@x', tagCount: 0, euTags: [] },
      { email: 'd@x', tagCount: 0, euTags: [] },
    ]);
  });

  it('pages with $skip and $limit and unwinds arrays', async () => {
    const page = await models.Lead.aggregate([
      { $match: { workspaceId } },
      { $sort: { email: 1 } },
      { $skip: 1 },
      { $limit: 2 },
      { $project: { _id: 0, email: 1 } },
    ]);
    expect(page).toEqual([{ email: 'b@x' }, { email: 'c@x' }]);
    const tags = await models.Lead.aggregate([
      { $match: { workspaceId } },
      { $unwind: '$tags' },
      { $group: { _id: '$tags', n: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]);
    expect(tags).toEqual([
      { _id: 'eu', n: 2 },
      { _id: 'vip', n: 1 },
    ]);
  });

  it('counts with $count, and returns nothing when nothing matched', async () => {
    expect(
      await models.Lead.aggregate([{ $match: { workspaceId, status: 'active' } }, { $count: 'n' }]),
    ).toEqual([{ n: 2 }]);
    expect(
      await models.Lead.aggregate([{ $match: { workspaceId, status: 'unknown' } }, { $count: 'n' }]),
    ).toEqual([]);
  });

  it('computes several facets in one pass', async () => {
    const [facets] = await models.Lead.aggregate([
      { $match: { workspaceId } },
      {
        $facet: {
          total: [{ $count: 'n' }],
          best: [{ $sort: { score: -1 } }, { $limit: 1 }, { $project: { _id: 0, email: 1 } }],
        },
      },
    ]);
    expect(facets).toEqual({ total: [{ n: 4 }], best: [{ email: 'c@x' }] });
  });

  it('joins another collection of the same database with $lookup', async () => {
    const rows = await models.Lead.aggregate<{ email: string; accounts: { plan: string }[] }>([
      { $match: { workspaceId } },
      {
        $lookup: {
          from: models.Account.collection.name,
          localField: 'externalId',
          foreignField: 'name',
          as: 'accounts',
        },
      },
      { $project: { _id: 0, email: 1, 'accounts.plan': 1 } },
      { $sort: { email: 1 } },
    ]);
    expect(rows.map((row) => [row.email, row.accounts.map((account) => account.plan)])).toEqual([
      ['a@x', ['pro']],
      ['b@x', ['agency']],
      ['c@x', ['pro']],
      ['d@x', []],
    ]);
  });
});
