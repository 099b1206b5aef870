import type { components } from '@outreach/client';

type Lead = components['schemas']['Lead'];
type InternalStatus = components['schemas']['LeadInternalStatus'];

/**
 * Why a lead is where it is, in words, from its internal status. The one place to extend once the
 * lead view carries its own explanation (the API is gaining "why a waiting lead waits").
 */
const REASONS: Record<InternalStatus, string> = {
  queued: 'Queued: the next step runs at the next free slot.',
  awaiting_delay: "Waiting for the step's delay to pass.",
  awaiting_working_hours: "Waiting for the campaign's working hours.",
  awaiting_capacity: "Waiting for its sender's limit to free up.",
  awaiting_budget: "Waiting for its sender's budget of LinkedIn reads to free up.",
  invitation_pending: 'Invitation sent; waiting for it to be accepted.',
  awaiting_connection: 'Waiting for the invitation to be accepted.',
  already_connected: 'Already connected: the invitation step is skipped.',
  replied: 'Replied: the sequence stopped.',
  blocked: 'On a block list: nothing is sent.',
  sender_unavailable: 'Its sender is disconnected: reconnect it on the Senders page.',
  sender_restricted: 'LinkedIn restricted its sender: reconnect it, or give the lead another sender.',
  missing_variable: 'A template variable has no value for this lead.',
  invitation_expired: 'The invitation expired without an answer.',
  network_error: 'The network refused an action; it will be retried.',
  paused_by_user: 'Paused by you.',
  finished: 'Finished the sequence.',
};

/** Why the lead waits, with until when when the API says; its status in words otherwise. */
export function leadWaitReason(
  lead: Pick<Lead, 'internalStatus'> & Partial<Pick<Lead, 'waitingFor'>>,
): string {
  const reason = REASONS[lead.internalStatus];
  const waiting = lead.waitingFor;
  if (!waiting) return reason;
  const until = waiting.until ? ` Until ${new Date(waiting.until).toLocaleString()}.` : '';
  const detail = waiting.detail ? ` (${waiting.detail})` : '';
  return `${reason}${detail}${until}`;
}

export function leadName(
  lead: Pick<Lead, 'firstName' | 'lastName' | 'publicIdentifier'> & { name?: string | null },
): string {
  const full = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  return lead.name ?? (full || lead.publicIdentifier);
}
