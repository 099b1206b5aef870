import type {
  IcpDecisionRecord,
  LeadInternalStatus,
  LeadStatus,
  VariantChoiceRecord,
} from '@outreach/domain';
import type { ActionToLog } from '../action/action.schema.js';

/** What the runner reports about a claimed lead's step (`LeadLeaseRepository.completeStep`). */
export interface StepOutcome {
  /** How many steps to advance `currentStep` by: 1 normally, more to skip, 0 to stay. */
  advanceBy?: number;
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  /** When to look at the lead again; null when it is no longer runnable. */
  nextActionAt: Date | null;
  /** The sender account that acted for the lead, when it changed. */
  accountId?: string;
  /** The invitation of the current step went out (or was found pending) at this time. */
  invitationSentAt?: Date;
  /** The provider's id of that invitation, when it answered one. */
  invitationId?: string;
  /** The invitation of the current step was withdrawn at this time (kept with `invitationSentAt`). */
  invitationWithdrawnAt?: Date;
  /** With `missing_variable`: the variables without a value. Any other outcome clears them. */
  missingVariables?: readonly string[];
  /** The lead's member id at the provider, learnt during the step (stored with the outcome). */
  providerId?: string;
  /**
   * The step's executed action, logged by this same write (`ActionRepository.toLog`): the action
   * log's follower moves it into the log with its derived records.
   */
  loggedAction?: ActionToLog;
}

/** How one step's message was made, kept on the lead (each field merged into what is stored). */
export interface MessagePlan {
  stepId: string;
  choice: VariantChoiceRecord;
  /** Decisions made for this step; decisions already stored stay. */
  icpDecisions: Record<string, IcpDecisionRecord>;
}

export function planFields(plan: MessagePlan): Record<string, unknown> {
  const fields: Record<string, unknown> = { [`variantChoices.${plan.stepId}`]: plan.choice };
  for (const [key, decision] of Object.entries(plan.icpDecisions)) fields[`icpDecisions.${key}`] = decision;
  return fields;
}
