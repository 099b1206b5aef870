/**
 * The sender-account and webhook-subscription lists are paged by the database: the page asked for
 * is all that is read (with the total counted beside it), never the whole list cut in memory.
 */
import type { SenderAccountPage, SubscriptionPage } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { recordingDb, type DbCall } from './support/db-spy.js';
import { createAccount, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const calls: DbCall[] = [];
const app = useTestApp({ wrapDb: (db) => recordingDb(db, calls) });
const ws = useWorkspace(app);

/** The repository reads of one request, besides authentication and rate limiting. */
async function readsOf<T>(request: () => Promise<T>): Promise<{ result: T; reads: DbCall[] }> {
  calls.length = 0;
  const result = await request();
  return { result, reads: calls.filter((call) => !/^(apiKeys|rateLimits)\./.test(call.method)) };
}

describe('GET /v1/accounts', () => {
  it('reads only the page asked for, in creation order, with the total', async () => {
    const created = [];
    for (let n = 0; n < 4; n += 1) created.push(await createAccount(ws.api, { name: `Sender ${n}` }));
    const { result, reads } = await readsOf(() =>
      ws.api.get<SenderAccountPage>('/v1/accounts?offset=1&limit=2'),
    );
    expect(reads).toEqual([
      { method: 'senderAccounts.listPage', args: [ws.workspaceId, { offset: 1, limit: 2 }] },
    ]);
    expect(result.body).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(result.body.items.map((account) => account.id)).toEqual([created[1]?.id, created[2]?.id]);
  });
});

describe('GET /v1/hooks', () => {
  it('reads only the page asked for, in creation order, with the total', async () => {
    const ids = [];
    for (let n = 0; n < 4; n += 1) {
      const res = await ws.api.post<{ id: string }>('/v1/hooks/subscribe', {
        url: `https://hooks.example.com/${n}`,
        type: 'message_received',
      });
      ids.push(res.body.id);
    }
    const { result, reads } = await readsOf(() => ws.api.get<SubscriptionPage>('/v1/hooks?offset=2&limit=5'));
    expect(reads).toEqual([
      { method: 'webhookSubscriptions.listPage', args: [ws.workspaceId, { offset: 2, limit: 5 }] },
    ]);
    expect(result.body).toMatchObject({ total: 4, offset: 2, limit: 5 });
    expect(result.body.items.map((subscription) => subscription.id)).toEqual(ids.slice(2));
  });
});
