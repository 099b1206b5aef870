/** The subscriptions' health, written a few times a second at most, over the data layer. */
import { asWorkspaceId, connectDb, type Db } from '@outreach/db';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { newWorkspaceId } from '../testing/scenario-fixture.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';
import { HealthWriter } from './health-writer.js';

const T0 = new Date('2025-03-03T10:00:00Z');
const workspaceId = asWorkspaceId(newWorkspaceId());
const at = (ms: number): Date => new Date(T0.getTime() + ms);
let db: Db;
let healthWrites = 0;

beforeEach(async () => {
  db = await connectDb(freshTestDatabaseUri(), { driverOptions: { monitorCommands: true } });
  healthWrites = 0;
  db.watchCommands(({ commandName, collection }) => {
    if (commandName === 'update' && collection === 'webhook_subscriptions') healthWrites += 1;
  });
});
afterEach(() => db.close());

it('writes the first ends at once, and those that follow within the interval in one write', async () => {
  const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
    url: 'https://health.example',
    type: 'message_received',
  });
  const health = async () => (await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health;
  const end = (ms: number, succeeded: boolean) => ({
    workspaceId,
    id: subscription.id,
    succeeded,
    at: at(ms),
  });
  const writer = new HealthWriter(db, 60_000);

  writer.record([end(1, false)]);
  await waitFor('the first failure written', async () => (await health())?.consecutiveFailures === 1);
  writer.record([end(3, false)]);
  writer.record([end(2, true)]);
  // Within the interval: the later ends wait for the next write.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await health()).toMatchObject({ consecutiveFailures: 1, lastSuccessAt: null });

  await writer.flush();
  // Counted in the order they ended: the success at 2 ms, then the failure at 3 ms.
  expect(await health()).toEqual({ lastSuccessAt: at(2), lastFailureAt: at(3), consecutiveFailures: 1 });
  expect(healthWrites).toBe(2);
});

it('loses no end recorded while a write is under way', async () => {
  const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
    url: 'https://busy.example',
    type: 'message_received',
  });
  const writer = new HealthWriter(db, 0);
  for (let i = 0; i < 20; i += 1) {
    writer.record([{ workspaceId, id: subscription.id, succeeded: false, at: at(i) }]);
    if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await writer.flush();
  expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toMatchObject({
    consecutiveFailures: 20,
    lastFailureAt: at(19),
  });
  expect(healthWrites).toBeLessThan(20);
});

it('writes what comes in while it flushes without waiting out the interval', async () => {
  const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
    url: 'https://flush.example',
    type: 'message_received',
  });
  const writer = new HealthWriter(db, 60_000);
  const end = (ms: number) => ({ workspaceId, id: subscription.id, succeeded: false, at: at(ms) });
  writer.record([end(1)]);
  const flushed = writer.flush();
  // Recorded while the first write is under way: the flush takes it too, at once.
  writer.record([end(2)]);
  const started = performance.now();
  await flushed;
  expect(performance.now() - started).toBeLessThan(5_000);
  expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toMatchObject({
    consecutiveFailures: 2,
    lastFailureAt: at(2),
  });
});
