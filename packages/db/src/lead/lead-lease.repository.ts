import type { LeadInternalStatus } from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import type { DeferredLeadCounts } from '../campaign/deferred-lead-counts.js';
import { LeaseLostError } from '../common/db-errors.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { applyUpdate, countLeadChange, leadChangeOf } from './lead-change.js';
import { withCompletion } from './lead-completion.js';
import { toLead, type Lead } from './lead.entity.js';
import type { LeadRecord } from './lead.schema.js';
import { planFields, type MessagePlan, type StepOutcome } from './lead-step-outcome.js';

export type { MessagePlan, StepOutcome } from './lead-step-outcome.js';

/**
 * The claim query. Exported for the index test, which runs `explain` on exactly this filter.
 *
 * Why the claim's cost depends on due work only: the filter's equality fields (workspaceId,
 * campaignId) and the range on `nextActionAt` are the leading fields of the partial claim index,
 * in that order, and the sort is on the range field. The planner walks the index from the
 * campaign's earliest due entry and stops at the first whose lease is free; entries not yet due
 * lie past `now` and are never visited, and leads that are not runnable have no `nextActionAt`,
 * so they are not in the index at all. The only entries read and skipped are due leads whose
 * lease is still held, which are at most the number of leads in flight.
 */
export function dueLeadFilter(
  campaignId: string,
  dueBy: Date,
  leaseNow: Date = dueBy,
): QueryFilter<LeadRecord> {
  return {
    campaignId,
    nextActionAt: { $lte: dueBy },
    // No lease, or an expired one: a crashed runner's leads come back after `leaseUntil`.
    leaseUntil: leaseFree(leaseNow),
  };
}

/** The claim filter of a lease request: due by its `dueBy` (or `now`), lease free at its `now`. */
function claimFilter(campaignId: string, lease: LeaseRequest): QueryFilter<LeadRecord> {
  return dueLeadFilter(campaignId, lease.dueBy ?? lease.now, lease.now);
}

export const DUE_LEAD_SORT = { nextActionAt: 1 } as const;

/** A lead as its claim left it; `leaseTakenOver` when the lease it replaced had an owner. */
function claimed(record: LeadRecord, earlierOwner: string | null | undefined): Lead {
  const lead = toLead(record);
  return earlierOwner === null || earlierOwner === undefined ? lead : { ...lead, leaseTakenOver: true };
}

/** Reads of due leads a batch claim makes while other claimers take all it read. */
const BATCH_CLAIM_ROUNDS = 3;

/** The runner's side of leads: claim due work under a lease, report what happened. */
export class LeadLeaseRepository {
  constructor(
    private readonly records: ScopedModel<LeadRecord>,
    private readonly counters: CampaignCountersRepository,
    private readonly clock: () => Date,
  ) {}

  /**
   * Claims the campaign's most overdue lead whose lease is free, in one findOneAndUpdate that
   * sets the lease and counts the attempt. Two runners can never get the same lead: the second
   * update re-evaluates the filter against the first one's lease and moves on to the next lead.
   * Returns null when nothing is due.
   */
  async claimDue(workspaceId: WorkspaceId, campaignId: string, lease: LeaseRequest): Promise<Lead | null> {
    const claim = {
      $set: { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease), updatedAt: this.clock() },
      $inc: { attempts: 1 },
    };
    const before = await this.records.findOneAndUpdate(workspaceId, claimFilter(campaignId, lease), claim, {
      sort: DUE_LEAD_SORT,
      returnDocument: 'before',
    });
    return before ? claimed(applyUpdate(before, claim), before.leaseOwner) : null;
  }

  /**
   * `claimDue` of up to `limit` leads at once, the most overdue first, all under `lease.owner`: the
   * due leads read (one read of the claim index), those still free leased with one `updateMany`
   * that re-evaluates the claim filter (so a lead another runner took meanwhile is skipped), then
   * the leads this claim holds read back as they now are. Three round trips for the batch; `limit`
   * 1 is `claimDue`'s one. Empty only when nothing is due.
   */
  async claimDueBatch(
    workspaceId: WorkspaceId,
    campaignId: string,
    lease: LeaseRequest,
    limit: number,
  ): Promise<Lead[]> {
    if (limit <= 1) {
      const lead = limit === 1 ? await this.claimDue(workspaceId, campaignId, lease) : null;
      return lead === null ? [] : [lead];
    }
    const due = claimFilter(campaignId, lease);
    const leaseUntil = leaseEnd(lease);
    // Other claimers may take every candidate read between the read and the lease: the next due
    // leads are then read again, so an empty answer means nothing is due.
    for (let round = 0; round < BATCH_CLAIM_ROUNDS; round += 1) {
      const candidates = await this.records.find(workspaceId, due, { sort: DUE_LEAD_SORT, limit });
      if (candidates.length === 0) return [];
      const ids = candidates.map((candidate) => candidate._id);
      const { matched } = await this.records.updateMany(
        workspaceId,
        { ...due, _id: { $in: ids } },
        {
          $set: { leaseOwner: lease.owner, leaseUntil, updatedAt: this.clock() },
          $inc: { attempts: 1 },
        },
      );
      if (matched === 0) continue;
      const held = await this.records.find(
        workspaceId,
        { _id: { $in: ids }, leaseOwner: lease.owner, leaseUntil },
        { sort: DUE_LEAD_SORT },
      );
      const earlierOwners = new Map(candidates.map((candidate) => [candidate._id, candidate.leaseOwner]));
      return held.map((record) => claimed(record, earlierOwners.get(record._id) ?? null));
    }
    // Still racing after that many rounds: one lead at a time, which always makes progress.
    const lead = await this.claimDue(workspaceId, campaignId, lease);
    return lead === null ? [] : [lead];
  }

  /**
   * When the campaign's next lead falls due (its earliest `nextActionAt`, leased or not), or null
   * when none is runnable: one read of the claim index, for whoever moves a simulated clock to the
   * next piece of work (the soak test).
   */
  async nextDueAt(workspaceId: WorkspaceId, campaignId: string): Promise<Date | null> {
    const record = await this.records.findOne(
      workspaceId,
      { campaignId, nextActionAt: { $exists: true } },
      { sort: DUE_LEAD_SORT },
    );
    return record?.nextActionAt ?? null;
  }

  /**
   * How many of the campaign's leads are due at `now` (leased or not), counting at most `limit`:
   * a count over the claim index's range for the campaign, for the runner's backlog gauge, bounded
   * so that a huge backlog costs no more than `limit` index entries.
   */
  async countDue(workspaceId: WorkspaceId, campaignId: string, now: Date, limit: number): Promise<number> {
    return this.records.acrossWorkspaces
      .countDocuments(this.records.scope(workspaceId, { campaignId, nextActionAt: { $lte: now } }))
      .limit(limit)
      .exec();
  }

  /**
   * Records the idempotency key of the external action about to be made (and the variant chosen
   * for it, the text to send and how the message was made), before the network is called. A runner
   * that crashes after the call finds the key (and the text) on its next claim and re-sends them,
   * so the network does the action once. With `callsEndBy`, when the action's calls will be over;
   * with `leaseUntil`, the lease is renewed to then by the same write, so the calls run under a
   * lease of their own length however long the step took to get there.
   */
  async recordPendingAction(
    workspaceId: WorkspaceId,
    leadId: string,
    owner: string,
    action: {
      key: string;
      stepId?: string;
      variantId?: string;
      at?: Date;
      content?: string;
      plan?: MessagePlan;
      /** The lead's member id at the provider, learnt on the way to the action. */
      providerId?: string;
      /** By when the action's provider calls are over, on the lease's clock. */
      callsEndBy?: Date;
      /** The lease's new end, on its clock. */
      leaseUntil?: Date;
    },
  ): Promise<void> {
    const set: Record<string, unknown> = { pendingActionKey: action.key, updatedAt: this.clock() };
    if (action.callsEndBy !== undefined) set['pendingActionCallsEndBy'] = action.callsEndBy;
    if (action.providerId !== undefined) set['providerId'] = action.providerId;
    if (action.at !== undefined) set['pendingActionAt'] = action.at;
    if (action.stepId !== undefined && action.variantId !== undefined) {
      set[`assignedVariants.${action.stepId}`] = action.variantId;
    }
    if (action.content !== undefined) set['pendingActionContent'] = action.content;
    if (action.plan !== undefined) Object.assign(set, planFields(action.plan));
    if (action.leaseUntil !== undefined) set['leaseUntil'] = action.leaseUntil;
    await this.whileLeased(workspaceId, leadId, owner, { $set: set });
  }

  /**
   * Records how a step's message was made (ICP decisions, the variant choice) when nothing is sent,
   * e.g. the lead is paused with `missing_variable`: the lead still shows why.
   */
  async recordMessagePlan(
    workspaceId: WorkspaceId,
    leadId: string,
    owner: string,
    plan: MessagePlan,
  ): Promise<void> {
    await this.whileLeased(workspaceId, leadId, owner, {
      $set: { ...planFields(plan), updatedAt: this.clock() },
    });
  }

  /**
   * Ends the claim with the step's outcome, only if `owner` still holds the lease: advances
   * `currentStep` by `$inc` (so it composes with a concurrent sequence edit's shift), sets the
   * status and the next action time, clears the pending key and the lease, and the attempts when
   * the lead moves to another step. The campaign counters follow the lead's status and sender:
   * right after, or at the next flush of `countLater` when given (the runner's outcomes).
   */
  async completeStep(
    workspaceId: WorkspaceId,
    leadId: string,
    owner: string,
    outcome: StepOutcome,
    options: { countLater?: DeferredLeadCounts } = {},
  ): Promise<Lead> {
    const now = this.clock();
    const set: Record<string, unknown> = {
      status: outcome.status,
      internalStatus: outcome.internalStatus,
      pendingActionKey: null,
      pendingActionContent: null,
      pendingActionCallsEndBy: null,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    };
    const advanceBy = outcome.advanceBy ?? 1;
    // The attempt count restarts with a new step only. A lead that stays on its step (an invitation
    // waiting to be accepted, a lead stopped or set aside there) keeps counting, so an action of
    // the step made after the lead is resumed never reuses the idempotency key of an earlier one.
    if (advanceBy !== 0) set['attempts'] = 0;
    if (outcome.accountId !== undefined) set['accountId'] = outcome.accountId;
    if (outcome.invitationSentAt !== undefined) set['invitationSentAt'] = outcome.invitationSentAt;
    if (outcome.invitationId !== undefined) set['invitationId'] = outcome.invitationId;
    if (outcome.invitationWithdrawnAt !== undefined)
      set['invitationWithdrawnAt'] = outcome.invitationWithdrawnAt;
    if (outcome.providerId !== undefined) set['providerId'] = outcome.providerId;
    set['missingVariables'] = [...(outcome.missingVariables ?? [])];
    const update: UpdateQuery<LeadRecord> = { $set: set, $inc: { currentStep: advanceBy } };
    if (outcome.loggedAction !== undefined) {
      update.$push = { actionsToLog: outcome.loggedAction };
      set['actionsToLogSince'] = now;
    }
    if (outcome.nextActionAt) set['nextActionAt'] = outcome.nextActionAt;
    else update.$unset = { nextActionAt: 1 };
    const complete = withCompletion(update, outcome.status, now);
    const before = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: leadId, leaseOwner: owner },
      complete,
      { returnDocument: 'before' },
    );
    if (!before) throw new LeaseLostError('lead', leadId, owner);
    const after = applyUpdate(before, complete);
    if (options.countLater === undefined) await countLeadChange(this.counters, workspaceId, before, after);
    else options.countLater.add(workspaceId, before.campaignId, leadChangeOf(before, after));
    return toLead(after);
  }

  /**
   * Gives the lead back without completing its step (e.g. outside working hours, sender at its
   * cap), optionally not before `nextActionAt`. Returns false if the lease was already lost.
   */
  async release(
    workspaceId: WorkspaceId,
    leadId: string,
    owner: string,
    options: { nextActionAt?: Date; internalStatus?: LeadInternalStatus; providerId?: string } = {},
  ): Promise<boolean> {
    const set: Record<string, unknown> = { leaseOwner: null, leaseUntil: null, updatedAt: this.clock() };
    if (options.nextActionAt) set['nextActionAt'] = options.nextActionAt;
    if (options.internalStatus) set['internalStatus'] = options.internalStatus;
    if (options.providerId !== undefined) set['providerId'] = options.providerId;
    const result = await this.records.updateOne(
      workspaceId,
      { _id: leadId, leaseOwner: owner },
      { $set: set },
    );
    return result.matched === 1;
  }

  /**
   * Hands back a lead claimed and never started (claimed ahead, then not needed, or not to be
   * worked on before `heldUntil`): the lease is cleared and the claim taken back out of `attempts`,
   * so the retry delay and the attempt's key follow the attempts made, not the claims. With
   * `heldUntil` (on the lease's clock), nobody may claim the lead before then. Only while `owner`
   * still holds the lease (a later claim by another runner keeps its count); false when it does not.
   */
  async giveBack(
    workspaceId: WorkspaceId,
    leadId: string,
    owner: string,
    heldUntil?: Date,
  ): Promise<boolean> {
    const result = await this.records.updateOne(
      workspaceId,
      { _id: leadId, leaseOwner: owner },
      {
        $set: { leaseOwner: null, leaseUntil: heldUntil ?? null, updatedAt: this.clock() },
        $inc: { attempts: -1 },
      },
    );
    return result.matched === 1;
  }

  private async whileLeased(
    workspaceId: WorkspaceId,
    leadId: string,
    owner: string,
    update: UpdateQuery<LeadRecord>,
  ): Promise<Lead> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: leadId, leaseOwner: owner },
      update,
    );
    if (!record) throw new LeaseLostError('lead', leadId, owner);
    return toLead(record);
  }
}
