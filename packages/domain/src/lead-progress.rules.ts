/**
 * How leads' progress follows a sequence edit. `currentStep` is the index of a lead's next step, so
 * inserting or deleting step k moves the pointers of leads beyond k, and leads at k get a different
 * next step. The adjustment is a short list of rules, so the data layer can run each as one bulk
 * update; `applyProgressRules` runs the same rules in memory and is what the tests exercise.
 */
import type { LeadProgress } from './model.types.js';
import type { LeadInternalStatus, LeadStatus } from './vocabulary.js';

/** Which leads a rule touches, by their state when the rule runs. */
export interface ProgressMatch {
  /** `eq`: exactly at this index; `gt`: beyond it. */
  currentStep: { eq: number } | { gt: number };
  statuses?: readonly LeadStatus[];
  internalStatuses?: readonly LeadInternalStatus[];
  excludeInternalStatuses?: readonly LeadInternalStatus[];
}

export interface ProgressRule {
  match: ProgressMatch;
  /** Added to `currentStep`. */
  shift: number;
  set?: { status?: LeadStatus; internalStatus?: LeadInternalStatus };
  /** The lead's next step changed, so its next action time must be computed again. */
  reschedule: boolean;
}

const PROCESSING: readonly LeadStatus[] = ['waiting', 'active'];

/**
 * Rules for inserting a step at `index` into a sequence of `oldLength` steps. Apply them in order:
 * the order guarantees that no lead matches two rules.
 * - Leads beyond `index` move one step on, so they keep their next step.
 * - A lead at `index` whose invitation is out (`invitation_pending`) is in the middle of that step,
 *   which moved one place down: it keeps it, and the new step lies behind it.
 * - Other waiting or active leads at `index` run the new step next.
 * - When the step is appended, leads that finished by running every step wait for the new one.
 *   Leads stopped by a reply (internalStatus `replied`) stay completed.
 */
export function progressRulesForInsert(index: number, oldLength: number): ProgressRule[] {
  const rules: ProgressRule[] = [
    { match: { currentStep: { gt: index } }, shift: 1, reschedule: false },
    {
      match: { currentStep: { eq: index }, internalStatuses: ['invitation_pending'] },
      shift: 1,
      reschedule: false,
    },
    {
      match: {
        currentStep: { eq: index },
        statuses: PROCESSING,
        excludeInternalStatuses: ['invitation_pending'],
      },
      shift: 0,
      set: { internalStatus: 'queued' },
      reschedule: true,
    },
  ];
  if (index === oldLength) {
    rules.push({
      match: { currentStep: { eq: index }, statuses: ['completed'], internalStatuses: ['finished'] },
      shift: 0,
      set: { status: 'waiting', internalStatus: 'queued' },
      reschedule: true,
    });
  }
  return rules;
}

/**
 * Rules for deleting the step at `index` from a sequence of `oldLength` steps. Apply them in order.
 * - Waiting or active leads at `index` lost their next step: they run the following one, or, when
 *   the last step was deleted, they have run every step and are finished.
 * - Leads beyond `index` move one step back, so they keep their next step.
 */
export function progressRulesForDelete(index: number, oldLength: number): ProgressRule[] {
  const atIndex: ProgressRule =
    index === oldLength - 1
      ? {
          match: { currentStep: { eq: index }, statuses: PROCESSING },
          shift: 0,
          set: { status: 'completed', internalStatus: 'finished' },
          reschedule: false,
        }
      : {
          match: { currentStep: { eq: index }, statuses: PROCESSING },
          shift: 0,
          set: { internalStatus: 'queued' },
          reschedule: true,
        };
  return [atIndex, { match: { currentStep: { gt: index } }, shift: -1, reschedule: false }];
}

export function matchesProgressRule(lead: LeadProgress, match: ProgressMatch): boolean {
  const position = match.currentStep;
  const atPosition = 'eq' in position ? lead.currentStep === position.eq : lead.currentStep > position.gt;
  return (
    atPosition &&
    (match.statuses?.includes(lead.status) ?? true) &&
    (match.internalStatuses?.includes(lead.internalStatus) ?? true) &&
    !(match.excludeInternalStatuses?.includes(lead.internalStatus) ?? false)
  );
}

export interface ProgressChange extends LeadProgress {
  reschedule: boolean;
}

/** Runs the rules over leads in memory and returns the leads that changed, in input order. */
export function applyProgressRules(
  leads: readonly LeadProgress[],
  rules: readonly ProgressRule[],
): ProgressChange[] {
  const changed = new Map<string, ProgressChange>();
  const state = leads.map((lead) => ({ ...lead }));
  for (const rule of rules) {
    for (const lead of state) {
      if (!matchesProgressRule(lead, rule.match)) continue;
      lead.currentStep += rule.shift;
      if (rule.set?.status !== undefined) lead.status = rule.set.status;
      if (rule.set?.internalStatus !== undefined) lead.internalStatus = rule.set.internalStatus;
      const reschedule = rule.reschedule || (changed.get(lead.id)?.reschedule ?? false);
      changed.set(lead.id, { ...lead, reschedule });
    }
  }
  return state.flatMap((lead) => changed.get(lead.id) ?? []);
}

/** Progress changes after inserting a step at `index` into a sequence of `oldLength` steps. */
export function progressAfterInsert(
  leads: readonly LeadProgress[],
  index: number,
  oldLength: number,
): ProgressChange[] {
  return applyProgressRules(leads, progressRulesForInsert(index, oldLength));
}

/** Progress changes after deleting the step at `index` from a sequence of `oldLength` steps. */
export function progressAfterDelete(
  leads: readonly LeadProgress[],
  index: number,
  oldLength: number,
): ProgressChange[] {
  return applyProgressRules(leads, progressRulesForDelete(index, oldLength));
}
