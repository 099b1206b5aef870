import { invitationSettingsOf, usagePeriods, type InvitationSettings, type StepDef } from '@outreach/domain';
import { pino } from 'pino';
import type { RunnerContext } from '../../src/context/runner-context.js';
import type {
  CapacitySlot,
  RunnerAccount,
  RunnerCampaign,
  RunnerLead,
  RunnerStore,
} from '../../src/store/runner-store.port.js';
import type { StepRun } from '../../src/step-run/step-run.js';
import { createPastUsage } from '../../src/context/past-usage.js';
import { leadAt, senderAccount } from './unit-fixtures.js';

/*
 * One claimed lead about to run its invitation step, over an in-memory store that answers the
 * calls of the action's gates as the real store does (caps, the pacing gate, the rolling week).
 */

// Wednesday 2026-03-11, 10:00 UTC: inside the campaign's working hours (every day, all day).
export const NOW = new Date('2026-03-11T10:00:00Z');
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;
export const RECHECK_MS = 2 * HOUR_MS;
/** The runner's lease and its provider call timeout (real time). */
export const LEASE_MS = 60_000;
export const PROVIDER_TIMEOUT_MS = 5_000;

export const step: StepDef = {
  id: 'stp_invite',
  type: 'invitation',
  order: 0,
  delay: 0,
  stopOnReply: false,
  genericBody: null,
  variants: [],
};

export const campaign: RunnerCampaign = {
  id: 'cmp_1',
  workspaceId: 'ws_1',
  name: 'Spring',
  status: 'active',
  settings: {
    timezone: 'UTC',
    workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
    invitationTimeoutDays: 21,
  },
  coreVariables: {},
  customVariables: {},
  networkAccounts: ['acc_1'],
  steps: [step],
  activation: 1,
  leadsGeneration: 1,
};

export const account: RunnerAccount = senderAccount({
  tier: 'free',
  tierCheckedAt: null,
  connectedAt: null,
  providerAccountId: null,
  createdAt: new Date('2025-01-01T00:00:00Z'),
});

export const lead: RunnerLead = leadAt(0, {
  id: 'led_1',
  publicIdentifier: 'ada',
  networkUrl: '',
  nextActionAt: null,
  attempts: 0,
});

/** A key pending on the lead from an earlier attempt of this step whose outcome is unknown. */
export const RESUMED_KEY = `${lead.id}:${step.id}:0`;

export interface World {
  campaign: RunnerCampaign | null;
  account: RunnerAccount | null;
  /** Units taken per counter (`period/kind`), by action key. */
  units: Map<string, Set<string>>;
  invitationTimes: Date[];
  /** The pending actions recorded on the lead, in order. */
  pending: Array<{ key: string; at: Date }>;
  /** With each pending action: by when its calls are over and the renewed lease's end (real time). */
  pendingCalls: Array<{ callsEndBy: Date; leaseUntil: Date }>;
  /** The runner's real time (leases, call deadlines). */
  realNow: Date;
  released: CapacitySlot[];
  consumed: Array<CapacitySlot & { cap: number; expiresAt: Date }>;
  pacingGaps: number[];
  remembered: RunnerAccount[];
  touched: Array<{ at: Date; warmUpRestartAt: Date | null }>;
  halted: string | null;
  /** What reached the store, in order: `pacing`, `pending <key>`, `unit <counter>`. */
  events: string[];
}

/**
 * A world whose account sent invitations at `invitationTimes`: those of NOW's calendar week (and
 * day) hold their units, as the real store's counters would.
 */
export function world(overrides: Partial<World> = {}): World {
  const periods = usagePeriods(NOW, 'UTC');
  const units = new Map<string, Set<string>>();
  const hold = (counter: string, key: string) =>
    units.set(counter, (units.get(counter) ?? new Set()).add(key));
  for (const [index, time] of (overrides.invitationTimes ?? []).entries()) {
    if (time >= periods.week.start) hold(`week:${periods.week.key}/invitations`, `sent-${index}`);
    if (time >= periods.day.start) hold(`day:${periods.day.key}/invitations`, `sent-${index}`);
  }
  return {
    campaign,
    account,
    units,
    invitationTimes: [],
    pending: [],
    pendingCalls: [],
    realNow: NOW,
    released: [],
    consumed: [],
    pacingGaps: [],
    remembered: [],
    touched: [],
    halted: null,
    events: [],
    ...overrides,
  };
}

/** A step run over an in-memory store that behaves as the real one does for these calls. */
export function stepRun(
  w: World,
  options: {
    lead?: Partial<RunnerLead>;
    account?: RunnerAccount;
    pacing?: { min: number; max: number };
    invitations?: InvitationSettings;
  } = {},
): StepRun {
  const counter = (slot: CapacitySlot) => `${slot.period}/${slot.kind}`;
  const store = {
    getCampaign: async () => w.campaign,
    getAccount: async () => w.account,
    async takePacingSlot(_ws: string, _id: string, now: Date, gapMs: number) {
      w.pacingGaps.push(gapMs);
      w.events.push('pacing');
      const pacedUntil = w.account?.pacedUntil ?? null;
      if (pacedUntil !== null && pacedUntil > now) return pacedUntil;
      if (w.account !== null) w.account = { ...w.account, pacedUntil: new Date(now.getTime() + gapMs) };
      return null;
    },
    async recordPendingAction(
      _ws: string,
      _lead: string,
      _owner: string,
      action: { key: string; at: Date; callsEndBy: Date; leaseUntil: Date },
    ) {
      w.pending.push({ key: action.key, at: action.at });
      w.pendingCalls.push({ callsEndBy: action.callsEndBy, leaseUntil: action.leaseUntil });
      w.events.push(`pending ${action.key}`);
    },
    async consumeCapacity(_ws: string, slot: CapacitySlot & { cap: number; expiresAt: Date }) {
      w.consumed.push(slot);
      const keys = w.units.get(counter(slot)) ?? new Set<string>();
      if (keys.has(slot.key)) return true;
      if (keys.size >= slot.cap) return false;
      w.units.set(counter(slot), keys.add(slot.key));
      w.events.push(`unit ${counter(slot)}`);
      return true;
    },
    async consumeCapacities(
      ws: string,
      slots: ReadonlyArray<CapacitySlot & { cap: number; expiresAt: Date }>,
      optional?: CapacitySlot & { cap: number; expiresAt: Date },
    ): Promise<{ refused: number | null; optional: boolean }> {
      for (const [index, slot] of slots.entries()) {
        if (await store.consumeCapacity(ws, slot)) continue;
        for (const taken of slots.slice(0, index)) await store.releaseCapacity(ws, taken);
        return { refused: index, optional: false };
      }
      return {
        refused: null,
        optional: optional !== undefined && (await store.consumeCapacity(ws, optional)),
      };
    },
    async releaseCapacity(_ws: string, slot: CapacitySlot) {
      w.released.push(slot);
      w.units.get(counter(slot))?.delete(slot.key);
    },
    async recentActionTimes(_ws: string, query: { since: Date; limit: number }) {
      return w.invitationTimes.filter((time) => time >= query.since).slice(0, query.limit);
    },
    usageSum: async () => 0,
    setAccountCooldown: async () => {},
    logAction: async () => {},
    deriveActions: async () => 0,
    flushLeadCounts: async () => undefined,
    async touchAccountAction(_ws: string, _id: string, at: Date, warmUpRestartAt: Date | null) {
      w.touched.push({ at, warmUpRestartAt });
    },
  } satisfies Partial<RunnerStore>;
  const pacing = options.pacing ?? { min: 2, max: 8 };
  const ctx = {
    store,
    clock: () => NOW,
    realClock: () => w.realNow,
    logger: pino({ level: 'silent' }),
    options: {
      recheckMs: RECHECK_MS,
      pacing: { minGapMinutes: pacing.min, maxGapMinutes: pacing.max },
      leaseMs: LEASE_MS,
      providerTimeoutMs: PROVIDER_TIMEOUT_MS,
    },
    haltedBecause: () => w.halted,
    halt: (reason: string) => {
      w.halted = reason;
    },
    accounts: {
      remember: (fresh: RunnerAccount) => w.remembered.push(fresh),
      forget: () => {},
    },
    pastUsage: createPastUsage(store as unknown as RunnerStore),
  } as unknown as RunnerContext;
  return {
    ctx,
    owner: 'runner-1:claim-1',
    campaign,
    step,
    lead: { ...lead, ...options.lead },
    account: options.account ?? account,
    now: NOW,
    invitations: options.invitations ?? invitationSettingsOf({}),
    learned: {},
  };
}
