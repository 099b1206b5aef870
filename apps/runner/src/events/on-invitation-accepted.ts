import { normalizePublicIdentifier } from '@outreach/domain';
import type { InvitationAcceptedEvent } from '@outreach/network';
import type { RunnerContext } from '../context/runner-context.js';
import type {
  LeadStateChange,
  RunnerAccount,
  RunnerCampaign,
  RunnerLead,
} from '../store/runner-store.port.js';
import { changeLeadIfUnchanged } from './change-lead-if-unchanged.js';
import { recordInvitationAccepted } from './record-invitation-accepted.js';

/**
 * An invitation of this account was accepted. Each lead of the account with that profile whose
 * invitation step is out gets its acceptance recorded (event and action, once per lead: see
 * `recordInvitationAccepted`) and is made due now: the step itself is completed by the runner that
 * claims it, under a lease, like every other change of a lead's progress. The network reports
 * acceptances up to hours late (a reply comes at once): a lead that left the wait meanwhile while
 * still on the invitation step whose invitation went out (it replied, its invitation expired, a
 * user stopped or paused it, its invitation was withdrawn) has the acceptance recorded all the
 * same, and keeps its state: a late acceptance counts, it does not reopen the lead. A lead whose invitation step was deleted while
 * the invitation was out is made due too (its new step runs now, not at the invitation's
 * timeout), and so are leads whose message step waits for the connection. A lead changed since it
 * was read (paused by a user, moved on by a runner) is judged again from a fresh read, never
 * overwritten.
 */
export async function onInvitationAccepted(
  ctx: RunnerContext,
  account: RunnerAccount,
  event: InvitationAcceptedEvent,
): Promise<void> {
  const now = ctx.clock();
  const leads = await acceptingLeads(ctx, account, event);
  for (const lead of leads) {
    if (lead.internalStatus === 'awaiting_connection') {
      await changeLeadIfUnchanged(ctx, lead, (fresh) => wakeWaitingForConnection(fresh, now));
      continue;
    }
    const campaign = await ctx.store.getCampaign(lead.workspaceId, lead.campaignId);
    const step = campaign?.steps[lead.currentStep];
    if (campaign === null || step === undefined) continue;
    if (lead.internalStatus !== 'invitation_pending') {
      if (step.type === 'invitation' && lead.invitationSentAt !== null)
        await recordInvitationAccepted(ctx, {
          lead,
          step,
          accountId: account.id,
          acceptedAt: event.occurredAt,
        });
      continue;
    }
    // A lead whose invitation step was deleted while the invitation was out waits on the step that
    // took its place until the invitation's timeout: the acceptance lets that step run now.
    if (step.type === 'invitation')
      await recordInvitationAccepted(ctx, {
        lead,
        step,
        accountId: account.id,
        acceptedAt: event.occurredAt,
      });
    await changeLeadIfUnchanged(ctx, lead, (fresh) => wakePendingInvitation(fresh, campaign, now));
  }
}

/**
 * The leads the acceptance is about: by the member id the provider reports first (the id the
 * runner stored when it invited), then by the public identifier normalised as leads store it, for
 * leads whose member id is not known; LinkedIn may spell the identifier with another case or
 * encoding than the user typed (issue 21, finding 10).
 */
async function acceptingLeads(
  ctx: RunnerContext,
  account: RunnerAccount,
  event: InvitationAcceptedEvent,
): Promise<RunnerLead[]> {
  const byId = event.providerId
    ? await ctx.store.findAccountLeadsByProviderId(account.workspaceId, account.id, event.providerId)
    : [];
  const byName = await ctx.store.findAccountLeads(
    account.workspaceId,
    account.id,
    normalizePublicIdentifier(event.publicIdentifier),
  );
  const seen = new Set(byId.map((lead) => lead.id));
  return [...byId, ...byName.filter((lead) => !seen.has(lead.id) && !lead.providerId)];
}

function wakeWaitingForConnection(lead: RunnerLead, now: Date): LeadStateChange | null {
  if (lead.internalStatus !== 'awaiting_connection') return null;
  return { status: lead.status, internalStatus: 'queued', nextActionAt: now };
}

/**
 * Due now, as it was: the runner completes the invitation step, or runs the step that replaced a
 * deleted one (the lead is a connection now).
 */
function wakePendingInvitation(
  lead: RunnerLead,
  campaign: RunnerCampaign,
  now: Date,
): LeadStateChange | null {
  const pending =
    lead.internalStatus === 'invitation_pending' && campaign.steps[lead.currentStep] !== undefined;
  return pending ? { status: lead.status, internalStatus: 'invitation_pending', nextActionAt: now } : null;
}
