import {
  assignNewLeads,
  distributeLeads,
  DomainError,
  statusAfterNewWork,
  type DedupeFacts,
} from '@outreach/domain';
import type { LeadActionMarks } from '../action/lead-action-marks.js';
import type { LeadDays } from '../action/lead-days.js';
import type { Campaign } from '../campaign/campaign.entity.js';
import type { CampaignRecord } from '../campaign/campaign.schema.js';
import type { BlockedLeadRepository } from '../blocked-lead/blocked-lead.repository.js';
import { StatusConflictError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { Db } from '../db.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadImportRowRepository } from '../lead-import-row/lead-import-row.repository.js';
import type { Lead } from './lead.entity.js';
import type { NewLead } from './lead-new-record.js';
import type { LeadRecord } from './lead.schema.js';

/**
 * A safeguard only: every pass that moves leads moves them toward the one even spread of the
 * senders it read, and concurrent passes read the same senders once their assignments are
 * written, so contention settles in a few passes. Reaching this means a defect, answered as one.
 */
const MAX_REDISTRIBUTION_PASSES = 100;

export interface LeadIntakeDeps {
  leadRecords: ScopedModel<LeadRecord>;
  campaignRecords: ScopedModel<CampaignRecord>;
  blockedLeads: BlockedLeadRepository;
  marks: LeadActionMarks;
  importRows: LeadImportRowRepository;
}

/** What `dedupeFacts` is asked about one page of people. */
export interface DedupeQuery {
  campaignId: string;
  /** Normalised identifiers of the page's people. */
  identifiers: readonly string[];
  /** The import reading the page and the page's first position; null for a dry run. */
  importId: string | null;
  beforeSeq: number;
  /** A person invited or messaged at or after this instant counts as contacted; null: never. */
  contactedSince: Date | null;
}

/**
 * How leads come into a campaign, whoever brings them: the API's `POST …/leads` and the runner's
 * import jobs store them through `addLeadsToCampaign`, so both give new leads the same senders,
 * counters and campaign transitions. These are functions over `Db` (its repositories, as the caller
 * holds them), not over the collections: a caller that wraps a repository (a test holding an
 * insert) wraps what they do too.
 */

/**
 * Stores leads (identifiers already normalised and checked against the block lists): each new
 * lead goes to the campaign's sender with the fewest leads, from the per-sender counts kept on
 * the campaign. A lead already in the campaign is a duplicate (the unique index). Leads added to
 * a completed campaign pause it, so they wait for an explicit start. The spread is evened out when
 * a sender assignment or another import moved the counts meanwhile. `read`: the campaign as the
 * caller just read it (it is read otherwise).
 */
export async function addLeadsToCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: string,
  newLeads: readonly NewLead[],
  read?: Campaign,
): Promise<{ added: number; duplicates: number; leads: Lead[] }> {
  const campaign = read ?? (await requireCampaign(db, workspaceId, campaignId));
  const { senders, counts } = await sendersFor(db, workspaceId, campaign, newLeads.length);
  const assigned = newLeads.map((lead, i) => ({ ...lead, accountId: senders[i] ?? null }));
  const stored = await db.leads.addMany(workspaceId, campaignId, assigned);
  if (stored.added > 0) {
    await db.campaigns.countWaitingLeadsGiven(workspaceId, campaignId);
    // Read after the generation moved: a completion the runner judged before these leads were
    // stored and wrote before that move is seen here, so the leads are not left in a completed
    // campaign (it is paused, as any completed campaign given new work); a later one fails.
    const after = await requireCampaign(db, workspaceId, campaignId);
    await pauseIfCompleted(db, workspaceId, after);
    await evenOutAfterImport(db, workspaceId, campaign, after, expectedSenderCounts(counts, stored.leads));
  }
  return stored;
}

/**
 * `addLeadsToCampaign` for an import's leads, each stamped with the import: a lead found already in
 * the campaign is told apart as this import's own (stored by a run of it that died before its
 * checkpoint) or someone else's (stored meanwhile by another import or request), by the stamp.
 */
export async function addImportedLeads(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: string,
  importId: string,
  newLeads: readonly NewLead[],
): Promise<{ ours: Set<string>; theirs: Set<string> }> {
  if (newLeads.length === 0) return { ours: new Set(), theirs: new Set() };
  const stored = await addLeadsToCampaign(
    db,
    workspaceId,
    campaignId,
    newLeads.map((lead) => ({ ...lead, importId })),
  );
  const ours = new Set(stored.leads.map((lead) => lead.publicIdentifier));
  const theirs = new Set<string>();
  if (stored.duplicates === 0) return { ours, theirs };
  const rest = newLeads.map((lead) => lead.publicIdentifier).filter((id) => !ours.has(id));
  const importers = await db.leadIntake.importIdsOf(workspaceId, campaignId, rest);
  for (const [publicIdentifier, importer] of importers)
    (importer === importId ? ours : theirs).add(publicIdentifier);
  return { ours, theirs };
}

/**
 * Spreads the campaign's not-yet-started leads evenly over its sender accounts, as they are when
 * each pass reads them. Started leads keep their sender (the data layer re-checks that at write
 * time), and a lead moves only if it still has the sender the pass read: a concurrent assignment
 * of senders cannot leave leads spread over a stale list. It repeats until a pass finds nothing
 * to move, so the spread it leaves is even for the senders it reports. Returns how many leads it
 * moved and how many senders the campaign had at its last pass.
 */
export async function redistributeCampaignLeads(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: string,
): Promise<{ moved: number; senders: number }> {
  let moved = 0;
  for (let pass = 0; pass < MAX_REDISTRIBUTION_PASSES; pass += 1) {
    const campaign = await requireCampaign(db, workspaceId, campaignId);
    const senders = campaign.networkAccounts.length;
    const notStarted = senders === 0 ? [] : await db.leads.listNotStarted(workspaceId, campaignId);
    const from = new Map(notStarted.map((lead) => [lead.id, lead.accountId]));
    const changes = distributeLeads(
      notStarted.map((lead) => ({ id: lead.id, accountId: lead.accountId, started: false })),
      campaign.networkAccounts,
    );
    const assignments = changes.flatMap((change) =>
      change.accountId === null
        ? []
        : [{ leadId: change.leadId, accountId: change.accountId, from: from.get(change.leadId) ?? null }],
    );
    if (assignments.length === 0) {
      // The leads were all read anyway: the per-sender counters imports rely on are recounted.
      if (senders > 0) await db.campaignCounters.countSenders(workspaceId, campaignId);
      return { moved, senders };
    }
    moved += await db.leads.assignSenders(workspaceId, campaignId, assignments);
  }
  throw new Error(
    `campaign ${campaignId}: lead spread still moving after ${MAX_REDISTRIBUTION_PASSES} passes`,
  );
}

async function requireCampaign(db: Db, workspaceId: WorkspaceId, campaignId: string): Promise<Campaign> {
  const campaign = await db.campaigns.get(workspaceId, campaignId);
  if (!campaign)
    throw new DomainError('campaign_not_found', `campaign not found: ${campaignId}`, { campaignId });
  return campaign;
}

/**
 * The sender of each new lead, from the leads each sender holds (kept on the campaign), so an
 * import costs the import, never a read of the campaign's leads. A campaign stored before the
 * counters is counted once. Answers the counts it went by too.
 */
async function sendersFor(
  db: Db,
  workspaceId: WorkspaceId,
  campaign: Campaign,
  count: number,
): Promise<{ senders: string[]; counts: Record<string, number> }> {
  if (campaign.networkAccounts.length === 0 || count === 0) return { senders: [], counts: {} };
  const counts = campaign.counters?.sendersCounted
    ? campaign.counters.senders
    : await db.campaignCounters.countSenders(workspaceId, campaign.id);
  return { senders: assignNewLeads(campaign.networkAccounts, counts, count), counts };
}

/**
 * A completed campaign that gets new leads becomes paused, so nothing is sent before someone
 * starts it again. A campaign no longer completed is left alone.
 */
async function pauseIfCompleted(db: Db, workspaceId: WorkspaceId, campaign: Campaign): Promise<void> {
  if (statusAfterNewWork(campaign.status) === campaign.status) return;
  try {
    await db.campaigns.transitionStatus(workspaceId, campaign.id, { from: ['completed'], to: 'paused' });
  } catch (error) {
    if (!(error instanceof StatusConflictError)) throw error;
  }
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
  db: Db,
  workspaceId: WorkspaceId,
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
  if (!sameSenders || !unchanged) await redistributeCampaignLeads(db, workspaceId, before.id);
}

/**
 * What an import must know of the people of a page, read from the collections' indexes (the
 * rest of the intake goes through `Db`, above).
 */
export class LeadIntake {
  constructor(private readonly deps: LeadIntakeDeps) {}

  /**
   * What the workspace knows of a page's people: one indexed read of their leads in every campaign
   * (`{ workspaceId, publicIdentifier }`), which of those campaigns are active (by id), their
   * leads' marks when they may have been contacted (by id), the block lists (by identifier) and
   * the positions this import met them at before (by import and identifier). Each read is bounded
   * by the page and by each person's own leads, never by the workspace.
   */
  async dedupeFacts(workspaceId: WorkspaceId, query: DedupeQuery): Promise<DedupeFacts> {
    const identifiers = [...new Set(query.identifiers)];
    if (identifiers.length === 0)
      return {
        seenInImport: new Set(),
        inCampaign: new Set(),
        inOtherActiveCampaign: new Set(),
        contactedRecently: new Set(),
        blocked: new Set(),
      };
    const [leads, blocked, seenInImport] = await Promise.all([
      this.deps.leadRecords.find(workspaceId, { publicIdentifier: { $in: identifiers } }),
      this.deps.blockedLeads.findBlocked(workspaceId, query.campaignId, identifiers),
      query.importId === null
        ? Promise.resolve(new Set<string>())
        : this.deps.importRows.seenBefore(workspaceId, query.importId, identifiers, query.beforeSeq),
    ]);
    const inCampaign = new Set<string>();
    const otherCampaignIds = new Set<string>();
    for (const lead of leads) {
      if (lead.campaignId === query.campaignId) inCampaign.add(lead.publicIdentifier);
      else otherCampaignIds.add(lead.campaignId);
    }
    const since = query.contactedSince;
    // A lead still on its first step and never invited has not been contacted: its marks are not read.
    const mayBeContacted =
      since === null
        ? []
        : leads.filter((lead) => lead.currentStep > 0 || lead.status !== 'waiting' || lead.invitationSentAt);
    const [active, days] = await Promise.all([
      otherCampaignIds.size === 0
        ? Promise.resolve(new Set<string>())
        : this.deps.campaignRecords.existingIds(workspaceId, [...otherCampaignIds], { status: 'active' }),
      mayBeContacted.length === 0
        ? Promise.resolve(new Map<string, LeadDays>())
        : this.deps.marks.daysOf(
            workspaceId,
            mayBeContacted.map((lead) => lead._id),
          ),
    ]);
    const inOtherActiveCampaign = new Set(
      leads.filter((lead) => active.has(lead.campaignId)).map((lead) => lead.publicIdentifier),
    );
    const contactedRecently = new Set(
      since === null
        ? []
        : mayBeContacted
            .filter((lead) => contactedSince(lead, days.get(lead._id), since))
            .map((lead) => lead.publicIdentifier),
    );
    return { seenInImport, inCampaign, inOtherActiveCampaign, contactedRecently, blocked };
  }

  /** Which import stored each of these identifiers' leads in the campaign (null: none). */
  async importIdsOf(
    workspaceId: WorkspaceId,
    campaignId: string,
    identifiers: readonly string[],
  ): Promise<Map<string, string | null>> {
    if (identifiers.length === 0) return new Map();
    const found = await this.deps.leadRecords.find(workspaceId, {
      campaignId,
      publicIdentifier: { $in: [...identifiers] },
    });
    return new Map(found.map((lead) => [lead.publicIdentifier, lead.importId ?? null]));
  }
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
 * Whether a lead was invited or messaged at or after `since`: its invitation's time is on the lead,
 * its messages' days in its marks (a message by its time, an invitation of a later step by its UTC
 * day, taken whole).
 */
function contactedSince(lead: LeadRecord, days: LeadDays | undefined, since: Date): boolean {
  if (lead.invitationSentAt && lead.invitationSentAt >= since) return true;
  const sinceDay = since.toISOString().slice(0, 10);
  return Object.entries(days?.total ?? {}).some(
    ([day, mark]) =>
      (mark.message !== undefined && new Date(mark.message) >= since) ||
      (mark.invited === true && day >= sinceDay),
  );
}
