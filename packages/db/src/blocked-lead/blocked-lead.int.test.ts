/** Block lists: idempotent blocking, scoped lists and unblocking, the runner's lookup. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { must } from '../testing/must.js';

let t: TestDb;
let ws: WorkspaceId;
let tick = 0;
const clock = () => new Date(Date.UTC(2025, 0, 1) + (tick += 1000));
const WORKSPACE = { scope: 'workspace' } as const;
const campaignList = (campaignId: string) => ({ scope: 'campaign', campaignId }) as const;

beforeAll(async () => {
  t = await openTestDb({ clock });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('blocking', () => {
  it('counts only new blocks, per list', async () => {
    expect(
      await t.db.blockedLeads.block(ws, WORKSPACE, [
        { publicIdentifier: 'ann', reason: 'asked' },
        { publicIdentifier: 'bob' },
      ]),
    ).toEqual({
      blocked: 2,
    });
    expect(
      await t.db.blockedLeads.block(ws, WORKSPACE, [
        { publicIdentifier: 'ann' },
        { publicIdentifier: 'cid' },
        { publicIdentifier: 'cid' },
      ]),
    ).toEqual({
      blocked: 1,
    });
    expect(await t.db.blockedLeads.block(ws, campaignList('cmp_1'), [{ publicIdentifier: 'ann' }])).toEqual({
      blocked: 1,
    });
  });

  it('checks both the workspace list and the campaign’s own list', async () => {
    await t.db.blockedLeads.block(ws, campaignList('cmp_2'), [{ publicIdentifier: 'dan' }]);
    expect(await t.db.blockedLeads.isBlocked(ws, 'cmp_9', 'bob')).toBe(true);
    expect(await t.db.blockedLeads.isBlocked(ws, 'cmp_2', 'dan')).toBe(true);
    expect(await t.db.blockedLeads.isBlocked(ws, 'cmp_3', 'dan')).toBe(false);
    expect(await t.db.blockedLeads.findBlocked(ws, 'cmp_2', ['bob', 'dan', 'eve'])).toEqual(
      new Set(['bob', 'dan']),
    );
  });
});

describe('lists', () => {
  it('lists one list with date sort, search, offset, limit and total', async () => {
    const other = await newWorkspace(t.db);
    await t.db.blockedLeads.block(other, WORKSPACE, [{ publicIdentifier: 'alpha' }]);
    await t.db.blockedLeads.block(other, WORKSPACE, [{ publicIdentifier: 'beta' }]);
    await t.db.blockedLeads.block(other, WORKSPACE, [{ publicIdentifier: 'alphabet' }]);
    await t.db.blockedLeads.block(other, campaignList('cmp_1'), [{ publicIdentifier: 'alpha-campaign' }]);
    const newest = await t.db.blockedLeads.list(other, WORKSPACE);
    expect(newest).toMatchObject({ total: 3 });
    expect(newest.items.map((b) => b.publicIdentifier)).toEqual(['alphabet', 'beta', 'alpha']);
    expect(newest.items[0]).toMatchObject({
      workspaceId: other,
      reason: null,
      scope: 'workspace',
      campaignId: null,
    });
    const search = await t.db.blockedLeads.list(other, WORKSPACE, {
      search: 'ALPHA',
      sort: 'ASC',
      offset: 1,
      limit: 1,
    });
    expect(search.total).toBe(2);
    expect(search.items.map((b) => b.publicIdentifier)).toEqual(['alphabet']);
    expect(
      (await t.db.blockedLeads.list(other, campaignList('cmp_1'))).items.map((b) => b.publicIdentifier),
    ).toEqual(['alpha-campaign']);
  });
});

describe('unblocking', () => {
  it('removes by block id all or nothing, within the named list only', async () => {
    const other = await newWorkspace(t.db);
    await t.db.blockedLeads.block(other, WORKSPACE, [{ publicIdentifier: 'x' }, { publicIdentifier: 'y' }]);
    await t.db.blockedLeads.block(other, campaignList('cmp_1'), [{ publicIdentifier: 'z' }]);
    const [x, y] = (await t.db.blockedLeads.list(other, WORKSPACE, { sort: 'ASC' })).items;
    const [z] = (await t.db.blockedLeads.list(other, campaignList('cmp_1'))).items;
    const error = await t.db.blockedLeads
      .unblock(other, WORKSPACE, [must(x).id, must(z).id], new Date())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).missingIds).toEqual([must(z).id]);
    expect((await t.db.blockedLeads.list(other, WORKSPACE)).total).toBe(2);
    expect(await t.db.blockedLeads.unblock(other, WORKSPACE, [must(x).id, must(y).id], new Date())).toBe(2);
    expect(await t.db.blockedLeads.isBlocked(other, 'cmp_2', 'x')).toBe(false);
    expect(await t.db.blockedLeads.unblock(other, campaignList('cmp_1'), [must(z).id], new Date())).toBe(1);
  });

  it('of overlapping removals in any id order, removes the blocks for exactly one', async () => {
    const list = campaignList('cmp_overlap');
    for (let round = 0; round < 14; round += 1) {
      await t.db.blockedLeads.block(ws, list, [
        { publicIdentifier: `p${round}` },
        { publicIdentifier: `q${round}` },
      ]);
      const [a, b] = (await t.db.blockedLeads.list(ws, list, { sort: 'ASC' })).items.map((block) => block.id);
      if (!a || !b) throw new Error('blocks missing');
      // Requests naming an unknown block hold b for a moment, then give up; they must not make
      // the requests that can succeed fail.
      const sets = [
        [a, b],
        [b, a],
        [b, 'blk_unknown'],
        ['blk_unknown', b],
        [b, a],
        [a, b],
        [b, 'blk_other'],
      ];
      // Each round sends them in another order.
      const sent = [...sets.slice(round % sets.length), ...sets.slice(0, round % sets.length)];
      const settled = await Promise.allSettled(
        sent.map((ids) => t.db.blockedLeads.unblock(ws, list, ids, new Date())),
      );
      expect(settled.filter((s) => s.status === 'fulfilled').map((s) => s.value)).toEqual([2]);
      const refusals = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
      expect(refusals.every((reason) => reason instanceof NotFoundError)).toBe(true);
      expect((await t.db.blockedLeads.list(ws, list)).total).toBe(0);
    }
  });
});
