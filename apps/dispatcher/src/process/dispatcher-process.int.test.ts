/**
 * The process as deployed: configuration from the environment, the data layer's repositories,
 * an event written to the outbox by another process, the signed POST, and shutdown on SIGTERM.
 */
import { connectDb, type Db } from '@outreach/db';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { runMain, seedEvent } from '../testing/process-fixture.js';
import { headerRecord } from '../testing/scenario-fixture.js';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';
import { startDispatcherProcess } from './dispatcher-process.js';

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(() => receiver.close());

const seed = (db: Db, transitionKey: string) => seedEvent(db, receiver.url, transitionKey);

describe('startDispatcherProcess', () => {
  it('delivers an outbox event, signed, and stops cleanly', async () => {
    const uri = freshTestDatabaseUri();
    const config = loadConfig({
      MONGODB_URI: uri,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      DISPATCHER_POLL_INTERVAL_MS: '20',
    });
    const running = await startDispatcherProcess(config, pino({ level: 'silent' }));
    const writer = await connectDb(uri);
    const { workspaceId, secret, eventId } = await seed(writer, 'cmp_000000000000000000000001:1');

    await waitFor('the delivery', () => receiver.requests.some((r) => r.headers['webhook-id'] === eventId));
    const request = receiver.requests.find((r) => r.headers['webhook-id'] === eventId);
    expect(
      new Webhook(secret).verify(request?.body ?? '', headerRecord(request?.headers ?? {})),
    ).toMatchObject({
      id: eventId,
      type: 'campaign_completed',
    });
    await running.stop();
    await running.stop();
    const [delivery] = await writer.deliveries.listForEvent(workspaceId, eventId);
    expect(delivery).toMatchObject({
      status: 'delivered',
      log: [expect.objectContaining({ statusCode: 200 })],
    });
    await writer.close();
  });
});

describe('main', () => {
  it('refuses to start on invalid configuration', async () => {
    const child = runMain({ MONGODB_URI: '' });
    const [code, output] = await child;
    expect(code).toBe(1);
    expect(output).toMatch(/invalid configuration: MONGODB_URI/);
  });

  it('delivers, then exits 0 on SIGTERM', async () => {
    const uri = freshTestDatabaseUri();
    const writer = await connectDb(uri);
    const { eventId } = await seed(writer, 'cmp_000000000000000000000002:1');
    const done = runMain(
      {
        MONGODB_URI: uri,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        DISPATCHER_POLL_INTERVAL_MS: '20',
        LOG_LEVEL: 'info',
      },
      (child) => {
        // Starting a TypeScript child can take tens of seconds while every suite shares the CPU.
        // Without a delivery the child is killed, so the test fails on its exit code instead of
        // hanging until its timeout.
        waitFor(
          'the delivery',
          () => receiver.requests.some((r) => r.headers['webhook-id'] === eventId),
          60_000,
        ).then(
          () => child.kill('SIGTERM'),
          () => child.kill('SIGKILL'),
        );
      },
    );
    const [code, output] = await done;
    expect(code).toBe(0);
    expect(output).toMatch(/dispatcher stopped/);
    await writer.close();
  });
});
