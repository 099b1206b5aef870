import type { AddLeadsResult } from '@outreach/contract';
import type { AddLeadsBody, LeadInput } from '../inputs.js';
import type { Campaign, NewLead } from '@outreach/db';
import { assignNewLeads, planLeadImport, resolvePublicIdentifier } from '@outreach/domain';
import { pauseIfCompleted } from '../campaigns/campaign-transition.js';
import { plural, requireCampaign, type OperationContext } from '../context.js';
import { redistributeLeads } from './redistribute-leads.js';

/**
 * Adds leads to a campaign. Identifiers are normalised (or taken from the profile URL); a lead
 * blocked for the workspace or for this campaign is not added; one already in the campaign, or
 * repeated in the request, counts as a duplicate. New leads go to the campaign's senders with the
 * fewest leads, one by one, so the spread stays even.
 * Adding leads to a completed campaign pauses it, so the new leads wait for an explicit start.
 */
export async function addLeads(
  ctx: OperationContext,
  campaignId: string,
  input: AddLeadsBody,
): Promise<AddLeadsResult> {
  const campaign = await requireCampaign(ctx, campaignId);
  const identifiers = input.leads.flatMap((lead) => {
    try {
      return [resolvePublicIdentifier(lead)];
    } catch {
      return [];
    }
  });
  const blocked = await ctx.db.blockedLeads.findBlocked(ctx.workspaceId, campaignId, identifiers);
  // Duplicates against the campaign are counted by the data layer's unique index on insert.
  const plan = planLeadImport(input.leads, { existing: new Set(), isBlocked: (id) => blocked.has(id) });
  const { senders, counts } = await sendersFor(ctx, campaign, plan.toAdd.length);
  const newLeads = plan.toAdd.map((lead, i) => ({ ...toNewLead(lead), accountId: senders[i] ?? null }));
  const stored = await ctx.db.leads.addMany(ctx.workspaceId, campaignId, newLeads);
  if (stored.added > 0) {
    await ctx.db.campaigns.countWaitingLeadsGiven(ctx.workspaceId, campaignId);
    // Read after the generation moved: a completion the runner judged before these leads were
    // stored and wrote before that move is seen here, so the leads are not left in a completed
    // campaign (it is paused, as any completed campaign given new work); a later one fails.
    const after = await requireCampaign(ctx, campaignId);
    await pauseIfCompleted(ctx, after);
    await evenOutAfterImport(ctx, campaign, after, expectedSenderCounts(counts, stored.leads));
  }
  const duplicates = plan.duplicates + stored.duplicates;
  return {
    success: true,
    message: `${plural(stored.added, 'lead')} added, ${plural(duplicates, 'duplicate')}, ${plan.blocked} blocked`,
    added: stored.added,
    duplicates,
    blocked: plan.blocked,
  };
}

/**
 * The sender of each new lead, from the leads each sender holds (kept on the campaign), so an
 * import costs the import, never a read of the campaign's leads. A campaign stored before the
 * counters is counted once. Answers the counts it went by too.
 */
async function sendersFor(
  ctx: OperationContext,
  campaign: Campaign,
  count: number,
): Promise<{ senders: string[]; counts: Record<string, number> }> {
  if (campaign.networkAccounts.length === 0 || count === 0) return { senders: [], counts: {} };
  const counts = campaign.counters?.sendersCounted
    ? campaign.counters.senders
    : await ctx.db.campaignCounters.countSenders(ctx.workspaceId, campaign.id);
  return { senders: assignNewLeads(campaign.networkAccounts, counts, count), counts };
}

/** The per-sender counts once this import's stored leads are added to those it went by. */
function expectedSenderCounts(
  counts: Readonly<Record<string, number>>,
  stored: ReadonlyArray<{ accountId: string | null }>,
): Record<string, number> {
  const expected = { ...counts };
  for (const { accountId } of stored)
    if (accountId !== null) expected[accountId] = (expected[accountId] ?? 0) + 1;
  return expected;
}

/**
 * Evens the spread out when something changed it between this import's read and its own count:
 * a sender assigned meanwhile (the new leads went to the old list, and the assignment's spread
 * may have run before they were stored), or another import or move counted meanwhile (two
 * imports that read the same counts favour the same senders). Then the counts on the campaign
 * differ from the ones this import went by plus its own; otherwise the spread is the one
 * `assignNewLeads` chose, and the check costs one read of the campaign.
 */
async function evenOutAfterImport(
  ctx: OperationContext,
  before: Campaign,
  now: Campaign,
  expected: Readonly<Record<string, number>>,
): Promise<void> {
  if (now.networkAccounts.length === 0) return;
  const sameSenders =
    now.networkAccounts.length === before.networkAccounts.length &&
    now.networkAccounts.every((id) => before.networkAccounts.includes(id));
  const counted = now.counters?.senders ?? {};
  const accounts = new Set([...Object.keys(counted), ...Object.keys(expected)]);
  const unchanged = [...accounts].every((id) => (counted[id] ?? 0) === (expected[id] ?? 0));
  if (!sameSenders || !unchanged) await redistributeLeads(ctx, before.id);
}

function toNewLead(lead: LeadInput & { publicIdentifier: string }): NewLead {
  const newLead: NewLead = { publicIdentifier: lead.publicIdentifier };
  const fields = [
    'networkUrl',
    'firstName',
    'lastName',
    'email',
    'phone',
    'companyName',
    'headline',
    'website',
    'summary',
  ] as const;
  for (const field of fields) {
    const value = lead[field];
    if (value !== undefined) newLead[field] = value;
  }
  if (lead.firstName !== undefined || lead.lastName !== undefined) {
    newLead.name = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  }
  if (lead.customVariables !== undefined) newLead.customVariables = { ...lead.customVariables };
  return newLead;
}
