import { inWorkSpan } from '@outreach/telemetry';
import type { ClaimedLead } from '../context/claimed-lead.js';
import type { LeadVerdict } from '../step-run/lead-verdict.js';
import type { RunnerMetrics } from './runner-metrics.js';

export const RUNNER_TRACER = '@outreach/runner';

/**
 * The bounded outcome of a step for the metrics: advanced, finished (its last step done), waiting
 * (settled on the same step, e.g. an invitation awaiting its answer), ended (completed, paused or
 * in error without advancing), postponed, handed_back or failed; `reason` is the lead's state for
 * waiting, ended and postponed.
 */
function outcomeOf(verdict: LeadVerdict | null): { outcome: string; reason: string } {
  if (verdict === null) return { outcome: 'failed', reason: 'none' };
  switch (verdict.kind) {
    case 'settle': {
      const { advanceBy, status, internalStatus } = verdict.settlement;
      if (advanceBy > 0) return { outcome: status === 'completed' ? 'finished' : 'advanced', reason: 'none' };
      // Settled on the same step: still running (an invitation waiting for its answer), or stopped.
      const running = status === 'active' || status === 'waiting';
      return { outcome: running ? 'waiting' : 'ended', reason: internalStatus };
    }
    case 'postpone':
      return { outcome: 'postponed', reason: verdict.postponement.internalStatus };
    case 'hand_back':
      return { outcome: 'handed_back', reason: 'none' };
  }
}

/**
 * Runs one claimed lead's step as a trace of its own (`runner.step`), linked to the request that
 * last started the campaign when it was traced (`startTraceparent`), and counts and times it when
 * metrics are kept. The span names the workspace, campaign and lead (a trace may: a metric label
 * may not); the metrics only the step's type and outcome. A null verdict is a step that failed or
 * lost its lease (`executeLead` logged which).
 */
export function observedStep(
  metrics: RunnerMetrics | undefined,
  claimed: ClaimedLead,
  run: () => Promise<LeadVerdict | null>,
): Promise<LeadVerdict | null> {
  const { lead, campaign } = claimed;
  const stepType = campaign.steps[lead.currentStep]?.type ?? 'none';
  return inWorkSpan(
    RUNNER_TRACER,
    'runner.step',
    {
      attributes: {
        'outreach.step.type': stepType,
        'outreach.step.index': lead.currentStep,
        'outreach.workspace.id': lead.workspaceId,
        'outreach.campaign.id': campaign.id,
        'outreach.lead.id': lead.id,
      },
      causes: [campaign.startTraceparent],
    },
    async (span) => {
      const end = metrics?.stepDuration.startTimer({ step_type: stepType });
      const verdict = await run();
      const { outcome, reason } = outcomeOf(verdict);
      span.setAttribute('outreach.step.outcome', outcome);
      if (reason !== 'none') span.setAttribute('outreach.step.reason', reason);
      end?.();
      metrics?.steps.inc({ step_type: stepType, outcome, reason });
      return verdict;
    },
  );
}
