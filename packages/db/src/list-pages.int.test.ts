/**
 * Sender accounts and webhook subscriptions are paged by the database: a page holds only its own
 * records, in creation order (ties broken by id, so pages never overlap), with the total beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from './common/public-ids.js';
import { newWorkspace } from './testing/fixtures.js';
import { openTestDb, type TestDb } from './testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
// Every record is created at the same instant, so only the id orders them.
const T0 = new Date('2025-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('senderAccounts.listPage', () => {
  it('pages the workspace accounts in creation order with the total', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      ids.push((await t.db.senderAccounts.create(ws, { name: `A${n}`, publicIdentifier: `a-${n}` })).id);
    }
    await t.db.senderAccounts.create(other, { name: 'Elsewhere', publicIdentifier: 'elsewhere' });
    const pages = await Promise.all(
      [0, 2, 4].map((offset) => t.db.senderAccounts.listPage(ws, { offset, limit: 2 })),
    );
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((page) => page.items.map((account) => account.id))).toEqual(ids);
    expect((await t.db.senderAccounts.listPage(ws, { offset: 10 })).items).toEqual([]);
    expect((await t.db.senderAccounts.listPage(ws)).items).toHaveLength(5);
  });
});

describe('webhookSubscriptions.listPage', () => {
  it('pages the workspace subscriptions in creation order with the total', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const { subscription } = await t.db.webhookSubscriptions.subscribe(ws, {
        url: `https://hooks.example/${n}`,
        type: n % 2 === 0 ? 'message_received' : 'campaign_completed',
      });
      ids.push(subscription.id);
    }
    await t.db.webhookSubscriptions.subscribe(other, {
      url: 'https://other.example',
      type: 'message_received',
    });
    const first = await t.db.webhookSubscriptions.listPage(ws, { offset: 0, limit: 3 });
    const second = await t.db.webhookSubscriptions.listPage(ws, { offset: 3, limit: 3 });
    expect([first.total, second.total]).toEqual([5, 5]);
    expect([...first.items, ...second.items].map((subscription) => subscription.id)).toEqual(ids);
    expect(first.items[0]?.secret).toMatch(/^whsec_/);
  });
});
