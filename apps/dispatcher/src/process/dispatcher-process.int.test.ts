/**
 * The process as deployed: configuration from the environment, the data layer's repositories,
 * an event written to the outbox by another process, the signed POST, and shutdown on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { asWorkspaceId, connectDb, type Db, type WorkspaceId } from '@outreach/db';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { headerRecord, newWorkspaceId } from '../testing/scenario-fixture.js';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';
import { startDispatcherProcess } from './dispatcher-process.js';

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(() => receiver.close());

async function seed(
  db: Db,
  transitionKey: string,
): Promise<{ workspaceId: WorkspaceId; secret: string; eventId: string }> {
  const workspaceId = asWorkspaceId(newWorkspaceId());
  const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
    url: receiver.url,
    type: 'campaign_completed',
  });
  const { event } = await db.events.insert(workspaceId, {
    type: 'campaign_completed',
    transitionKey,
    data: { campaignId: 'cmp_000000000000000000000001', name: 'Spring', totalLeads: 3 },
    timestamp: new Date(),
  });
  return { workspaceId, secret: subscription.secret, eventId: event.id };
}

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
        void waitFor(
          'the delivery',
          () => receiver.requests.some((r) => r.headers['webhook-id'] === eventId),
          15_000,
        ).then(() => child.kill('SIGTERM'));
      },
    );
    const [code, output] = await done;
    expect(code).toBe(0);
    expect(output).toMatch(/dispatcher stopped/);
    await writer.close();
  });
});

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Runs `src/main.ts` in a child Node process; resolves with its exit code and output. */
function runMain(
  env: Record<string, string>,
  onStart?: (child: ReturnType<typeof spawn>) => void,
): Promise<[number | null, string]> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', mainPath], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  onStart?.(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve([code, output])));
}
