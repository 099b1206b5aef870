import { stepCompleted, type LeadVerdict } from '../leads/lead-verdict.js';
import { logExecutedAction, performAction } from '../leads/perform-action.js';
import { verdictForFailure, type StepRun } from '../leads/step-run.js';

/**
 * Visits the lead's profile (the lead sees the visit); the step completes at once. What the profile
 * shows fills in the lead's empty fields (URL, names, headline, company, summary); what the user
 * gave is kept.
 */
export async function runProfileVisitStep(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, lead, account } = run;
  const attempt = await performAction(run, {
    action: 'profile_visit',
    prepare: async () => ({
      ok: true,
      variantId: null,
      call: (idempotencyKey) =>
        ctx.network.visitProfile({
          accountId: account.id,
          publicIdentifier: lead.publicIdentifier,
          idempotencyKey,
        }),
    }),
  });
  if (attempt.kind === 'held') return attempt.verdict;
  if (attempt.kind === 'failed') return verdictForFailure(run, attempt.failure);

  const { visitedAt, profile } = attempt.result;
  await ctx.store.fillLeadProfile(lead.workspaceId, lead.id, {
    networkUrl: profile.networkUrl,
    firstName: profile.firstName,
    lastName: profile.lastName,
    name: `${profile.firstName} ${profile.lastName}`.trim(),
    headline: profile.headline,
    companyName: profile.companyName,
    summary: profile.summary,
  });
  await logExecutedAction(run, {
    type: 'profile_visited',
    idempotencyKey: attempt.idempotencyKey,
    variantId: null,
    at: visitedAt,
  });
  return stepCompleted(campaign, lead.currentStep, visitedAt);
}
