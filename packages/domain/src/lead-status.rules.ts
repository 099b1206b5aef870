/**
 * Lead statuses. The API accepts any of the five statuses by hand; the runner moves leads through
 * named outcomes, so a status and its reason (`internalStatus`) always travel together.
 */
import { DomainError } from './errors.js';
import type { LeadProgress, StepDef } from './model.types.js';
import { LEAD_STATUSES, type LeadInternalStatus, type LeadStatus } from './vocabulary.js';

export interface LeadState {
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
}

/** Outcomes the runner records, with the status each one leaves the lead in. */
export const LEAD_OUTCOMES = {
  /** Ran every step. */
  finished: { status: 'completed', internalStatus: 'finished' },
  /** Replied while the next step stops on reply. */
  replied: { status: 'completed', internalStatus: 'replied' },
  /** The invitation was not accepted within the campaign's timeout. */
  invitationExpired: { status: 'completed', internalStatus: 'invitation_expired' },
  /** Blocked at workspace or campaign level: receives nothing more from this campaign. */
  blocked: { status: 'completed', internalStatus: 'blocked' },
  /** No template of the step could be rendered; waits for a fix and a resume. */
  missingVariable: { status: 'paused', internalStatus: 'missing_variable' },
  /** The network failed in a way retries did not cure. */
  networkError: { status: 'error', internalStatus: 'network_error' },
} as const satisfies Record<string, LeadState>;

export function assertLeadStatus(value: unknown): asserts value is LeadStatus {
  if (!(LEAD_STATUSES as readonly unknown[]).includes(value)) {
    throw new DomainError('invalid_input', `status must be one of ${LEAD_STATUSES.join(', ')}`, {
      field: 'status',
      allowed: LEAD_STATUSES,
    });
  }
}

/**
 * The state after `PUT /v1/leads/{id}/status`. Any status may be set from any other. Paused leads
 * are skipped; waiting or active resumes a lead (queued: the runner plans its next step again);
 * completed and error are final until set again. Setting error by hand keeps the last reason, as no
 * reason describes it better.
 */
export function leadStatusSetByUser(current: LeadState, next: unknown): LeadState {
  assertLeadStatus(next);
  switch (next) {
    case 'paused':
      return { status: next, internalStatus: 'paused_by_user' };
    case 'waiting':
    case 'active':
      return { status: next, internalStatus: 'queued' };
    case 'completed':
      return { status: next, internalStatus: 'finished' };
    case 'error':
      return { status: next, internalStatus: current.internalStatus };
  }
}

/** The step a lead runs next, or null once it ran every step. */
export function nextStepOf(
  lead: Pick<LeadProgress, 'currentStep'>,
  steps: readonly StepDef[],
): StepDef | null {
  return [...steps].sort((a, b) => a.order - b.order)[lead.currentStep] ?? null;
}

/**
 * The lead's state after it replied: completed with `replied` when the step it would run next has
 * `stopOnReply`; unchanged otherwise (including when it already ran every step).
 */
export function leadStateAfterReply(lead: LeadProgress, steps: readonly StepDef[]): LeadState {
  const next = nextStepOf(lead, steps);
  const running = lead.status === 'waiting' || lead.status === 'active' || lead.status === 'paused';
  if (running && next?.stopOnReply) return LEAD_OUTCOMES.replied;
  return { status: lead.status, internalStatus: lead.internalStatus };
}
