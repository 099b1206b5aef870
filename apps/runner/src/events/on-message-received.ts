import {
  leadStateAfterReply,
  tagEventType,
  toEventLead,
  transitionKeys,
  VARIANT_STEP_TYPES,
  type StepDef,
  type StepType,
} from '@outreach/domain';
import type { MessageReceivedEvent } from '@outreach/network';
import type { RunnerContext } from '../context/runner-context.js';
import type {
  LeadStateChange,
  RunnerAccount,
  RunnerCampaign,
  RunnerLead,
} from '../store/runner-store.port.js';
import { screenReply, tagAnalysisOf } from '../screener/screen-reply.js';
import { changeLeadIfUnchanged } from './change-lead-if-unchanged.js';

/**
 * A lead wrote to the account. The message joins the lead's conversation (once, by the network's
 * message id), `message_received` fires, the reply is logged for analytics against the message step
 * it answers, a screener's reply is analysed into a tag, and when the step the lead would run next
 * has `stopOnReply` the lead is completed with `replied`.
 */
export async function onMessageReceived(
  ctx: RunnerContext,
  account: RunnerAccount,
  event: MessageReceivedEvent,
): Promise<void> {
  const leads = await ctx.store.findAccountLeads(account.workspaceId, account.id, event.publicIdentifier);
  const lead = replyingLead(leads);
  if (lead === undefined) {
    ctx.logger.debug(
      { accountId: account.id, publicIdentifier: event.publicIdentifier },
      'message from a non-lead',
    );
    return;
  }
  const campaign = await ctx.store.getCampaign(lead.workspaceId, lead.campaignId);
  const { messageId, conversationUrn, created } = await ctx.store.recordReceivedMessage(lead.workspaceId, {
    campaignId: lead.campaignId,
    leadId: lead.id,
    accountId: account.id,
    externalId: event.messageId,
    content: event.content,
    receivedAt: event.occurredAt,
  });
  await ctx.store.recordEvent({
    type: 'message_received',
    transitionKey: transitionKeys.messageReceived(messageId),
    workspaceId: lead.workspaceId,
    occurredAt: event.occurredAt,
    data: {
      campaignId: lead.campaignId,
      leadId: lead.id,
      accountId: account.id,
      lead: toEventLead(lead),
      conversationUrn,
      messageId,
      content: event.content,
      receivedAt: event.occurredAt.toISOString(),
    },
  });
  if (campaign === null) return;

  const answered = answeredStep(campaign, lead);
  await ctx.store.logAction({
    idempotencyKey: `${messageId}:reply`,
    workspaceId: lead.workspaceId,
    campaignId: lead.campaignId,
    leadId: lead.id,
    accountId: account.id,
    stepId: answered?.id ?? null,
    variantId: answered === undefined ? null : (lead.assignedVariants[answered.id] ?? null),
    type: 'reply_received',
    at: event.occurredAt,
  });
  if (answered?.type === 'screener') await tagFromScreenerReply(ctx, lead, answered, event);

  // Only a message seen for the first time moves the lead on: a feed re-read after a crash must
  // not judge an old reply against the step the lead has reached since. The judgement is written
  // only over the lead it was made from: a user's change made meanwhile is judged again, not lost.
  if (!created) return;
  await changeLeadIfUnchanged(ctx, lead, (fresh) => stopAfterReply(fresh, campaign));
}

/** Completed with `replied` when the lead's next step stops on reply; null when nothing changes. */
function stopAfterReply(lead: RunnerLead, campaign: RunnerCampaign): LeadStateChange | null {
  const after = leadStateAfterReply(lead, campaign.steps);
  if (after.status === lead.status && after.internalStatus === lead.internalStatus) return null;
  return { ...after, nextActionAt: null };
}

/**
 * The lead a message comes from when the profile is a lead of several campaigns of this account:
 * one still in its sequence first, then the most recently added.
 */
function replyingLead(leads: readonly RunnerLead[]): RunnerLead | undefined {
  const running = (lead: RunnerLead) => (['waiting', 'active', 'paused'].includes(lead.status) ? 1 : 0);
  return [...leads].sort((a, b) => running(b) - running(a) || b.id.localeCompare(a.id))[0];
}

/** The last message or screener step the lead has completed: the one its reply answers. */
function answeredStep(campaign: RunnerCampaign, lead: RunnerLead): StepDef | undefined {
  const sent = VARIANT_STEP_TYPES as readonly StepType[];
  return campaign.steps
    .slice(0, lead.currentStep)
    .filter((step) => sent.includes(step.type))
    .at(-1);
}

/**
 * Tags the lead from its answer to a screener (see `screenReply`); the event's `analysis` says why.
 * The event is written before the tag so that a crash
 * between the two cannot lose it (a second run writes the same event id again, which adds nothing).
 */
async function tagFromScreenerReply(
  ctx: RunnerContext,
  lead: RunnerLead,
  screener: StepDef,
  event: MessageReceivedEvent,
): Promise<void> {
  const analysis = await screenReply(ctx, lead, screener, event.content);
  const { tag } = analysis;
  if (tag === null || lead.tags.includes(tag)) return;
  await ctx.store.recordEvent({
    type: tagEventType(tag),
    transitionKey: transitionKeys.leadTagged(lead.id),
    workspaceId: lead.workspaceId,
    occurredAt: event.occurredAt,
    data: {
      campaignId: lead.campaignId,
      leadId: lead.id,
      lead: toEventLead(lead),
      tag,
      source: 'screener',
      analysis: tagAnalysisOf(analysis),
      taggedAt: event.occurredAt.toISOString(),
    },
  });
  await ctx.store.addLeadTag(lead.workspaceId, lead.id, tag);
}
