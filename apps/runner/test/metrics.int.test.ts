/**
 * De-risks what an operator's scraper sees of the runner: the backlog gauges (leads due, the lag
 * of the most overdue one, accounts by state, call budgets left by tier and kind) read from the
 * database at scrape time, and the counters of the work a runner process does (steps by type and
 * outcome, actions, provider calls by kind and tier) served at its `METRICS_PORT`, with no label
 * that could carry an id.
 */
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { createMetricsRegistry } from '@outreach/telemetry';
import { labelOffences, parseExposition, sampleValue, type Sample } from '@outreach/telemetry/testing';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startRunnerProcess } from '../src/runner-process.js';
import { createBacklogReader } from '../src/telemetry/backlog-gauges.js';
import { createRunnerMetrics } from '../src/telemetry/runner-metrics.js';
import { allLeads, seedScenario, SIM_API_KEY, startWorld, step } from './support/runner-harness.js';

/** The label names the runner's own metrics may carry; anything else is a cardinality leak. */
const ALLOWED_LABELS = ['step_type', 'outcome', 'reason', 'action', 'kind', 'tier', 'status'];

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A port nothing listens on now (the health server needs a fixed one to share). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()));
    });
  });
}

function noIdLabels(samples: readonly Sample[]): string[] {
  return labelOffences(samples, { prefixes: ['runner_', 'mongodb_'], allowedLabels: ALLOWED_LABELS });
}

describe('the runner metrics', () => {
  it('shows the backlog, then counts the steps, actions and provider calls a runner process ran', async () => {
    const world = await startWorld({}, new Date().toISOString());
    // One sender per lead: an account paces its actions minutes apart.
    const scenario = await seedScenario(world, {
      accounts: 3,
      leads: 3,
      steps: [step('visit_profile')],
      settings: { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } },
    });

    // Before any runner: the three leads are due, and the account is connected with its budgets.
    const registry = createMetricsRegistry({ processMetrics: false });
    createRunnerMetrics(registry, createBacklogReader({ db: world.db, clock: () => new Date() }));
    const backlog = parseExposition(await registry.metrics());
    expect(sampleValue(backlog, 'runner_leads_due')).toBeGreaterThanOrEqual(3);
    expect(sampleValue(backlog, 'runner_oldest_due_lead_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(backlog, 'runner_accounts', { status: 'connected' })).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(backlog, 'runner_call_budget_left_min', { tier: 'premium', kind: 'profile_read' }),
    ).toBeGreaterThan(0);
    expect(
      sampleValue(backlog, 'runner_call_budget_left_sum', { tier: 'premium', kind: 'write' }),
    ).toBeGreaterThan(0);
    expect(noIdLabels(backlog)).toEqual([]);

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
    const config = loadConfig({
      MONGODB_URI: testDatabaseUri(),
      UNIPILE_DSN: world.url,
      UNIPILE_API_KEY: SIM_API_KEY,
      POLL_INTERVAL_MS: '20',
      RUNNER_ID: 'metrics-under-test',
      METRICS_PORT: '0',
    });
    const running = await startRunnerProcess(config, logger);
    try {
      const port = Number(/"metricsPort":(\d+)/.exec(logged)?.[1]);
      expect(port).toBeGreaterThan(0);
      await eventually(
        async () => (await allLeads(world, scenario)).every((lead) => lead.status === 'completed'),
        20_000,
      );
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const after = parseExposition(await res.text());

      expect(
        sampleValue(after, 'runner_steps_total', { step_type: 'visit_profile', outcome: 'finished' }),
      ).toBe(3);
      expect(sampleValue(after, 'runner_step_duration_seconds_count', { step_type: 'visit_profile' })).toBe(
        3,
      );
      expect(sampleValue(after, 'runner_actions_total', { action: 'profile_visit', outcome: 'done' })).toBe(
        3,
      );
      expect(sampleValue(after, 'runner_action_duration_seconds_count', { action: 'profile_visit' })).toBe(3);
      expect(
        sampleValue(after, 'runner_provider_calls_total', {
          kind: 'profile_read',
          tier: 'premium',
          outcome: 'metered',
        }),
      ).toBeGreaterThanOrEqual(3);
      // Read when scraped: nothing of this campaign is due any more.
      expect(sampleValue(after, 'runner_leads_due')).toBe(0);
      expect(
        sampleValue(after, 'runner_call_budget_left_min', { tier: 'premium', kind: 'profile_read' }),
      ).toBeLessThan(
        sampleValue(backlog, 'runner_call_budget_left_min', { tier: 'premium', kind: 'profile_read' }),
      );
      // The process and its database pool.
      expect(sampleValue(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(after, 'mongodb_pool_connections')).toBeGreaterThan(0);
      expect(noIdLabels(after)).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(404);
    } finally {
      await running.stop();
    }
  });

  it('serves the metrics beside the probes when METRICS_PORT is HEALTH_PORT, and none without it', async () => {
    const world = await startWorld({}, new Date().toISOString());
    const base = { MONGODB_URI: testDatabaseUri(), UNIPILE_DSN: world.url, UNIPILE_API_KEY: SIM_API_KEY };
    const free = await freePort();
    const shared = await startRunnerProcess(
      loadConfig({ ...base, HEALTH_PORT: String(free), METRICS_PORT: String(free) }),
      pino({ level: 'silent' }),
    );
    try {
      expect((await fetch(`http://127.0.0.1:${free}/healthz`)).status).toBe(200);
      const res = await fetch(`http://127.0.0.1:${free}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE runner_steps_total counter');
    } finally {
      await shared.stop();
    }
    const without = await startRunnerProcess(
      loadConfig({ ...base, HEALTH_PORT: String(free) }),
      pino({ level: 'silent' }),
    );
    try {
      expect((await fetch(`http://127.0.0.1:${free}/metrics`)).status).toBe(404);
    } finally {
      await without.stop();
    }
  });
});
