/**
 * The world the runner's integration tests run in: a real MongoDB wire server (one database per
 * test file), the Unipile simulator served on 127.0.0.1 and reached through the official SDK (the
 * Unipile adapter, every answer held to the SDK's validators), and one manual clock that both the
 * simulator and the runner read, so weeks of a campaign pass in a few hundred passes. The
 * simulator does not de-duplicate anything: exactly-once rests on the runner's reconciliation.
 * Events reach the runner through its reconciliation poll (every pass here); webhooks are the
 * API's business and are tested there.
 */
import {
  connectDb,
  newId,
  type CampaignSettingsPatch,
  type Db,
  type NewLead,
  type StepInput,
  type WorkspaceId,
} from '@outreach/db';
import type { AccountLimits, AccountTier } from '@outreach/domain';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import {
  createManualClock,
  createUnipileNetwork,
  createUnipileSimulator,
  forceAcceptance,
  forceInboundMessage,
  type ManualClock,
  type ProviderNetworkPort,
  type RunningUnipileSimulator,
  type UnipileSimState,
  type UnipileSimulator,
  type UnipileSimulatorOptions,
} from '@outreach/network';
import { pino } from 'pino';
import { onTestFinished } from 'vitest';
import { createRunner, type Runner } from '../../src/runner/runner.js';
import type { RunnerOptions } from '../../src/context/runner-context.js';
import { createCallMeter } from '../../src/accounts/call-meter.js';
import { createDbRunnerStore } from '../../src/store/db-runner.store.js';
import type { RunnerStore } from '../../src/store/runner-store.port.js';
import { step } from './sequence-steps.js';

/** Polls a day so frequent that every pass reconciles (the gap rounds to 0 ms). */
const EVERY_PASS = 1e12;

export { step };

/**
 * Monday 2099-03-02, 08:00 UTC: an hour before the default working hours open. Far in the future
 * because usage counters carry a TTL that the test MongoDB sweeps in real time.
 */
export const MONDAY_MORNING = '2099-03-02T08:00:00.000Z';
/** The same Monday at 10:00 UTC, inside the default working hours. */
export const MONDAY_TEN_AM = '2099-03-02T10:00:00.000Z';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const SIM_API_KEY = 'runner-tests-key';
/** The network adapter's call timeout (real time), which the runners are told of too. */
export const PROVIDER_TIMEOUT_MS = 5_000;

/** The simulator's state with the controls tests use, named as the tests read them. */
export interface SimControls {
  log: UnipileSimState['log'];
  faults: UnipileSimState['faults'];
  expireSession(accountId: string, reason?: string): void;
  reconnect(accountId: string): void;
  forceInboundMessage(accountId: string, publicIdentifier: string, content: string): void;
  forceAcceptance(accountId: string, publicIdentifier: string): void;
}

export interface World {
  db: Db;
  /** Base URL (DSN) of the Unipile simulator. */
  url: string;
  clock: ManualClock;
  /** The runners' real time (leases): real time, moved ahead as far as the product clock was. */
  realClock: () => Date;
  sandbox: { simulator: UnipileSimulator; state: SimControls };
  network: ProviderNetworkPort;
  /** The store runners use unless given their own. */
  store: RunnerStore;
  /**
   * A runner over the world. Give it its own `store` to play a separate process (or one that
   * interferes with its writes), its own `network` to interfere with its calls.
   */
  runner(
    options?: Partial<RunnerOptions>,
    parts?: { network?: ProviderNetworkPort; store?: RunnerStore },
  ): Runner;
}

let shared: Promise<Db> | undefined;
/** The data layer stamps records with the clock of the test running now. */
let currentClock: () => Date = () => new Date();

/** The test file's database connection, opened once per file; it reports its commands. */
export function fileDb(): Promise<Db> {
  shared ??= connectDb(testDatabaseUri(), {
    clock: () => currentClock(),
    driverOptions: { monitorCommands: true },
  });
  return shared;
}

/**
 * A fresh sandbox and clock over the file's database, for the test that calls it: the world is
 * closed when that test finishes. Settings default to a network where every invitation is
 * accepted within hours and nobody replies, so a test states only what it relies on.
 */
export async function startWorld(
  settings: UnipileSimulatorOptions = {},
  start = MONDAY_MORNING,
): Promise<World> {
  const db = await fileDb();
  const clock = createManualClock(start);
  currentClock = clock;
  const simulator = createUnipileSimulator({
    clock,
    apiKey: SIM_API_KEY,
    seed: 'runner-tests',
    alreadyConnectedProbability: 0,
    acceptProbability: 1,
    acceptDelayMinMs: HOUR,
    acceptDelayMaxMs: 6 * HOUR,
    replyProbability: 0,
    ...settings,
  });
  const running: RunningUnipileSimulator = await simulator.listen(0);
  const store = createDbRunnerStore(db);
  // As in the runner process: every call is charged to its account's daily budget first.
  const callMeter = createCallMeter({
    store,
    clock,
    findAccount: (providerAccountId) => store.findAccountByProviderId(providerAccountId),
  });
  const { client: _client, ...network } = createUnipileNetwork({
    dsn: running.url,
    apiKey: SIM_API_KEY,
    clock,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    validateResponses: 'error',
    callMeter,
  });
  const state = simulator.state;
  const controls: SimControls = {
    log: state.log,
    faults: state.faults,
    expireSession: (accountId, reason) => void state.expireSession(accountId, reason),
    reconnect: (accountId) => void state.reconnect(accountId),
    forceInboundMessage: (accountId, publicIdentifier, content) =>
      void forceInboundMessage(state, accountId, publicIdentifier, content),
    forceAcceptance: (accountId, publicIdentifier) =>
      void forceAcceptance(state, accountId, publicIdentifier),
  };
  let runners = 0;
  // Leases run in real time. A test that moves the product clock ahead (to let a lease run out)
  // moves the runners' real time by as much.
  const productStart = clock().getTime();
  const realClock = () => new Date(Date.now() + (clock().getTime() - productStart));
  // A test that timed out keeps running its body; its runners must not go on serving the next
  // test's campaigns (the runner serves every workspace of the database) on this test's clock.
  let finished = false;
  onTestFinished(async () => {
    finished = true;
    await pauseEveryActiveCampaign(db);
    await running.close();
  });
  return {
    db,
    url: running.url,
    clock,
    realClock,
    sandbox: { simulator, state: controls },
    network,
    store,
    runner(options = {}, parts = {}) {
      runners += 1;
      const runner = createRunner(
        {
          store: parts.store ?? store,
          network: parts.network ?? network,
          clock,
          realClock,
          logger: pino({ level: process.env['RUNNER_TEST_LOG'] ?? 'silent' }),
        },
        {
          runnerId: `runner-${runners}`,
          concurrency: 2,
          providerTimeoutMs: PROVIDER_TIMEOUT_MS,
          eventPollMs: 0,
          reconcilePollsPerDay: EVERY_PASS,
          ...options,
        },
      );
      return {
        ...runner,
        runOnce: () =>
          finished
            ? Promise.reject(new Error('the test this runner belongs to has finished'))
            : runner.runOnce(),
        start: (intervalMs) => {
          if (!finished) runner.start(intervalMs);
        },
      };
    },
  };
}

/**
 * Campaigns left active by a test would be picked up by the next test's runner (the runner serves
 * every workspace), so each test ends by pausing whatever it left running.
 */
async function pauseEveryActiveCampaign(db: Db): Promise<void> {
  for (const campaign of await db.campaigns.listActiveAcrossWorkspaces({ limit: 1000 })) {
    await db.campaigns
      .transitionStatus(campaign.workspaceId, campaign.id, { from: ['active'], to: 'paused' })
      .catch(() => undefined);
  }
}

export interface ScenarioOptions {
  steps: StepInput[];
  /** A number of generated leads, or the leads themselves. */
  leads: number | NewLead[];
  accounts?: number;
  inmailAllowed?: boolean;
  limits?: Partial<AccountLimits>;
  tier?: AccountTier;
  /** The sender accounts' time zone (default UTC): their days, weeks and months. */
  timezone?: string;
  warmUpStartedAt?: Date | null;
  settings?: CampaignSettingsPatch;
  customVariables?: Record<string, string>;
  /** Start the campaign (default true). */
  start?: boolean;
}

export interface Scenario {
  workspaceId: WorkspaceId;
  campaignId: string;
  /** The first sender account (the only one unless `accounts` said more). */
  accountId: string;
  accountIds: string[];
  leadIds: string[];
  stepIds: string[];
}

/** A workspace with sender accounts and one campaign with its sequence and leads, started. */
export async function seedScenario(world: World, options: ScenarioOptions): Promise<Scenario> {
  const { db } = world;
  const workspace = await db.workspaces.createWorkspace({
    name: `runner ${newId('workspace')}`,
    plan: 'pro',
  });
  const workspaceId = workspace.id;
  const accountIds: string[] = [];
  for (let n = 0; n < (options.accounts ?? 1); n += 1) {
    const account = await db.senderAccounts.create(workspaceId, {
      name: `Sender ${n}`,
      publicIdentifier: `sender-${n}-${newId('account').slice(-6)}`,
      inmailAllowed: options.inmailAllowed ?? false,
      // An established premium account, as the simulator's accounts are by default: the warm-up and
      // the free tier have tests of their own.
      tier: options.tier ?? 'premium',
      warmUpStartedAt: options.warmUpStartedAt ?? null,
      ...(options.timezone ? { timezone: options.timezone } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
    });
    accountIds.push(account.id);
  }
  const created = await db.campaigns.create(workspaceId, {
    name: 'Runner test campaign',
    networkAccounts: accountIds,
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.customVariables ? { customVariables: options.customVariables } : {}),
  });
  const campaign = await db.campaigns.replaceSequence(workspaceId, created.id, {
    expectedVersion: created.version,
    steps: options.steps,
  });
  const inputs = typeof options.leads === 'number' ? generatedLeads(options.leads) : options.leads;
  const { leads } = await db.leads.addMany(
    workspaceId,
    campaign.id,
    inputs.map((lead, n) => ({
      ...lead,
      accountId: lead.accountId ?? accountIds[n % accountIds.length] ?? null,
    })),
  );
  if (options.start !== false) {
    await db.campaigns.transitionStatus(workspaceId, campaign.id, { from: ['draft'], to: 'active' });
  }
  return {
    workspaceId,
    campaignId: campaign.id,
    accountId: defined(accountIds[0], 'a sender account'),
    accountIds,
    leadIds: leads.map((lead) => lead.id),
    stepIds: campaign.steps.map((step) => step.id),
  };
}

export function generatedLeads(count: number, prefix = 'lead'): NewLead[] {
  return Array.from({ length: count }, (_, n) => ({
    publicIdentifier: `${prefix}-${n}`,
    firstName: `Ada${n}`,
    lastName: `Lovelace${n}`,
    companyName: `Company ${n}`,
    networkUrl: `https://network.example/in/${prefix}-${n}`,
  }));
}

export interface DriveOptions {
  /** Stops when it resolves true (checked after every pass). */
  until: () => Promise<boolean>;
  /** Simulated time allowed before giving up. */
  maxDays?: number;
  /** Longest jump of the clock between passes (network events are read at least this often). */
  maxJumpMs?: number;
}

/**
 * Runs passes of every runner in parallel and moves the clock to the next due lead between them
 * (at least a minute, at most `maxJumpMs`), until `until` holds. Resolves to the number of rounds;
 * throws when the time allowed runs out, naming how far it got.
 */
export async function drive(
  world: World,
  scenario: Scenario,
  runners: Runner[],
  options: DriveOptions,
): Promise<number> {
  const deadline = world.clock().getTime() + (options.maxDays ?? 60) * DAY;
  const maxJump = options.maxJumpMs ?? 3 * HOUR;
  for (let rounds = 1; world.clock().getTime() < deadline; rounds += 1) {
    await Promise.all(runners.map((runner) => runner.runOnce()));
    if (await options.until()) return rounds;
    const now = world.clock().getTime();
    const next = await nextDueAt(world, scenario);
    const target = next === null ? now + maxJump : Math.min(Math.max(next, now + MINUTE), now + maxJump);
    world.clock.set(target);
  }
  const states = (await allLeads(world, scenario)).map(
    (l) => `${l.status}/${l.internalStatus}@${l.currentStep}`,
  );
  throw new Error(`condition not reached by ${world.clock().toISOString()}: ${states.join(', ')}`);
}

async function nextDueAt(world: World, scenario: Scenario): Promise<number | null> {
  const leads = await allLeads(world, scenario);
  const due = leads.flatMap((lead) => (lead.nextActionAt === null ? [] : [lead.nextActionAt.getTime()]));
  return due.length === 0 ? null : Math.min(...due);
}

export async function allLeads(world: World, scenario: Scenario) {
  const page = await world.db.leads.list(scenario.workspaceId, scenario.campaignId, { limit: 100 });
  return page.items;
}

/** Every event of one type in the scenario's workspace. */
export async function eventsOf(
  world: World,
  scenario: Scenario,
  type: Parameters<Db['events']['listRecentByType']>[1],
) {
  return world.db.events.listRecentByType(scenario.workspaceId, type, 1000);
}

/** True once every lead of the scenario is in a final state. */
export function allLeadsDone(world: World, scenario: Scenario): () => Promise<boolean> {
  return async () =>
    (await allLeads(world, scenario)).every((lead) => ['completed', 'error'].includes(lead.status));
}

/**
 * Two leads whose invitations were accepted, each waiting (a day) for the message step 'Hello':
 * the point where a test changes something in the middle of a sequence. Returns the runner that
 * got them there.
 */
export async function twoLeadsBetweenSteps(world: World): Promise<{ scenario: Scenario; runner: Runner }> {
  const scenario = await seedScenario(world, {
    leads: 2,
    steps: [step('invitation'), step('message', { delay: 1, bodies: ['Hello'] })],
  });
  const runner = world.runner();
  await drive(world, scenario, [runner], {
    until: async () => (await allLeads(world, scenario)).every((lead) => lead.currentStep === 1),
  });
  return { scenario, runner };
}

/** The value, which the test's own setup guarantees; a clear failure otherwise. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

/** The lead's conversation with its messages, oldest first. */
export async function conversationOf(world: World, scenario: Scenario, leadId: string) {
  const conversation = defined(
    await world.db.conversations.getForLead(scenario.workspaceId, leadId),
    'a conversation',
  );
  return defined(
    await world.db.conversations.getByUrn(scenario.workspaceId, conversation.conversationUrn),
    'the conversation history',
  );
}
