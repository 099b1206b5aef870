import { toEventLead, transitionKeys, type StepDef } from '@outreach/domain';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerLead } from '../store/runner-store.port.js';

/**
 * Records that a lead accepted the invitation of `step`: the `connection_request_accepted` event
 * and the `invitation_accepted` action (what `invitationsAccepted` counts, in the campaign's
 * counters, the roll-ups and the analytics), then marks the lead accepted (`invitationAcceptedAt`,
 * set once by a conditional update). The event and the action are keyed by (lead, step), so
 * whichever path learns of the acceptance first (the event poll, or the runner looking at the
 * invitation) records it and the other adds nothing; a lead already marked is not recorded again
 * (even against another step). The mark comes last: a handler that dies before it is retried and
 * writes the same keys again, which adds nothing. Nothing here changes the lead's status.
 */
export async function recordInvitationAccepted(
  ctx: RunnerContext,
  acceptance: { lead: RunnerLead; step: Pick<StepDef, 'id'>; accountId: string; acceptedAt: Date },
): Promise<void> {
  const { lead, step, accountId, acceptedAt } = acceptance;
  if (lead.invitationAcceptedAt !== undefined) return;
  await ctx.store.recordEvent({
    type: 'connection_request_accepted',
    transitionKey: transitionKeys.connectionRequestAccepted(lead.id, step.id),
    workspaceId: lead.workspaceId,
    occurredAt: acceptedAt,
    data: {
      campaignId: lead.campaignId,
      leadId: lead.id,
      accountId,
      lead: toEventLead(lead),
      acceptedAt: acceptedAt.toISOString(),
    },
  });
  await ctx.store.logAction({
    idempotencyKey: `${lead.id}:${step.id}:accepted`,
    workspaceId: lead.workspaceId,
    campaignId: lead.campaignId,
    leadId: lead.id,
    accountId,
    stepId: step.id,
    variantId: null,
    type: 'invitation_accepted',
    at: acceptedAt,
  });
  await ctx.store.markInvitationAccepted(lead.workspaceId, lead.id, acceptedAt);
}
