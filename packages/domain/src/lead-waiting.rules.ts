/**
 * Why a lead that is still running waits, in words a user acts on: its own timing (a step delay,
 * the working hours), its sender's limits and budgets, the lead itself (an invitation not yet
 * accepted), or a problem of its sender account (restricted, disconnected, cooling down). Read
 * from what the runner stored (the lead's `internalStatus` and `nextActionAt`) and the account.
 */
import type { AccountStatus, LeadInternalStatus, LeadStatus } from './vocabulary.js';

export const WAITING_REASONS = [
  'delay',
  'working_hours',
  'capacity',
  'call_budget',
  'invitation_acceptance',
  'connection',
  'missing_variable',
  'sender_restricted',
  'sender_disconnected',
  'sender_inactive',
  'sender_cooldown',
  'sender_unavailable',
] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];

export interface WaitingFor {
  reason: WaitingReason;
  /** When the wait ends or the runner looks again; null when it needs someone to act. */
  until: Date | null;
  /** What the network or the account said (a restriction's reason, a disconnect reason), if any. */
  detail: string | null;
}

export interface WaitingLead {
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  nextActionAt: Date | null;
}

export interface WaitingSender {
  status: AccountStatus;
  active: boolean;
  disconnectReason: string | null;
  restriction: { reason: string; detail: string } | null;
  cooldownUntil: Date | null;
  cooldownReason: string | null;
}

/** Waits the lead's own timing or limits explain, by internal status. */
const OWN_WAITS: Partial<Record<LeadInternalStatus, WaitingReason>> = {
  awaiting_delay: 'delay',
  awaiting_working_hours: 'working_hours',
  awaiting_capacity: 'capacity',
  awaiting_budget: 'call_budget',
  invitation_pending: 'invitation_acceptance',
  awaiting_connection: 'connection',
};

/** Waits on the lead's side: its sender's state changes nothing about them. */
const LEAD_SIDE: ReadonlySet<LeadInternalStatus> = new Set(['invitation_pending', 'awaiting_connection']);
const SENDER_STATUSES: ReadonlySet<LeadInternalStatus> = new Set(['sender_unavailable', 'sender_restricted']);

/**
 * Why the lead waits, or null when it does not (finished, in error, paused by the user, or next in
 * line). A sender problem comes first for a lead that would act next: whatever its own timing, it
 * cannot act before the account can.
 */
export function leadWaitingFor(
  lead: WaitingLead,
  sender: WaitingSender | null,
  now: Date,
): WaitingFor | null {
  if (lead.internalStatus === 'missing_variable') {
    return { reason: 'missing_variable', until: null, detail: null };
  }
  if (lead.status !== 'waiting' && lead.status !== 'active') return null;
  const until = lead.nextActionAt !== null && lead.nextActionAt > now ? lead.nextActionAt : null;
  if (!LEAD_SIDE.has(lead.internalStatus)) {
    const senderWait = senderProblem(sender, now);
    if (senderWait) return senderWait;
    if (SENDER_STATUSES.has(lead.internalStatus)) {
      return { reason: 'sender_unavailable', until, detail: null };
    }
  }
  const reason = OWN_WAITS[lead.internalStatus];
  return reason === undefined ? null : { reason, until, detail: null };
}

function senderProblem(sender: WaitingSender | null, now: Date): WaitingFor | null {
  if (sender === null) return null;
  if (sender.status === 'restricted') {
    const restriction = sender.restriction;
    const detail = restriction
      ? restriction.detail
        ? `${restriction.reason}: ${restriction.detail}`
        : restriction.reason
      : null;
    return { reason: 'sender_restricted', until: null, detail };
  }
  if (sender.status === 'disconnected') {
    return { reason: 'sender_disconnected', until: null, detail: sender.disconnectReason };
  }
  if (!sender.active) return { reason: 'sender_inactive', until: null, detail: null };
  if (sender.cooldownUntil !== null && sender.cooldownUntil > now) {
    return { reason: 'sender_cooldown', until: sender.cooldownUntil, detail: sender.cooldownReason };
  }
  return null;
}
