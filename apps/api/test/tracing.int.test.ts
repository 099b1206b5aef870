/**
 * De-risks tracing across processes: with `OTEL_EXPORTER_OTLP_ENDPOINT` set, the API (a process of
 * its own, over real HTTP) sends the trace of the request that starts a campaign, its database
 * spans included, to an OTLP receiver; the answer's `X-Request-Id` and the request's log lines
 * carry that trace; and a runner process (from its sources, against the Unipile simulator) sends
 * one trace per lead step, linked to the request that started the campaign.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectDb, type Db } from '@outreach/db';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { createUnipileSimulator, systemClock, type RunningUnipileSimulator } from '@outreach/network';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@outreach/telemetry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { addLeads, createAccount, createCampaignWithSteps, createWorkspace } from './support/fixtures.js';

const runnerDir = fileURLToPath(new URL('../../runner/', import.meta.url));
const SIM_KEY = 'tracing-tests-key';

let receiver: OtlpReceiver;
let simulator: RunningUnipileSimulator;
let db: Db;
let api: ApiProcess;

/** Spans are exported in batches: this waits for the ones a check needs (a guard against hangs). */
async function spansUntil(found: (spans: ReceivedSpan[]) => boolean, what: string): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const spans = receiver.spans();
    if (found(spans)) return spans;
    if (Date.now() > deadline)
      throw new Error(
        `${what} never arrived; received: ${spans.map((s) => `${s.service}:${s.name}`).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tracingEnv = () => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  // Export within a fraction of a second instead of the default 5 s.
  OTEL_BSP_SCHEDULE_DELAY: '100',
});

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  simulator = await createUnipileSimulator({ clock: systemClock, apiKey: SIM_KEY, seed: 'tracing' }).listen(
    0,
  );
  db = await connectDb(testDatabaseUri());
  api = await startApiProcess({ MONGODB_URI: testDatabaseUri(), ...tracingEnv() });
});

afterAll(async () => {
  if (api) expect(await api.stop()).toBe(0);
  await simulator.close();
  await db.close();
  await receiver.close();
});

describe('traces', () => {
  it('follow a campaign from the request that starts it to the runner steps it causes', async () => {
    const workspace = await createWorkspace({ db, baseUrl: `http://127.0.0.1:${api.port}` } as never);
    const account = await createAccount(workspace.api);
    const { campaign } = await createCampaignWithSteps(workspace.api, ['visit_profile'], {
      settings: { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } },
    });
    await workspace.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(workspace.api, campaign.id, ['ada-lovelace']);

    const started = await workspace.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(started.status).toBe(200);
    const requestId = started.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}$/);
    const traceId = requestId.slice(0, 32);

    // The request's trace: its server span under its route template, and its database spans.
    const apiSpans = await spansUntil(
      (spans) => spans.some((s) => s.traceId === traceId && s.service === 'api' && s.kind === 2),
      "the start request's server span",
    );
    const inTrace = apiSpans.filter((s) => s.traceId === traceId);
    const server = inTrace.find((s) => s.kind === 2);
    expect(server?.name).toBe('PUT /v1/campaigns/:campaignId/start');
    expect(inTrace.filter((s) => s.scope.includes('mongodb')).length).toBeGreaterThan(0);
    expect(api.output()).toContain(`"traceId":"${traceId}"`);

    // A runner process picks the lead up: its step is a trace of its own, linked to the start.
    const runner = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: runnerDir,
      env: {
        ...process.env,
        MONGODB_URI: testDatabaseUri(),
        UNIPILE_DSN: simulator.url,
        UNIPILE_API_KEY: SIM_KEY,
        POLL_INTERVAL_MS: '50',
        LOG_LEVEL: 'info',
        ...tracingEnv(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let runnerOutput = '';
    runner.stdout.on('data', (chunk: Buffer) => (runnerOutput += chunk.toString()));
    runner.stderr.on('data', (chunk: Buffer) => (runnerOutput += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => runner.once('exit', resolve));
    try {
      const spans = await spansUntil(
        (all) => all.some((s) => s.service === 'runner' && s.name === 'runner.step'),
        `the runner's step span (runner output: ${runnerOutput})`,
      );
      const step = spans.find((s) => s.service === 'runner' && s.name === 'runner.step');
      expect(step?.attributes['outreach.campaign.id']).toBe(campaign.id);
      expect(step?.attributes['outreach.step.type']).toBe('visit_profile');
      // Linked to the start request's trace, at the span that recorded it (its handler's).
      const link = step?.links.find((candidate) => candidate.traceId === traceId);
      expect(link).toBeDefined();
      expect(spans.find((s) => s.spanId === link?.spanId)?.traceId).toBe(traceId);
      expect(step?.traceId).not.toBe(traceId);
      // The step's own database work is in its trace.
      const stepTrace = await spansUntil(
        (all) => all.some((s) => s.traceId === step?.traceId && s.scope.includes('mongodb')),
        "the step's database spans",
      );
      expect(
        stepTrace.filter((s) => s.traceId === step?.traceId && s.service === 'runner').length,
      ).toBeGreaterThan(1);
    } finally {
      runner.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
