import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { BacklogSnapshot } from './backlog-gauges.js';

/**
 * Every metric of the runner, named and labelled here and nowhere else. Labels are bounded
 * vocabularies (step and action types, outcomes, tiers, call kinds, account statuses); no
 * workspace, campaign, lead or account id is ever a label: per-account figures are aggregated
 * by tier and kind. The gauges read from the database are filled by `collectBacklogGauges` when
 * scraped; the process metrics and the MongoDB pool's come with the registry.
 */
export interface RunnerMetrics {
  registry: Registry;
  /** A claimed lead's step, by the step's type and what became of the lead. */
  steps: Counter<'step_type' | 'outcome' | 'reason'>;
  stepDuration: Histogram<'step_type'>;
  /** An action sent to the network, by type and outcome (`done` or the failure's code). */
  actions: Counter<'action' | 'outcome'>;
  actionDuration: Histogram<'action'>;
  /** Provider calls seen by the call meter, by kind, account tier and what the meter did. */
  providerCalls: Counter<'kind' | 'tier' | 'outcome'>;
  leadsDue: Gauge;
  oldestDueLag: Gauge;
  accounts: Gauge<'status'>;
  accountsCoolingDown: Gauge<'tier'>;
  budgetLeftMin: Gauge<'tier' | 'kind'>;
  budgetLeftSum: Gauge<'tier' | 'kind'>;
  budgetExhausted: Gauge<'tier' | 'kind'>;
}

/** Seconds: a step is a few database round trips and at most a couple of network or model calls. */
const STEP_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * `readBacklog` fills the gauges read from the database when they are scraped (one snapshot for
 * them all, see `createBacklogReader`); without it they stay at 0 (in-process tests).
 */
export function createRunnerMetrics(
  registry: Registry,
  readBacklog?: () => Promise<BacklogSnapshot>,
): RunnerMetrics {
  const registers = [registry];
  /** Sets a gauge from the snapshot at scrape time, its label sets replaced by the snapshot's. */
  const fromSnapshot = <L extends string>(
    fill: (gauge: Gauge<L>, snapshot: BacklogSnapshot) => void,
  ): { collect?: (this: Gauge<L>) => Promise<void> } =>
    readBacklog === undefined
      ? {}
      : {
          async collect(this: Gauge<L>) {
            const snapshot = await readBacklog();
            this.reset();
            fill(this, snapshot);
          },
        };
  const byTierAndKind =
    (pick: (figures: BacklogSnapshot['budgets'][number]) => number) =>
    (gauge: Gauge<'tier' | 'kind'>, snapshot: BacklogSnapshot) => {
      for (const figures of snapshot.budgets)
        gauge.set({ tier: figures.tier, kind: figures.kind }, pick(figures));
    };
  return {
    registry,
    steps: new Counter({
      name: 'runner_steps_total',
      help: "Claimed leads' steps run, by step type and outcome (advanced, finished, waiting, ended, postponed, handed_back, failed); reason is the lead's state for waiting, ended and postponed",
      labelNames: ['step_type', 'outcome', 'reason'] as const,
      registers,
    }),
    stepDuration: new Histogram({
      name: 'runner_step_duration_seconds',
      help: "Time a claimed lead's step took, from claim handling to its verdict written",
      labelNames: ['step_type'] as const,
      buckets: STEP_BUCKETS,
      registers,
    }),
    actions: new Counter({
      name: 'runner_actions_total',
      help: 'Actions sent to the network, by type (invitation, message, inmail, profile_visit, invitation_withdrawal) and outcome (done, or the failure code)',
      labelNames: ['action', 'outcome'] as const,
      registers,
    }),
    actionDuration: new Histogram({
      name: 'runner_action_duration_seconds',
      help: "Time the network took to answer an action, by the action's type",
      labelNames: ['action'] as const,
      buckets: STEP_BUCKETS,
      registers,
    }),
    providerCalls: new Counter({
      name: 'runner_provider_calls_total',
      help: "Provider calls the call meter saw, by kind (write, profile_read, list_read, account_read), the account's tier and outcome (metered, refused: over the daily budget, unmetered)",
      labelNames: ['kind', 'tier', 'outcome'] as const,
      registers,
    }),
    leadsDue: new Gauge({
      name: 'runner_leads_due',
      help: 'Leads of active campaigns due now (leased or not), counted at scrape time, at most 100000 per campaign',
      registers,
      ...fromSnapshot((gauge, snapshot) => gauge.set(snapshot.leadsDue)),
    }),
    oldestDueLag: new Gauge({
      name: 'runner_oldest_due_lead_lag_seconds',
      help: 'How long the most overdue lead of the active campaigns has been due (product time); 0 when none is due',
      registers,
      ...fromSnapshot((gauge, snapshot) => gauge.set(snapshot.oldestDueLagSeconds)),
    }),
    accounts: new Gauge({
      name: 'runner_accounts',
      help: 'Sender accounts of every workspace by status (connected, disconnected, restricted)',
      labelNames: ['status'] as const,
      registers,
      ...fromSnapshot<'status'>((gauge, snapshot) => {
        for (const [status, count] of Object.entries(snapshot.accountsByStatus)) gauge.set({ status }, count);
      }),
    }),
    accountsCoolingDown: new Gauge({
      name: 'runner_accounts_cooling_down',
      help: 'Connected sender accounts resting until a cool-down ends (a provider limit, a warning), by tier',
      labelNames: ['tier'] as const,
      registers,
      ...fromSnapshot<'tier'>((gauge, snapshot) => {
        for (const [tier, count] of Object.entries(snapshot.coolingDownByTier)) gauge.set({ tier }, count);
      }),
    }),
    budgetLeftMin: new Gauge({
      name: 'runner_call_budget_left_min',
      help: "The smallest daily call budget left among connected accounts, by tier and call kind (today in each account's timezone)",
      labelNames: ['tier', 'kind'] as const,
      registers,
      ...fromSnapshot(byTierAndKind((figures) => figures.min)),
    }),
    budgetLeftSum: new Gauge({
      name: 'runner_call_budget_left_sum',
      help: 'The daily call budget left by all connected accounts together, by tier and call kind',
      labelNames: ['tier', 'kind'] as const,
      registers,
      ...fromSnapshot(byTierAndKind((figures) => figures.sum)),
    }),
    budgetExhausted: new Gauge({
      name: 'runner_call_budget_exhausted_accounts',
      help: 'Connected accounts with none of a kind of daily call budget left, by tier and call kind',
      labelNames: ['tier', 'kind'] as const,
      registers,
      ...fromSnapshot(byTierAndKind((figures) => figures.exhausted)),
    }),
  };
}
