/**
 * Block-list search: any part of the identifier, case-insensitive, the user's text taken
 * literally; counted and paged like the list; read in two steps, the matching keys from the index
 * (no document read on MongoDB), then the page's documents by id.
 */
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import mongoose, { type Connection, type mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { createDb, type Db } from '../db.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { BlockListQuery, BlockTarget } from './blocked-lead.repository.js';

let t: TestDb;
let ws: WorkspaceId;
let tick = 0;
const clock = () => new Date(Date.UTC(2025, 0, 1) + (tick += 1000));
const WORKSPACE = { scope: 'workspace' } as const;
const CAMPAIGN = { scope: 'campaign', campaignId: 'cmp_search' } as const;

const IDENTIFIERS = [
  'john-doe',
  'jane-roe',
  'doe-smith',
  // Stored as given: the repository does not normalise, so the search must ignore case.
  'JOHNDOE',
  'a.b',
  'axb',
  'star*x',
  'starx',
  'paren(1',
  'paren1',
  'nul\u0000byte',
];

async function identifiers(target: BlockTarget, query: BlockListQuery) {
  const page = await t.db.blockedLeads.list(ws, target, query);
  return { total: page.total, found: page.items.map((b) => b.publicIdentifier) };
}

beforeAll(async () => {
  t = await openTestDb({ clock });
  ws = await newWorkspace(t.db);
  // One block at a time, so each has its own date and the order is the insertion order.
  for (const publicIdentifier of IDENTIFIERS)
    await t.db.blockedLeads.block(ws, WORKSPACE, [{ publicIdentifier }]);
  await t.db.blockedLeads.block(ws, CAMPAIGN, [{ publicIdentifier: 'doe-in-a-campaign' }]);
  const other = await newWorkspace(t.db);
  await t.db.blockedLeads.block(other, WORKSPACE, [{ publicIdentifier: 'doe-elsewhere' }]);
});
afterAll(() => t.db.close());

describe('searching a block list', () => {
  it('finds the text anywhere in the identifier, whatever its case, in the list order', async () => {
    expect(await identifiers(WORKSPACE, { search: 'doe' })).toEqual({
      total: 3,
      found: ['JOHNDOE', 'doe-smith', 'john-doe'],
    });
    expect(await identifiers(WORKSPACE, { search: ' DoE ', sort: 'ASC' })).toEqual({
      total: 3,
      found: ['john-doe', 'doe-smith', 'JOHNDOE'],
    });
    expect(await identifiers(WORKSPACE, { search: 'n-d' })).toEqual({ total: 1, found: ['john-doe'] });
    expect(await identifiers(CAMPAIGN, { search: 'doe' })).toEqual({
      total: 1,
      found: ['doe-in-a-campaign'],
    });
    expect(await identifiers(WORKSPACE, { search: 'nobody' })).toEqual({ total: 0, found: [] });
  });

  it('takes regular-expression characters literally', async () => {
    expect(await identifiers(WORKSPACE, { search: '.' })).toEqual({ total: 1, found: ['a.b'] });
    expect(await identifiers(WORKSPACE, { search: 'r*' })).toEqual({ total: 1, found: ['star*x'] });
    expect(await identifiers(WORKSPACE, { search: '(' })).toEqual({ total: 1, found: ['paren(1'] });
    expect(await identifiers(WORKSPACE, { search: 'a.*' })).toEqual({ total: 0, found: [] });
    expect(await identifiers(WORKSPACE, { search: '^j' })).toEqual({ total: 0, found: [] });
    // A NUL (a URL-decoded `%00`) is a character like any other.
    expect(await identifiers(WORKSPACE, { search: '\u0000' })).toEqual({
      total: 1,
      found: ['nul\u0000byte'],
    });
    expect(await identifiers(WORKSPACE, { search: '%00b' })).toEqual({ total: 1, found: ['nul\u0000byte'] });
  });

  it('pages the matches by cursor and by offset, each once, with the total of all matches', async () => {
    for (const sort of ['DESC', 'ASC'] as const) {
      const all = (await identifiers(WORKSPACE, { search: 'doe', sort })).found;
      const seen: string[] = [];
      let after: string | undefined;
      for (let round = 0; round < 5; round += 1) {
        const page = await t.db.blockedLeads.list(ws, WORKSPACE, {
          search: 'doe',
          sort,
          limit: 2,
          ...(after === undefined ? {} : { after }),
        });
        expect(page.total).toBe(3);
        seen.push(...page.items.map((b) => b.publicIdentifier));
        if (!page.nextCursor) break;
        after = page.nextCursor;
      }
      expect(seen).toEqual(all);
      const second = await identifiers(WORKSPACE, { search: 'doe', sort, offset: 1, limit: 1 });
      expect(second).toEqual({ total: 3, found: [all[1]] });
    }
    const whole = await t.db.blockedLeads.list(ws, WORKSPACE, { search: 'doe', limit: 3 });
    expect(whole).toMatchObject({ total: 3, nextCursor: null });
    expect(whole.items).toHaveLength(3);
    expect(await identifiers(WORKSPACE, { search: 'doe', offset: 2, limit: 5 })).toEqual({
      total: 3,
      found: ['john-doe'],
    });
    expect(await identifiers(WORKSPACE, { search: 'doe', offset: 3 })).toEqual({ total: 3, found: [] });
    expect(await identifiers(WORKSPACE, { search: 'doe', offset: 9 })).toEqual({ total: 3, found: [] });
    const end = await t.db.blockedLeads.list(ws, WORKSPACE, { search: 'doe', limit: 1, offset: 1 });
    const after = await t.db.blockedLeads.list(ws, WORKSPACE, { search: 'doe', after: end.nextCursor ?? '' });
    expect(after).toMatchObject({ total: 3, nextCursor: null });
    expect(after.items.map((b) => b.publicIdentifier)).toEqual(['john-doe']);
  });
});

describe('the cost of a search', () => {
  let watched: Connection;
  let db: Db;
  const sent: mongo.CommandStartedEvent[] = [];

  beforeAll(async () => {
    watched = await mongoose
      .createConnection(testDatabaseUri(), { autoIndex: false, autoCreate: false, monitorCommands: true })
      .asPromise();
    db = createDb(watched, { clock });
    watched.getClient().on('commandStarted', (event) => sent.push(event));
  });
  afterAll(() => watched.close());

  interface Stats {
    totalKeysExamined: number;
    totalDocsExamined: number;
    nReturned: number;
  }

  /** The execution stats of an aggregation, from either explain shape (whole or `$cursor`). */
  async function statsOf(pipeline: mongo.Document[]): Promise<{ stats: Stats; plan: string }> {
    const explained = (await t.raw('blocked_leads').aggregate(pipeline).explain('executionStats')) as {
      executionStats?: Stats;
      queryPlanner?: unknown;
      stages?: Array<{ $cursor?: { executionStats: Stats; queryPlanner: unknown } }>;
    };
    const cursor = explained.stages?.[0]?.$cursor;
    const stats = explained.executionStats ?? cursor?.executionStats;
    if (stats === undefined) throw new Error(`no executionStats in ${JSON.stringify(explained)}`);
    return { stats, plan: JSON.stringify(explained.queryPlanner ?? cursor?.queryPlanner) };
  }

  it('reads the list’s index keys to find the matches, and only the page’s documents', async () => {
    const buildInfo = await watched.getClient().db('admin').command({ buildInfo: 1 });
    const emulator = buildInfo['gitVersion'] === 'outreach-mongo-emulator';
    sent.length = 0;
    const page = await db.blockedLeads.list(ws, WORKSPACE, { search: 'doe', limit: 2 });
    expect(page.items).toHaveLength(2);
    const reads = sent.filter(
      (event) => (event.command as Record<string, unknown>)[event.commandName] === 'blocked_leads',
    );
    const searches = reads.filter((event) => event.commandName === 'aggregate');
    // The count and the matching page's ids.
    expect(searches).toHaveLength(2);
    for (const search of searches) {
      const { stats, plan } = await statsOf(search.command['pipeline'] as mongo.Document[]);
      expect(plan).toContain('IXSCAN');
      // Within the workspace list's bounds: never the campaign's or another workspace's keys.
      expect(stats.totalKeysExamined).toBeLessThanOrEqual(IDENTIFIERS.length);
      // MongoDB answers from the keys alone (a covered plan). The emulator has no covered plans:
      // it fetches the document of every key it reads, so there it shows the keys' count.
      if (emulator) expect(stats.totalDocsExamined).toBe(stats.totalKeysExamined);
      else expect(stats.totalDocsExamined).toBe(0);
    }
    // Then the page's documents by id: the two shown, nothing else.
    const fetches = reads.filter((event) => event.commandName === 'find');
    expect(fetches).toHaveLength(1);
    const fetch = fetches[0]?.command ?? {};
    const explained = (await t
      .raw('blocked_leads')
      .find(fetch['filter'] as mongo.Document)
      .explain('executionStats')) as { executionStats: Stats };
    expect(explained.executionStats.totalDocsExamined).toBe(2);
  });

  it('counts nothing again when the first page holds every match', async () => {
    sent.length = 0;
    expect((await db.blockedLeads.list(ws, WORKSPACE, { search: 'n-d' })).total).toBe(1);
    const reads = sent.filter(
      (event) => (event.command as Record<string, unknown>)[event.commandName] === 'blocked_leads',
    );
    expect(reads.map((event) => event.commandName)).toEqual(['aggregate', 'find']);
  });
});
