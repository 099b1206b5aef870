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

/** A new subscription: a reader of its health, and an attempt's end on it. */
async function subscription(url: string) {
  const { subscription: created } = await db.webhookSubscriptions.subscribe(workspaceId, {
    url,
    type: 'message_received',
  });
  const health = async () => (await db.webhookSubscriptions.get(workspaceId, created.id))?.health;
  const end = (ms: number, succeeded = false) => ({ workspaceId, id: created.id, succeeded, at: at(ms) });
  return { health, end };
}

it('writes the first ends at once, and those that follow within the interval in one write', async () => {
  const { health, end } = await subscription('https://health.example');
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
  const { health, end } = await subscription('https://busy.example');
  const writer = new HealthWriter(db, 0);
  for (let i = 0; i < 20; i += 1) {
    writer.record([end(i)]);
    if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await writer.flush();
  expect(await health()).toMatchObject({
    consecutiveFailures: 20,
    lastFailureAt: at(19),
  });
  expect(healthWrites).toBeLessThan(20);
});

it('writes what comes in while it flushes without waiting out the interval', async () => {
  const { health, end } = await subscription('https://flush.example');
  const writer = new HealthWriter(db, 60_000);
  writer.record([end(1)]);
  const flushed = writer.flush();
  // Recorded while the first write is under way: the flush takes it too, at once.
  writer.record([end(2)]);
  const started = performance.now();
  await flushed;
  expect(performance.now() - started).toBeLessThan(5_000);
  expect(await health()).toMatchObject({
    consecutiveFailures: 2,
    lastFailureAt: at(2),
  });
});
