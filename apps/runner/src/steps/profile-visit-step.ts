import { stepCompleted, type LeadVerdict } from '../step-run/lead-verdict.js';
import { logExecutedAction, performAction } from '../step-run/perform-action.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import { resolvedLead } from '../step-run/provider-lead.js';
import { verdictForFailure, type StepRun } from '../step-run/step-run.js';

/**
 * Visits the lead's profile (the lead sees the visit); the step completes at once. What the profile
 * shows fills in the lead's empty fields (URL, names, headline, company, summary); what the user
 * gave is kept.
 */
export async function runProfileVisitStep(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, lead, account } = run;
  const member = await resolvedLead(run);
  if (!member.ok) return verdictForFailure(run, member.failure);
  // A resumed visit is simply made again: a second visit is harmless (no reconciliation).
  const attempt = await performAction(run, {
    action: 'profile_visit',
    prepare: async () => ({
      ok: true,
      variantId: null,
      call: () => ctx.network.visitProfile({ accountId: providerAccountOf(account), lead: member.value }),
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
