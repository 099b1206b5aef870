/**
 * Plain records for unit tests of the runner's decisions: a campaign, a lead, a sender account and
 * a context whose parts a test replaces where its case needs them. Anything a test does not give
 * fails loudly when it is used, so a decision that reaches further than the test expects shows.
 */
import type { StepDef, StepType } from '@outreach/domain';
import type { Logger } from 'pino';
import { pino } from 'pino';
import { defaultRunnerOptions, type RunnerContext } from '../../src/context/runner-context.js';
import type { RunnerAccount, RunnerCampaign, RunnerLead } from '../../src/store/runner-store.port.js';

/** Tuesday 2026-03-03, 10:00 UTC: inside the campaign's working hours. */
export const TUESDAY_TEN_AM = new Date('2026-03-03T10:00:00Z');
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export function stepDef(id: string, type: StepType = 'message'): StepDef {
  return { id, type, order: 0, delay: 0, stopOnReply: false, genericBody: 'Hello', variants: [] };
}

/** Working hours 09:00 to 18:00 UTC, Monday to Friday. */
export function campaignWith(steps: StepDef[]): RunnerCampaign {
  return {
    id: 'cmp_1',
    workspaceId: 'ws_1',
    name: 'Campaign',
    status: 'active',
    settings: {
      timezone: 'UTC',
      workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
      invitationTimeoutDays: 21,
    },
    coreVariables: {},
    customVariables: {},
    networkAccounts: ['acc_1'],
    steps,
    activation: 1,
    leadsGeneration: 1,
  };
}

export function leadAt(currentStep: number, changes: Partial<RunnerLead> = {}): RunnerLead {
  return {
    id: 'lead_1',
    workspaceId: 'ws_1',
    campaignId: 'cmp_1',
    publicIdentifier: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    networkUrl: 'https://network.example/in/ada-lovelace',
    status: 'active',
    internalStatus: 'queued',
    currentStep,
    accountId: 'acc_1',
    tags: [],
    assignedVariants: {},
    nextActionAt: TUESDAY_TEN_AM,
    attempts: 1,
    pendingActionKey: null,
    invitationSentAt: null,
    pendingActionAt: null,
    providerId: null,
    ...changes,
  };
}

export function senderAccount(changes: Partial<RunnerAccount> = {}): RunnerAccount {
  return {
    id: 'acc_1',
    workspaceId: 'ws_1',
    name: 'Sender',
    status: 'connected',
    authenticated: true,
    active: true,
    timezone: 'UTC',
    inmailAllowed: false,
    tier: 'premium',
    tierCheckedAt: TUESDAY_TEN_AM,
    limitSettings: {},
    warmUpStartedAt: null,
    lastActionAt: null,
    restriction: null,
    inmailBalance: null,
    nextPollAt: null,
    cooldownUntil: null,
    cooldownReason: null,
    pacedUntil: null,
    connectedAt: TUESDAY_TEN_AM,
    eventCursor: null,
    providerAccountId: 'prov_1',
    createdAt: TUESDAY_TEN_AM,
    ...changes,
  };
}

/** A part of the context no test gave: using it throws, naming it. */
function missing(what: string): never {
  throw new Error(`the test gave no ${what}`);
}

function unprovided<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get: (target, key) => {
      if (key in target) return target[key as keyof T];
      return key === 'then' ? undefined : () => missing(`${what}.${String(key)}`);
    },
  });
}

export interface ContextParts {
  now?: Date;
  accounts?: readonly RunnerAccount[];
  store?: Partial<RunnerContext['store']>;
  network?: Partial<RunnerContext['network']>;
  logger?: Logger;
}

/** A runner context at `now` over the given accounts, store and network methods. */
export function unitContext(parts: ContextParts = {}): RunnerContext {
  const now = parts.now ?? TUESDAY_TEN_AM;
  const accounts = parts.accounts ?? [senderAccount()];
  const withFallback = <T extends object>(given: Partial<T> | undefined, what: string): T =>
    Object.assign(unprovided<T>(what), given);
  return {
    store: withFallback(parts.store, 'store'),
    network: withFallback(parts.network, 'network'),
    clock: () => now,
    logger: parts.logger ?? pino({ level: 'silent' }),
    analyser: unprovided('analyser'),
    icpMatcher: unprovided('icpMatcher'),
    languageModel: null,
    monotonicNow: () => 0,
    realClock: () => now,
    options: { ...defaultRunnerOptions, runnerId: 'runner-unit' },
    halt: () => missing('halt'),
    haltedBecause: () => null,
    accounts: {
      get: async (_workspaceId, accountId) => accounts.find((account) => account.id === accountId) ?? null,
      remember: () => undefined,
      forget: () => undefined,
      clear: () => undefined,
    },
    pastUsage: unprovided('pastUsage'),
  };
}
