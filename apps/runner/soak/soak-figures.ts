/**
 * The soak's figures per account, counted from the simulator's own call record (every call it
 * received, with its time and answer) against the limits the simulator enforces, and from the
 * leads and replies the runner recorded.
 */
import { effectiveLimits } from '@outreach/domain';
import { TIER_RULES as SIM_TIER_RULES, type SimCall } from '@outreach/network';
import type { SoakAccount, SoakRun } from './soak-scenario.js';
import { DAY, HOUR, MINUTE } from './soak-scenario.js';

const INVITE = 'POST /users/invite';
const MESSAGE_ROUTES = new Set(['POST /chats', 'POST /chats/:chat_id/messages']);
/** Closings that a limit or the provider's error form would cause; none may happen. */
const CLOSED_BY_PROVIDER = new Set(['network_error']);

export interface WeekUse {
  week: number;
  used: number;
  allowed: number;
  /** Leads of the account never invited at the week's end (the week counts when some are left). */
  backlog: number;
}

export interface AccountFigures {
  account: SoakAccount;
  invitations: { total: number; maxDay: number; maxWeek: number; limitDay: number | null; limitWeek: number };
  messages: { total: number; maxDay: number; maxWeek: number; limitDay: number };
  profileReads: { total: number; maxDay: number; limitDay: number };
  listReads: { total: number; maxDay: number; meanDay: number };
  /** Most sensitive calls (invitations, messages) within any minute, against the burst threshold. */
  burst: { max: number; limit: number };
  restricted: string | null;
  refusals: { s429: number; s422: number; s403: number; s5xx: number };
  /** Calls the simulator received past one of its limits, replayed from its record. */
  overLimit: number;
  reconnections: number;
  closed: Record<string, number>;
  closedByProvider: number;
  replies: {
    sent: number;
    detected: number;
    maxLateMs: number;
    lateBeyondInterval: number;
    undetected: number;
  };
  weeks: WeekUse[];
}

export function accountFigures(run: SoakRun): AccountFigures[] {
  return run.accounts.map((account) => figuresOf(run, account));
}

function figuresOf(run: SoakRun, account: SoakAccount): AccountFigures {
  const sim = run.world.sim;
  const rules = SIM_TIER_RULES[account.tier];
  const calls = sim.calls({ accountId: account.id });
  const ok = calls.filter((c) => c.status >= 200 && c.status < 300);
  const invites = ok.filter((c) => c.route === INVITE).map(time);
  const messages = ok.filter((c) => MESSAGE_ROUTES.has(c.route)).map(time);
  const profiles = ok.filter((c) => c.kind === 'profile_read').map(time);
  const lists = calls.filter((c) => c.kind === 'list_read').map(time);
  const sensitive = calls.filter((c) => c.route === INVITE || MESSAGE_ROUTES.has(c.route)).map(time);
  const simAccount = sim.state.accounts.get(account.id);
  const days = Math.max(1, Math.round((run.endedAt.getTime() - run.startedAt.getTime()) / DAY));
  const overLimit =
    pastLimit(calls, (c) => c.route === INVITE, rules.invitationsPerWeek, 7 * DAY) +
    (rules.invitationsPerDay === null
      ? 0
      : pastDailyLimit(calls, (c) => c.route === INVITE, rules.invitationsPerDay)) +
    pastDailyLimit(calls, (c) => MESSAGE_ROUTES.has(c.route), rules.messagesPerDay) +
    pastDailyLimit(calls, (c) => c.kind === 'profile_read', rules.profileReadsPerDay);
  return {
    account,
    invitations: {
      total: invites.length,
      maxDay: maxPerDay(invites),
      maxWeek: maxInWindow(invites, 7 * DAY),
      limitDay: rules.invitationsPerDay,
      limitWeek: rules.invitationsPerWeek,
    },
    messages: {
      total: messages.length,
      maxDay: maxPerDay(messages),
      maxWeek: maxInWindow(messages, 7 * DAY),
      limitDay: rules.messagesPerDay,
    },
    profileReads: { total: profiles.length, maxDay: maxPerDay(profiles), limitDay: rules.profileReadsPerDay },
    listReads: { total: lists.length, maxDay: maxPerDay(lists), meanDay: lists.length / days },
    burst: { max: maxInWindow(sensitive, MINUTE), limit: sim.settings.burstMaxCalls },
    restricted:
      simAccount?.restriction?.reason ?? (calls.some((c) => c.status === 403) ? 'answered 403' : null),
    refusals: {
      s429: calls.filter((c) => c.status === 429).length,
      s422: calls.filter((c) => c.status === 422).length,
      s403: calls.filter((c) => c.status === 403).length,
      s5xx: calls.filter((c) => c.status >= 500).length,
    },
    overLimit,
    reconnections: run.reconnections.filter((r) => r.accountId === account.id).length,
    ...closings(run, account),
    replies: replies(run, account),
    weeks: weeks(run, account, invites),
  };
}

function time(call: SimCall): number {
  return Date.parse(call.at);
}

function dayOf(ms: number): number {
  return Math.floor(ms / DAY);
}

function maxPerDay(times: number[]): number {
  const perDay = new Map<number, number>();
  for (const t of times) perDay.set(dayOf(t), (perDay.get(dayOf(t)) ?? 0) + 1);
  return Math.max(0, ...perDay.values());
}

/** The most events within any window of `windowMs` (events sorted by time). */
function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let first = 0, last = 0; last < sorted.length; last += 1) {
    while ((sorted[last] ?? 0) - (sorted[first] ?? 0) >= windowMs) first += 1;
    best = Math.max(best, last - first + 1);
  }
  return best;
}

/** Calls made while `limit` calls of the kind had already succeeded in the window before them. */
function pastLimit(calls: SimCall[], of: (c: SimCall) => boolean, limit: number, windowMs: number): number {
  const done: number[] = [];
  let past = 0;
  for (const call of calls.filter(of)) {
    const at = time(call);
    if (done.filter((t) => at - t < windowMs).length >= limit) past += 1;
    if (call.status >= 200 && call.status < 300) done.push(at);
  }
  return past;
}

function pastDailyLimit(calls: SimCall[], of: (c: SimCall) => boolean, limit: number): number {
  const done = new Map<number, number>();
  let past = 0;
  for (const call of calls.filter(of)) {
    const day = dayOf(time(call));
    if ((done.get(day) ?? 0) >= limit) past += 1;
    if (call.status >= 200 && call.status < 300) done.set(day, (done.get(day) ?? 0) + 1);
  }
  return past;
}

function closings(run: SoakRun, account: SoakAccount): Pick<AccountFigures, 'closed' | 'closedByProvider'> {
  const closed: Record<string, number> = {};
  let closedByProvider = 0;
  for (const lead of run.leads.filter((l) => l.accountId === account.id)) {
    if (lead.status !== 'completed' && lead.status !== 'error') continue;
    let reason: string = lead.internalStatus;
    // An invitation is legitimately expired only once the campaign's timeout ran from its sending;
    // earlier, it was closed by the provider's answer (a refused invitation).
    if (reason === 'invitation_expired') {
      const sent = lead.invitationSentAt?.getTime();
      if (sent === undefined || (lead.completedAt ?? run.endedAt).getTime() - sent < 21 * DAY - HOUR)
        reason = 'invitation_refused';
    }
    closed[reason] = (closed[reason] ?? 0) + 1;
    if (CLOSED_BY_PROVIDER.has(reason) || reason === 'invitation_refused') closedByProvider += 1;
  }
  return { closed, closedByProvider };
}

function replies(run: SoakRun, account: SoakAccount): AccountFigures['replies'] {
  const state = run.world.sim.state;
  const interval = DAY / run.pollsPerDay;
  const identifierOf = new Map<string, string>();
  for (const pair of state.pairs.values()) {
    if (pair.accountId === account.id) identifierOf.set(pair.providerId, pair.publicIdentifier);
  }
  const detected = new Map<string, number>();
  for (const reply of run.world.detectedReplies.filter((r) => r.accountId === account.id)) {
    const key = `${reply.publicIdentifier}@${reply.occurredAt.getTime()}`;
    if (!detected.has(key)) detected.set(key, reply.detectedAt.getTime() - reply.occurredAt.getTime());
  }
  let sent = 0;
  let found = 0;
  let maxLateMs = 0;
  let lateBeyondInterval = 0;
  let undetected = 0;
  for (const chat of state.chats.values()) {
    if (chat.accountId !== account.id) continue;
    const identifier = identifierOf.get(chat.attendeeProviderId);
    for (const message of chat.messages) {
      if (message.isSender || message.timestampMs > run.endedAt.getTime()) continue;
      sent += 1;
      const late = detected.get(`${identifier}@${message.timestampMs}`);
      if (late === undefined) {
        // A reply in the last poll interval may still be waiting for its poll when the soak stops.
        if (run.endedAt.getTime() - message.timestampMs > interval) undetected += 1;
        continue;
      }
      found += 1;
      maxLateMs = Math.max(maxLateMs, late);
      if (late > interval) lateBeyondInterval += 1;
    }
  }
  return { sent, detected: found, maxLateMs, lateBeyondInterval, undetected };
}

/** Invitations sent in each whole soak week against what the runner allowed that week. */
function weeks(run: SoakRun, account: SoakAccount, invites: number[]): WeekUse[] {
  const result: WeekUse[] = [];
  for (const [index, backlog] of run.backlog.entries()) {
    const from = run.startedAt.getTime() + index * 7 * DAY;
    const limits = effectiveLimits({
      tier: account.tier,
      settings: {},
      warmUpStartedAt: account.newlyConnected ? run.startedAt : null,
      now: new Date(from + DAY),
    });
    result.push({
      week: index + 1,
      used: invites.filter((t) => t >= from && t < from + 7 * DAY).length,
      allowed: limits.invitationsPerWeek.value,
      backlog: backlog[account.id] ?? 0,
    });
  }
  return result;
}
