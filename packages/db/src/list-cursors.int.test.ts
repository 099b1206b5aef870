/**
 * Lists page by cursor (`after`) as well as by offset: following `nextCursor` visits every record
 * once in the list's order, records added at the top meanwhile do not shift the pages that
 * follow (an offset would repeat one), conversations never written to come last, and a cursor
 * of another list is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidCursorError } from './common/db-errors.js';
import type { WorkspaceId } from './common/public-ids.js';
import { newWorkspace } from './testing/fixtures.js';
import { openTestDb, type TestDb } from './testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let now = new Date('2025-03-03T10:00:00Z').getTime();
// Every write moves the clock on a second, except where a test holds it to tie the dates.
let ticking = true;
const clock = () => new Date(ticking ? (now += 1_000) : now);

beforeAll(async () => {
  t = await openTestDb({ clock });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const WORKSPACE = { scope: 'workspace' } as const;

async function blockAll(identifiers: string[]): Promise<void> {
  for (const publicIdentifier of identifiers)
    await t.db.blockedLeads.block(ws, WORKSPACE, [{ publicIdentifier }]);
}

describe('the block list by cursor', () => {
  it('keeps its pages when blocks are added at the top meanwhile, and ends with no cursor', async () => {
    await blockAll(['b1', 'b2', 'b3', 'b4', 'b5']);
    const first = await t.db.blockedLeads.list(ws, WORKSPACE, { limit: 2 });
    expect(first.items.map((b) => b.publicIdentifier)).toEqual(['b5', 'b4']);
    await blockAll(['n1', 'n2']);
    const second = await t.db.blockedLeads.list(ws, WORKSPACE, { limit: 2, after: first.nextCursor ?? '' });
    expect(second.items.map((b) => b.publicIdentifier)).toEqual(['b3', 'b2']);
    const byOffset = await t.db.blockedLeads.list(ws, WORKSPACE, { limit: 2, offset: 2 });
    expect(byOffset.items.map((b) => b.publicIdentifier)).toEqual(['b5', 'b4']);
    const last = await t.db.blockedLeads.list(ws, WORKSPACE, { limit: 2, after: second.nextCursor ?? '' });
    expect(last.items.map((b) => b.publicIdentifier)).toEqual(['b1']);
    expect(last.nextCursor).toBeNull();
    expect(last.total).toBe(7);
  });

  it('breaks ties of the block date by id, oldest first too', async () => {
    const other = await newWorkspace(t.db);
    ticking = false;
    try {
      for (const id of ['t1', 't2', 't3', 't4', 't5'])
        await t.db.blockedLeads.block(other, WORKSPACE, [{ publicIdentifier: id }]);
    } finally {
      ticking = true;
    }
    const all = (await t.db.blockedLeads.list(other, WORKSPACE, { sort: 'ASC' })).items.map((b) => b.id);
    const walked: string[] = [];
    let after: string | undefined;
    do {
      const page = await t.db.blockedLeads.list(other, WORKSPACE, {
        sort: 'ASC',
        limit: 2,
        ...(after ? { after } : {}),
      });
      walked.push(...page.items.map((b) => b.id));
      after = page.nextCursor ?? undefined;
    } while (after !== undefined);
    expect(walked).toEqual(all);
    expect(new Set(walked).size).toBe(5);
  });

  it('refuses a mangled cursor and a cursor of another list', async () => {
    const page = await t.db.blockedLeads.list(ws, WORKSPACE, { limit: 1 });
    await expect(t.db.blockedLeads.list(ws, WORKSPACE, { after: 'not-a-cursor' })).rejects.toThrow(
      InvalidCursorError,
    );
    await expect(
      t.db.blockedLeads.list(ws, WORKSPACE, { sort: 'ASC', after: page.nextCursor ?? '' }),
    ).rejects.toThrow(InvalidCursorError);
    await expect(t.db.conversations.list(ws, { after: page.nextCursor ?? '' })).rejects.toThrow(
      InvalidCursorError,
    );
  });
});

describe('conversations by cursor', () => {
  it('walks the latest activity first, conversations never written to last, each once', async () => {
    const other = await newWorkspace(t.db);
    const opened = [];
    for (let n = 0; n < 6; n += 1) {
      opened.push(
        await t.db.conversations.getOrCreateForLead(other, {
          leadId: `led_${String(n).padStart(24, '0')}`,
          campaignId: 'cmp_a',
          accountId: 'acc_a',
        }),
      );
    }
    // Messages in conversations 0, 2 and 4, the later the higher the number; 1, 3, 5 stay empty.
    for (const n of [0, 2, 4]) {
      await t.db.messages.append(other, opened[n]?.id ?? '', {
        sender: 'lead',
        content: `hello ${n}`,
        sentAt: new Date(now + n * 60_000),
      });
    }
    const walked: string[] = [];
    let after: string | undefined;
    do {
      const page = await t.db.conversations.list(other, { limit: 2, ...(after ? { after } : {}) });
      expect(page.total).toBe(6);
      walked.push(...page.items.map((c) => c.id));
      after = page.nextCursor ?? undefined;
    } while (after !== undefined);
    const byOffset = (await t.db.conversations.list(other, { limit: 10 })).items.map((c) => c.id);
    expect(walked).toEqual(byOffset);
    expect(walked.slice(0, 3)).toEqual([opened[4]?.id, opened[2]?.id, opened[0]?.id]);
    expect(new Set(walked.slice(3))).toEqual(new Set([opened[1]?.id, opened[3]?.id, opened[5]?.id]));
  });
});
