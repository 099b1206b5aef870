/**
 * The A/B results of campaign analytics on a real run: the API, the runner and the Unipile
 * simulator on one manual clock. Sixty leads get a one-step campaign with two message variants (the
 * rotation splits them 30/30); then three leads of variant A and twenty of variant B answer
 * through the sandbox, and the runner records the replies. The analytics must report exactly those
 * samples, the Wilson intervals and the z-test's p-value worked out apart from the service.
 */
import type { CampaignAnalytics, CampaignDetail } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import {
  createUnipileNetwork,
  createUnipileSimulator,
  forceInboundMessage,
  type RunningUnipileSimulator,
  type UnipileSimulator,
  createManualClock,
} from '@outreach/network';
import { createDbRunnerStore, createRunner, type Runner } from '@outreach/runner';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaignWithSteps,
  createWorkspace,
  type TestWorkspace,
} from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// A Monday before working hours; far in the future because usage counters expire in real time.
const clock = createManualClock('2099-03-02T08:00:00.000Z');
const app = useTestApp({ clock, dbClock: clock });

let sandbox: UnipileSimulator;
let running: RunningUnipileSimulator;
let runner: Runner;
let ws: TestWorkspace;
let campaignId: string;

beforeAll(async () => {
  sandbox = createUnipileSimulator({
    clock,
    apiKey: 'ab-results-key',
    seed: 'ab-results',
    alreadyConnectedProbability: 1,
    replyProbability: 0,
  });
  running = await sandbox.listen(0);
  runner = createRunner(
    {
      store: createDbRunnerStore(app.db),
      network: createUnipileNetwork({ dsn: running.url, apiKey: 'ab-results-key', clock, timeoutMs: 5_000 }),
      clock,
      logger: pino({ level: 'silent' }),
    },
    { runnerId: 'ab-results', concurrency: 4, eventPollMs: 0, reconcilePollsPerDay: 1e12 },
  );
  ws = await createWorkspace(app);
});
afterAll(async () => {
  if (campaignId) await ws.api.put(`/v1/campaigns/${campaignId}/pause`);
  await running.close();
});

async function leads() {
  return (await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaignId, { limit: 100 })).items;
}

/** Runner passes, the clock moving to the next due lead (1 minute to 1 hour), until `done`. */
async function driveUntil(done: () => Promise<boolean>): Promise<void> {
  const deadline = clock().getTime() + 14 * DAY;
  while (clock().getTime() < deadline) {
    await runner.runOnce();
    if (await done()) return;
    const now = clock().getTime();
    const due = (await leads()).flatMap((l) => (l.nextActionAt ? [l.nextActionAt.getTime()] : []));
    const next = due.length === 0 ? now + HOUR : Math.min(...due);
    clock.set(Math.min(Math.max(next, now + MINUTE), now + HOUR));
  }
  throw new Error(`not done by ${clock().toISOString()}`);
}

it('reports each variant’s sample, Wilson interval and z-test against the best for a sandbox run', async () => {
  // Three senders, so that their paced sends interleave and the run needs fewer passes.
  const accounts = [await createAccount(ws.api), await createAccount(ws.api), await createAccount(ws.api)];
  const { campaign, steps } = await createCampaignWithSteps(ws.api, [
    { type: 'message', stopOnReply: false },
  ]);
  campaignId = campaign.id;
  const senders = { accountIds: accounts.map((account) => account.id) };
  expect((await ws.api.post(`/v1/campaigns/${campaignId}/senders`, senders)).status).toBe(200);
  const stepId = steps[0]?.id ?? '';
  const first = steps[0]?.variants?.[0]?.id ?? '';
  await ws.api.put(`/v1/campaigns/${campaignId}/steps/${stepId}/variants/${first}`, { body: 'Variant A' });
  await ws.api.post(`/v1/campaigns/${campaignId}/steps/${stepId}/variants`, { body: 'Variant B' });
  await addLeads(
    ws.api,
    campaignId,
    Array.from({ length: 60 }, (_, n) => `ab-lead-${n}`),
  );
  expect((await ws.api.put(`/v1/campaigns/${campaignId}/start`)).status).toBe(200);

  await driveUntil(async () => (await leads()).every((l) => l.status === 'completed'));

  // Who got which variant, as the network saw it, and the answers the leads now send.
  const sent = sandbox.state.log.list({ type: 'message' });
  const byVariant = (content: string) => sent.filter((action) => action.content === content);
  expect(byVariant('Variant A')).toHaveLength(30);
  expect(byVariant('Variant B')).toHaveLength(30);
  const answering = [...byVariant('Variant A').slice(0, 3), ...byVariant('Variant B').slice(0, 20)];
  for (const action of answering) {
    forceInboundMessage(sandbox.state, action.accountId, action.publicIdentifier, 'Sounds interesting');
  }
  const replies = async () =>
    (await app.db.events.listRecentByType(asWorkspaceId(ws.workspaceId), 'message_received', 1000)).length;
  for (let pass = 0; pass < 50 && (await replies()) < answering.length; pass += 1) {
    clock.set(clock().getTime() + 5 * MINUTE);
    await runner.runOnce();
  }
  expect(await replies()).toBe(answering.length);

  const res = await ws.api.get<CampaignAnalytics>(
    `/v1/campaigns/${campaignId}/analytics?startDate=2099-03-01&endDate=2099-03-31`,
  );
  expect(res.status).toBe(200);
  const detail = await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaignId}`);
  const variantIds = detail.body.steps[0]?.variants?.map((variant) => variant.id);
  const [a, b] = variantIds ?? [];
  expect(res.body.abTests).toHaveLength(1);
  const [test] = res.body.abTests;
  expect(test).toMatchObject({ stepId, order: 0, bestVariantId: b, minimumSent: 30 });
  const [resultA, resultB] = test?.variants ?? [];
  expect(resultA).toMatchObject({ variantId: a, order: 0, sent: 30, replied: 3, responseRate: 0.1 });
  expect(resultB).toMatchObject({ variantId: b, order: 1, sent: 30, replied: 20, comparison: null });
  expect(resultB?.responseRate).toBeCloseTo(2 / 3, 12);
  // Worked out apart from the service (Python 3, math.erfc; Wilson 1927 formula, z = 1.959964):
  // 3/30 -> [0.034600, 0.256211]; 20/30 -> [0.487801, 0.807695]; pooled z = -4.513981,
  // two-sided p = 6.3622e-06.
  expect(resultA?.interval.lower).toBeCloseTo(0.0346, 4);
  expect(resultA?.interval.upper).toBeCloseTo(0.256211, 5);
  expect(resultB?.interval.lower).toBeCloseTo(0.487801, 5);
  expect(resultB?.interval.upper).toBeCloseTo(0.807695, 5);
  expect(resultA?.comparison?.againstVariantId).toBe(b);
  expect(resultA?.comparison?.pValue).toBeCloseTo(6.3622e-6, 9);
  expect(resultA?.comparison?.significant).toBe(true);
  expect([resultA?.verdict, resultB?.verdict]).toEqual(['significantly_worse', 'significantly_better']);
}, 300_000);
