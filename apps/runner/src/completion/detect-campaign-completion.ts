import { reviewActiveCampaign, transitionKeys, type CampaignLeadSignal } from '@outreach/domain';
import type { RunnerContext } from '../runner/runner-context.js';
import type { RunnerCampaign } from '../store/runner-store.port.js';

/**
 * Looks at an active campaign's leads. With no lead left waiting, `campaign_without_leads` fires;
 * with none waiting or active either, `campaign_completed` fires and the campaign becomes
 * completed. Each event is keyed by the campaign's activation, so it fires once per start however
 * often (and by however many runners) the check runs. The event is written before the status
 * change, so a crash between the two repeats the (idempotent) write instead of losing the event.
 *
 * `recorded` remembers the signals this process already wrote, sparing the outbox a duplicate
 * insert on every later check of a campaign that keeps running without new leads.
 */
export async function detectCampaignCompletion(
  ctx: RunnerContext,
  campaign: RunnerCampaign,
  recorded: Set<string>,
): Promise<void> {
  const counts = await ctx.store.countLeadsByStatus(campaign.workspaceId, campaign.id);
  const review = reviewActiveCampaign(campaign.status, counts);
  const now = ctx.clock();
  for (const signal of review.signals) {
    const memo = `${signal}:${campaign.id}:${campaign.activation}`;
    if (recorded.has(memo)) continue;
    await recordSignal(
      ctx,
      campaign,
      signal,
      now,
      Object.values(counts).reduce((sum, count) => sum + count, 0),
    );
    if (
      signal === 'campaign_completed' &&
      (await ctx.store.completeCampaign(campaign.workspaceId, campaign.id))
    ) {
      ctx.logger.info({ campaignId: campaign.id }, 'campaign completed');
    }
    recorded.add(memo);
  }
}

async function recordSignal(
  ctx: RunnerContext,
  campaign: RunnerCampaign,
  signal: CampaignLeadSignal,
  now: Date,
  totalLeads: number,
): Promise<void> {
  const base = { workspaceId: campaign.workspaceId, occurredAt: now };
  if (signal === 'campaign_without_leads') {
    await ctx.store.recordEvent({
      ...base,
      type: 'campaign_without_leads',
      transitionKey: transitionKeys.campaignWithoutLeads(campaign.id, campaign.activation),
      data: { campaignId: campaign.id, name: campaign.name, detectedAt: now.toISOString() },
    });
  } else {
    await ctx.store.recordEvent({
      ...base,
      type: 'campaign_completed',
      transitionKey: transitionKeys.campaignCompleted(campaign.id, campaign.activation),
      data: { campaignId: campaign.id, name: campaign.name, totalLeads, completedAt: now.toISOString() },
    });
  }
}
