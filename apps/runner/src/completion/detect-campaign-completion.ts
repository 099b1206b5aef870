import {
  reviewActiveCampaign,
  totalLeads,
  transitionKeys,
  type CampaignLeadSignal,
  type LeadStatusCounts,
} from '@outreach/domain';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerCampaign } from '../store/runner-store.port.js';

/**
 * Looks at an active campaign's leads. With no lead left waiting, `campaign_without_leads` fires;
 * with none waiting or active either, and none paused until a template is fixed
 * (`missing_variable`: their sequence is not done), `campaign_completed` fires and the campaign
 * becomes completed. Each event is keyed by the campaign's activation and its leads' generation (how many
 * times it was given waiting leads again), so it fires once per real transition however often (and
 * by however many runners) the check runs: a campaign that runs out of leads, is given new ones and
 * runs out again fires again. The event is written before the status
 * change, so a crash between the two repeats the (idempotent) write instead of losing the event.
 * The completion itself is conditional on the activation and leads generation read before the
 * leads were looked at: leads imported while the check ran keep the campaign active.
 *
 * The check asks whether any lead is waiting (then whether any is active): one indexed read each
 * that stops at the first match, so its cost does not grow with the campaign. Leads are counted
 * only for the completion event's `totalLeads`, once per activation.
 *
 * `recorded` remembers the signals this process already wrote, sparing the outbox a duplicate
 * insert on every later check of a campaign that keeps running without new leads.
 */
export async function detectCampaignCompletion(
  ctx: RunnerContext,
  campaign: RunnerCampaign,
  recorded: Set<string>,
): Promise<void> {
  const presence = await leadPresence(ctx, campaign);
  const review = reviewActiveCampaign(campaign.status, presence.counts, presence.awaitingFix);
  const now = ctx.clock();
  for (const signal of review.signals) {
    const memo = `${signal}:${campaign.id}:${campaign.activation}:${campaign.leadsGeneration}`;
    if (recorded.has(memo)) continue;
    await recordSignal(ctx, campaign, signal, now);
    if (
      signal === 'campaign_completed' &&
      (await ctx.store.completeCampaign(campaign.workspaceId, campaign.id, {
        activation: campaign.activation,
        leadsGeneration: campaign.leadsGeneration,
      }))
    ) {
      ctx.logger.info({ campaignId: campaign.id }, 'campaign completed');
    }
    recorded.add(memo);
  }
}

/**
 * What the completion rule reads of the counts: whether there are waiting and active leads, and
 * leads paused until a template is fixed (1 or 0 stand for "some" and "none"). Each is looked for
 * only when the ones before it found none.
 */
async function leadPresence(
  ctx: RunnerContext,
  campaign: RunnerCampaign,
): Promise<{ counts: LeadStatusCounts; awaitingFix: number }> {
  if (campaign.status !== 'active') return { counts: {}, awaitingFix: 0 };
  const has = (status: 'waiting' | 'active') =>
    ctx.store.hasLeadWithStatus(campaign.workspaceId, campaign.id, [status]);
  if (await has('waiting')) return { counts: { waiting: 1 }, awaitingFix: 0 };
  if (await has('active')) return { counts: { waiting: 0, active: 1 }, awaitingFix: 0 };
  const awaitingFix = await ctx.store.hasLeadAwaitingFix(campaign.workspaceId, campaign.id);
  return { counts: { waiting: 0, active: 0 }, awaitingFix: awaitingFix ? 1 : 0 };
}

async function recordSignal(
  ctx: RunnerContext,
  campaign: RunnerCampaign,
  signal: CampaignLeadSignal,
  now: Date,
): Promise<void> {
  const base = { workspaceId: campaign.workspaceId, occurredAt: now };
  if (signal === 'campaign_without_leads') {
    await ctx.store.recordEvent({
      ...base,
      type: 'campaign_without_leads',
      transitionKey: transitionKeys.campaignWithoutLeads(
        campaign.id,
        campaign.activation,
        campaign.leadsGeneration,
      ),
      data: { campaignId: campaign.id, name: campaign.name, detectedAt: now.toISOString() },
    });
    return;
  }
  const counts = await ctx.store.countLeadsByStatus(campaign.workspaceId, campaign.id);
  await ctx.store.recordEvent({
    ...base,
    type: 'campaign_completed',
    transitionKey: transitionKeys.campaignCompleted(
      campaign.id,
      campaign.activation,
      campaign.leadsGeneration,
    ),
    data: {
      campaignId: campaign.id,
      name: campaign.name,
      totalLeads: totalLeads(counts),
      completedAt: now.toISOString(),
    },
  });
}
