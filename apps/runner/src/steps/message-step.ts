import {
  enabledVariants,
  inmailApiOf,
  LEAD_OUTCOMES,
  pickByCounter,
  rotationCandidates,
  rotationPoolKey,
  type IcpMatcher,
} from '@outreach/domain';
import type { ProviderMessageResult, Relationship } from '@outreach/network';
import {
  handBack,
  postponeIntoWorkingHours,
  stepCompleted,
  type LeadVerdict,
} from '../step-run/lead-verdict.js';
import { performAction, settledWithAction, type PreparedAction } from '../step-run/perform-action.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import { leadRef, resolvedLead } from '../step-run/provider-lead.js';
import { networkRead, verdictForFailure, type NetworkRead, type StepRun } from '../step-run/step-run.js';
import { planMessage } from './message-plan.js';

/**
 * Message and screener steps. To a connection the message goes as a message; to anyone else as an
 * InMail when the sender account allows it, otherwise the lead waits for the connection. The body is
 * the variant chosen by rotation (kept on the lead, so a retry sends the same one), rendered, with
 * the step's `genericBody` as fallback; when neither renders, the lead is paused with
 * `missing_variable` and nothing is sent. A screener's replies are analysed when they arrive.
 */
export async function runMessageStep(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, lead, account, now } = run;
  const member = await resolvedLead(run);
  if (!member.ok) return verdictForFailure(run, member.failure);
  const { relationship: justRead, ...ref } = member.value;
  const accountId = providerAccountOf(account);
  const connected = await isConnection(run, justRead);
  if (!connected.ok) return verdictForFailure(run, connected.failure);
  const inmail = !connected.value;
  const inmailApi = inmailApiOf(account.tier);
  if (inmail && !canInmail(run)) {
    // Its acceptance wakes the lead; the recheck is a rare safety net (each one reads a profile).
    return postponeIntoWorkingHours(
      campaign,
      new Date(now.getTime() + ctx.options.connectionRecheckMs),
      'awaiting_connection',
    );
  }

  // What `prepare` composed, for the log and the conversation once the network took it.
  const sent: { content: string; variantId: string | null } = { content: '', variantId: null };
  const attempt = await performAction(run, {
    action: inmail ? 'inmail' : 'message',
    prepare: async (): Promise<PreparedAction<ProviderMessageResult>> => {
      const planned = await planMessage(run, assignedVariant);
      if ('moved' in planned) return { ok: false, verdict: handBack };
      if (!planned.ok) {
        ctx.logger.info(
          { leadId: lead.id, stepId: run.step.id, missing: planned.missing },
          'nothing to send',
        );
        await ctx.store.recordMessagePlan(lead.workspaceId, lead.id, run.owner, planned.plan);
        // The lead shows which variables to fix (`missingVariables`), not just that one is missing.
        const settlement = { advanceBy: 0, ...LEAD_OUTCOMES.missingVariable, nextActionAt: null };
        return {
          ok: false,
          verdict: { kind: 'settle', settlement: { ...settlement, missingVariables: planned.missing } },
          campaignConfirmed: planned.campaignConfirmed,
        };
      }
      sent.content = planned.text;
      sent.variantId = planned.variantId;
      return {
        ok: true,
        campaignConfirmed: planned.campaignConfirmed,
        variantId: planned.assignedVariantId,
        content: planned.text,
        ...(planned.plan === null ? {} : { plan: planned.plan }),
        call: (_key, _taken, deadline) =>
          ctx.network.sendMessage({
            accountId,
            lead: ref,
            content: planned.text,
            inmail: inmail ? 'when_not_connected' : 'never',
            ...(inmail && inmailApi !== null ? { inmailApi } : {}),
            deadline,
          }),
        // A resumed attempt sends the text recorded with its pending key (see `planMessage`), so
        // the provider is asked about exactly that text.
        reconcile: async (since) => {
          const outcome = await ctx.network.reconcileMessage({
            accountId,
            lead: ref,
            content: planned.text,
            since,
          });
          if (outcome === 'not_sent') return null;
          return {
            messageId: `reconciled:${lead.id}:${run.step.id}:${since.toISOString()}`,
            chatId: '',
            providerId: ref.providerId ?? '',
            channel: inmail ? 'inmail' : 'message',
            sentAt: since,
          };
        },
      };
    },
  });
  if (attempt.kind === 'held') return attempt.verdict;
  if (attempt.kind === 'failed') return verdictForFailure(run, attempt.failure);

  const { messageId, sentAt } = attempt.result;
  // The action is logged by the lead's settlement; the message joins the lead's conversation with
  // the action's other derived records.
  return settledWithAction(run, stepCompleted(campaign, lead.currentStep, sentAt), {
    type: inmail ? 'inmail_sent' : 'message_sent',
    idempotencyKey: attempt.idempotencyKey,
    variantId: sent.variantId,
    at: sentAt,
    sentMessage: { content: sent.content, externalId: messageId },
  });
}

/**
 * The variant this lead gets at this step: the one already assigned (a retry), else the next turn
 * of the atomic rotation counter of the lead's pool of candidates (each pool of the step takes
 * turns of its own, so ICP-matched traffic does not skew the split of the general variants), taken
 * by the write that confirms the campaign still runs the step. A null variant when the step has no
 * enabled variant (the generic body is then the message); null when the campaign moved on.
 */
async function assignedVariant(
  run: StepRun,
  icpMatcher: IcpMatcher,
): Promise<{ variantId: string | null; turnTaken: boolean } | null> {
  const { ctx, campaign, step, lead } = run;
  const assigned = lead.assignedVariants[step.id];
  if (assigned !== undefined && step.variants.some((variant) => variant.id === assigned))
    return { variantId: assigned, turnTaken: false };
  if (enabledVariants(step.variants).length === 0) return { variantId: null, turnTaken: false };
  const candidates = rotationCandidates(step.variants, lead, icpMatcher);
  const turn = await ctx.store.nextRotation(
    lead.workspaceId,
    campaign.id,
    { id: step.id, index: lead.currentStep },
    rotationPoolKey(candidates),
  );
  if (turn === null) return null;
  return { variantId: pickByCounter(candidates, turn)?.id ?? null, turnTaken: true };
}

/**
 * Whether the lead is a connection, from what the service knows before asking LinkedIn: a lead past
 * an invitation step of this campaign got there by an acceptance (or was found connected), and a
 * relationship the resolution of the lead just read is fresh. Only otherwise is it read (a profile
 * retrieval, from the account's daily allowance).
 */
async function isConnection(run: StepRun, justRead: Relationship | undefined): Promise<NetworkRead<boolean>> {
  const { ctx, campaign, lead, account } = run;
  const passedInvitation = campaign.steps
    .slice(0, lead.currentStep)
    .some((step) => step.type === 'invitation');
  if (passedInvitation) return { ok: true, value: true };
  if (justRead !== undefined) return { ok: true, value: justRead === 'connected' };
  const read = await networkRead(run, () =>
    ctx.network.getRelationship({ accountId: providerAccountOf(account), lead: leadRef(lead) }),
  );
  return read.ok ? { ok: true, value: read.value === 'connected' } : read;
}

/**
 * An InMail goes only from an account that has the product (not a free one), allows it, and has
 * credits left by its last balance (the monthly limit counts the rest, in `reserveCapacity`).
 */
function canInmail(run: StepRun): boolean {
  const { account } = run;
  const api = inmailApiOf(account.tier);
  if (api === null || !account.inmailAllowed) return false;
  const credits = account.inmailBalance?.[api];
  return credits === undefined || credits === null || credits > 0;
}
