import type { components } from '@outreach/client';
import { dateTime } from './format.js';

type Lead = components['schemas']['Lead'];
type InternalStatus = components['schemas']['LeadInternalStatus'];
type WaitingReason = components['schemas']['WaitingReason'];

/** Where a lead is, in words, from its internal status: used when the lead does not wait. */
const STATES: Record<InternalStatus, string> = {
  queued: 'Next in line: the next step runs at the next free slot.',
  awaiting_delay: "Waiting for the step's delay to pass.",
  awaiting_working_hours: "Waiting for the campaign's working hours.",
  awaiting_capacity: "Waiting for its sender's limit to free up.",
  awaiting_budget: "Waiting for its sender's budget of LinkedIn reads to free up.",
  invitation_pending: 'Invitation sent; waiting for it to be accepted.',
  awaiting_connection: 'Waiting for the invitation to be accepted.',
  already_connected: 'Already connected: the invitation step is skipped.',
  replied: 'Replied: the sequence stopped.',
  blocked: 'On a block list: nothing is sent.',
  sender_unavailable: 'Its sender could not act: reconnect it on the Senders page.',
  sender_restricted: 'LinkedIn restricted its sender: reconnect it, or give the lead another sender.',
  missing_variable: 'Paused: a template variable has no value for this lead.',
  invitation_expired: 'The invitation expired without an answer.',
  network_error: 'The network refused an action for this lead.',
  paused_by_user: 'Paused by you.',
  finished: 'Finished the sequence.',
};

/** Why a waiting lead waits, by the API's `waitingFor.reason`, and what (if anything) to do. */
const WAITS: Record<WaitingReason, string> = {
  delay: "Waiting for the step's delay to pass",
  working_hours: "Waiting for the campaign's working hours",
  capacity: "Its sender reached today's or this week's limit",
  call_budget: "Its sender used today's budget of LinkedIn calls",
  invitation_acceptance: 'Invitation sent, waiting for it to be accepted',
  connection: 'The message waits for the connection',
  missing_variable: 'A variable of the message has no value: fill it, then resume the lead',
  sender_restricted:
    'LinkedIn restricted its sender: reconnect it on the Senders page, or give the lead another sender',
  sender_disconnected: "Its sender's session ended: reconnect it on the Senders page",
  sender_inactive: 'Its sender is switched off',
  sender_cooldown: 'LinkedIn answered its sender with a limit: the sender rests',
  sender_unavailable: 'Its sender could not act when last tried',
};

type LeadWaitView = Pick<Lead, 'internalStatus'> & Partial<Pick<Lead, 'waitingFor' | 'missingVariables'>>;

/** Why the lead waits and until when, from the lead view's `waitingFor`; its state otherwise. */
export function leadWaitReason(lead: LeadWaitView): string {
  const waiting = lead.waitingFor;
  if (!waiting) return STATES[lead.internalStatus];
  const detail = waiting.detail ? ` (${waiting.detail})` : '';
  const until = waiting.until ? `, until ${dateTime(waiting.until)}` : '';
  return `${WAITS[waiting.reason]}${detail}${until}.`;
}

/** The variables a paused lead lacks, in words; null when it lacks none. */
export function missingVariablesText(lead: LeadWaitView): string | null {
  const missing = lead.missingVariables ?? [];
  if (missing.length === 0) return null;
  return `Missing: ${missing.map((name) => `{{${name}}}`).join(', ')}. Give the lead the field or the campaign a default, or fix the template, then resume the lead.`;
}

export function leadName(
  lead: Pick<Lead, 'firstName' | 'lastName' | 'publicIdentifier'> & { name?: string | null },
): string {
  const full = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  return lead.name ?? (full || lead.publicIdentifier);
}
