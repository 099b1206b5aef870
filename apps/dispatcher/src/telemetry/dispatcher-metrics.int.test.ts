/**
 * De-risks what an operator's scraper sees of the dispatcher: a process with `METRICS_PORT` counts
 * a delivery to a local receiver by outcome and times it, shows the pending backlog (read from the
 * database at scrape time) and the receivers it holds back or sees failing, with no label that
 * could carry an id or a URL.
 */
import { Writable } from 'node:stream';
import { connectDb } from '@outreach/db';
import { labelOffences, parseExposition, sampleValue, type Sample } from '@outreach/telemetry/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startDispatcherProcess } from '../process/dispatcher-process.js';
import { seedEvent } from '../testing/process-fixture.js';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';

/** The label names the dispatcher's own metrics may carry; anything else is a cardinality leak. */
const ALLOWED_LABELS = ['outcome', 'reason'];

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(() => receiver.close());

async function scrape(port: number): Promise<Sample[]> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

describe('the dispatcher metrics', () => {
  it('count a delivery to a local receiver, then a failing one, and show the backlog', async () => {
    const uri = freshTestDatabaseUri();
    const writer = await connectDb(uri);
    const first = await seedEvent(writer, receiver.url, 'cmp_000000000000000000000011:1');
    let logged = '';
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged += chunk.toString();
          done();
        },
      }),
    );
    const running = await startDispatcherProcess(
      loadConfig({
        MONGODB_URI: uri,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        DISPATCHER_POLL_INTERVAL_MS: '20',
        METRICS_PORT: '0',
        METRICS_REFRESH_MS: '1000',
      }),
      logger,
    );
    try {
      const port = Number(/"metricsPort":(\d+)/.exec(logged)?.[1]);
      expect(port).toBeGreaterThan(0);
      await waitFor('the delivery', () =>
        receiver.requests.some((r) => r.headers['webhook-id'] === first.eventId),
      );
      await waitFor(
        'its outcome counted',
        async () =>
          sampleValue(await scrape(port), 'dispatcher_deliveries_total', { outcome: 'delivered' }) === 1,
      );

      // The receiver now fails: the next delivery is scheduled for a retry, and the receiver is failing.
      receiver.respondWith(() => ({ status: 500, body: 'down' }));
      const second = await seedEvent(writer, receiver.url, 'cmp_000000000000000000000012:1');
      await waitFor('the failed attempt', () =>
        receiver.requests.some((r) => r.headers['webhook-id'] === second.eventId),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await waitFor(
        'the retry counted',
        async () =>
          sampleValue(await scrape(port), 'dispatcher_deliveries_total', { outcome: 'retry_scheduled' }) ===
          1,
      );
      const after = await scrape(port);
      expect(sampleValue(after, 'dispatcher_delivery_duration_seconds_count', { outcome: 'delivered' })).toBe(
        1,
      );
      expect(
        sampleValue(after, 'dispatcher_delivery_duration_seconds_sum', { outcome: 'delivered' }),
      ).toBeGreaterThan(0);
      expect(sampleValue(after, 'dispatcher_receivers_failing')).toBe(1);
      // The retried delivery is pending again (due later), and nothing else is.
      expect(sampleValue(after, 'dispatcher_deliveries_pending')).toBe(1);
      expect(sampleValue(after, 'dispatcher_oldest_pending_delivery_age_seconds')).toBe(0);
      expect(after.some((sample) => sample.name === 'dispatcher_receivers_paused')).toBe(true);
      expect(sampleValue(after, 'dispatcher_deliveries_in_flight')).toBe(0);
      expect(sampleValue(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(after, 'mongodb_pool_connections')).toBeGreaterThan(0);
      expect(
        labelOffences(after, { prefixes: ['dispatcher_', 'mongodb_'], allowedLabels: ALLOWED_LABELS }),
      ).toEqual([]);
    } finally {
      receiver.respondWith(() => ({ status: 200, body: 'ok' }));
      await running.stop();
      await writer.close();
    }
  });

  it('keeps and serves no metrics without METRICS_PORT', async () => {
    const uri = freshTestDatabaseUri();
    let logged = '';
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged += chunk.toString();
          done();
        },
      }),
    );
    const running = await startDispatcherProcess(loadConfig({ MONGODB_URI: uri }), logger);
    await running.stop();
    expect(logged).not.toContain('metricsPort');
  });
});
