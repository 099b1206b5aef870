/**
 * The dispatcher process through a database outage: the connection to MongoDB is cut (a TCP proxy
 * the test closes and reopens) while the process runs, or before it starts; it must neither crash
 * nor exit, and once the database is back it delivers what was written meanwhile, by itself.
 */
import { connectDb, type Db } from '@outreach/db';
import type { ChildProcess } from 'node:child_process';
import { startDatabaseOutageProxy } from '@outreach/mongo-testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, seedEvent } from '../testing/process-fixture.js';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(() => receiver.close());

const delivered = (eventId: string) => () =>
  receiver.requests.some((r) => r.headers['webhook-id'] === eventId);

type Outage = Awaited<ReturnType<typeof startDatabaseOutageProxy>>;

/**
 * Runs the dispatcher process against a database behind an outage proxy while `play.script` plays
 * the outage (the child and its log at hand), then stops the process; answers its exit code, its
 * output, and the script's failure if any (the process is killed then). The proxy is restored and
 * closed, and the writer's connection closed, whatever happens.
 */
async function throughOutage(play: {
  /** Before the process starts. */
  setUp: (ctx: { outage: Outage; writer: Db }) => Promise<void>;
  /** While it runs; the process is stopped once this resolves. */
  script: (ctx: { outage: Outage; writer: Db; child: ChildProcess; log: () => string }) => Promise<void>;
}): Promise<{ code: number | null; output: string; failure: unknown }> {
  const uri = freshTestDatabaseUri();
  const outage = await startDatabaseOutageProxy(uri);
  const writer = await connectDb(uri);
  try {
    await play.setUp({ outage, writer });
    let failure: unknown;
    const [code, output] = await runMain(
      {
        MONGODB_URI: outage.uri,
        WEBHOOK_ALLOW_LOOPBACK_TARGETS: 'true',
        DISPATCHER_POLL_INTERVAL_MS: '50',
        DATABASE_TIMEOUT_MS: '500',
        LOG_LEVEL: 'info',
      },
      (child, log) => {
        void play
          .script({ outage, writer, child, log })
          .then(() => child.kill('SIGTERM'))
          .catch((error: unknown) => {
            failure = error;
            child.kill('SIGKILL');
          });
      },
    );
    return { code, output, failure };
  } finally {
    outage.restore();
    await writer.close();
    await outage.close();
  }
}

describe('a database outage', () => {
  // A child process, a cut and a recovery: more room than the file's default on a loaded machine;
  // each wait is a guard against a hang (generous: a busy machine starts a process slowly).
  it(
    'keeps the dispatcher process running through the outage and delivers again by itself after it',
    { timeout: 240_000 },
    async () => {
      let cutFor = 0;
      let beforeId = '';
      const { code, output, failure } = await throughOutage({
        setUp: async ({ writer }) => {
          beforeId = (await seedEvent(writer, receiver.url, 'cmp_000000000000000000000001:1')).eventId;
        },
        script: async ({ outage, writer, child, log }) => {
          await waitFor('the delivery before the outage', delivered(beforeId), 100_000);
          outage.cut();
          // Written while the dispatcher cannot reach the database: it learns of it afterwards.
          const during = await seedEvent(writer, receiver.url, 'cmp_000000000000000000000002:1');
          const failuresSeen = (): number => log().split('failed').length - 1;
          const failuresAtCut = failuresSeen();
          // The outage lasts until the process has failed several database operations.
          await waitFor('failed database operations', () => failuresSeen() >= failuresAtCut + 3, 100_000);
          cutFor = failuresSeen() - failuresAtCut;
          expect(child.exitCode).toBeNull();
          outage.restore();
          await waitFor('the delivery after the outage', delivered(during.eventId), 100_000);
        },
      });
      const tail = output.slice(-3000);
      expect(failure, tail).toBeUndefined();
      expect(output).not.toMatch(/unhandled|uncaught/i);
      expect(cutFor, tail).toBeGreaterThanOrEqual(3);
      expect(code, tail).toBe(0);
      expect(output).toMatch(/dispatcher stopped/);
    },
  );

  it(
    'lets the dispatcher start while the database is away, and deliver once it is back',
    { timeout: 240_000 },
    async () => {
      let eventId = '';
      const { code, output, failure } = await throughOutage({
        setUp: async ({ outage, writer }) => {
          eventId = (await seedEvent(writer, receiver.url, 'cmp_000000000000000000000003:1')).eventId;
          outage.cut();
        },
        script: async ({ outage, child, log }) => {
          const triesSeen = (): number => log().split('database not reachable at start').length - 1;
          await waitFor('two tries to reach the database', () => triesSeen() >= 2, 100_000);
          expect(child.exitCode).toBeNull();
          outage.restore();
          await waitFor('the delivery once the database is back', delivered(eventId), 100_000);
        },
      });
      const tail = output.slice(-3000);
      expect(failure, tail).toBeUndefined();
      expect(code, tail).toBe(0);
      expect(output).toMatch(/dispatcher started/);
    },
  );
});
