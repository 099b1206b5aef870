import { isLeaseLost } from '../store/lease-lost.js';
import { learnedFacts, type ClaimedLead } from '../context/claimed-lead.js';
import type { RunnerContext } from '../context/runner-context.js';
import { retryDelayMs } from '../network-failures/retry-backoff.js';
import { judgeLead } from './judge-lead.js';
import type { LeadVerdict } from '../step-run/lead-verdict.js';

/**
 * Runs one claimed lead to its verdict and writes the verdict under the lease. A lease lost on the
 * way (it expired and another runner took the lead, or the user changed the lead's status) means
 * the lead is someone else's now: nothing more is written. Any other failure gives the lead back
 * for a later try rather than leaving it leased until the lease runs out.
 */
export async function executeLead(ctx: RunnerContext, claimed: ClaimedLead): Promise<LeadVerdict | null> {
  const { lead, owner, learned } = claimed;
  try {
    const verdict = await judgeLead(ctx, claimed);
    await applyVerdict(ctx, claimed, verdict);
    return verdict;
  } catch (error) {
    if (isLeaseLost(error)) {
      ctx.logger.info({ leadId: lead.id }, 'lead taken over while its step ran; nothing more written');
      return null;
    }
    ctx.logger.error({ err: error, leadId: lead.id }, 'lead step failed; retrying later');
    const { retryBaseMs, retryMaxMs } = ctx.options;
    const retryAt = new Date(
      ctx.clock().getTime() + retryDelayMs(lead.id, lead.attempts, retryBaseMs, retryMaxMs),
    );
    await ctx.store
      .releaseLead(
        lead.workspaceId,
        lead.id,
        owner,
        { nextActionAt: retryAt, internalStatus: lead.internalStatus },
        learnedFacts(learned),
      )
      .catch((releaseError: unknown) =>
        ctx.logger.error({ err: releaseError, leadId: lead.id }, 'release failed'),
      );
    return null;
  }
}

async function applyVerdict(
  ctx: RunnerContext,
  { lead, owner, learned }: ClaimedLead,
  verdict: LeadVerdict,
): Promise<void> {
  const { store } = ctx;
  // The verdict's write also stores what the step learnt about the lead on its way.
  const facts = learnedFacts(learned);
  switch (verdict.kind) {
    case 'settle':
      await store.settleLead(lead.workspaceId, lead.id, owner, { ...verdict.settlement, ...facts });
      return;
    case 'postpone':
      if (verdict.clearPendingAction) {
        // Settling without advancing is the write that also forgets the pending key.
        await store.settleLead(lead.workspaceId, lead.id, owner, {
          advanceBy: 0,
          status: lead.status,
          ...verdict.postponement,
          ...facts,
        });
      } else {
        await store.releaseLead(lead.workspaceId, lead.id, owner, verdict.postponement, facts);
      }
      return;
    case 'hand_back':
      if (verdict.heldUntil === undefined)
        await store.releaseLead(lead.workspaceId, lead.id, owner, undefined, facts);
      else await store.giveBackLead(lead.workspaceId, lead.id, owner, verdict.heldUntil);
      return;
  }
}
