/**
 * De-risks the dispatcher's traces: with `OTEL_EXPORTER_OTLP_ENDPOINT` set, the process as deployed
 * (`src/main.ts`) sends one trace per delivery attempt to an OTLP receiver, the POST to the
 * receiver inside it, linked to the traced work that wrote the event (its stored `traceparent`).
 */
import { asWorkspaceId, connectDb } from '@outreach/db';
import { startOtlpReceiver, type OtlpReceiver } from '@outreach/telemetry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../testing/process-fixture.js';
import { newWorkspaceId } from '../testing/scenario-fixture.js';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';

const WRITER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const WRITER_SPAN = '00f067aa0ba902b7';

let receiver: TestReceiver;
let collector: OtlpReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
  collector = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver.close();
  await collector.close();
});

describe('delivery traces', () => {
  it('make each attempt a trace of its own, linked to the work that wrote the event', async () => {
    const uri = freshTestDatabaseUri();
    const writer = await connectDb(uri);
    const workspaceId = asWorkspaceId(newWorkspaceId());
    await writer.webhookSubscriptions.subscribe(workspaceId, {
      url: receiver.url,
      type: 'campaign_completed',
    });
    const { event } = await writer.events.insert(workspaceId, {
      type: 'campaign_completed',
      transitionKey: 'cmp_000000000000000000000021:1',
      data: { campaignId: 'cmp_000000000000000000000021', name: 'Traced', totalLeads: 1 },
      timestamp: new Date(),
      traceparent: `00-${WRITER_TRACE}-${WRITER_SPAN}-01`,
    });
    const done = runMain(
      {
        MONGODB_URI: uri,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        DISPATCHER_POLL_INTERVAL_MS: '20',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      (child, output) => {
        waitFor(
          'the delivery span',
          () => collector.spans().some((span) => span.name === 'dispatcher.delivery'),
          120_000,
        ).then(
          () => child.kill('SIGTERM'),
          () => {
            console.error(output());
            child.kill('SIGKILL');
          },
        );
      },
    );
    const [code] = await done;
    expect(code).toBe(0);
    expect(receiver.requests.some((request) => request.headers['webhook-id'] === event.id)).toBe(true);
    const spans = collector.spans();
    const delivery = spans.find((span) => span.name === 'dispatcher.delivery');
    expect(delivery).toMatchObject({
      service: 'dispatcher',
      parentSpanId: '',
      links: [{ traceId: WRITER_TRACE, spanId: WRITER_SPAN }],
      attributes: expect.objectContaining({
        'outreach.event.id': event.id,
        'outreach.delivery.outcome': 'delivered',
      }),
    });
    expect(delivery?.traceId).not.toBe(WRITER_TRACE);
    // The POST to the receiver is a child of the attempt.
    expect(
      spans.some((span) => span.traceId === delivery?.traceId && span.parentSpanId === delivery?.spanId),
    ).toBe(true);
    await writer.close();
  });
});
