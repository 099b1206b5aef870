import type { QueryFilter } from 'mongoose';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadRecord } from './lead.schema.js';

/** An account's invitations as its leads record them: how many are out, and how they fared lately. */
export interface InvitationStanding {
  /** Sent at or after `pendingSince`, neither accepted nor withdrawn: still pending on the network. */
  ownPending: number;
  /** Sent within the acceptance window (and after `sampleSince`). */
  sent: number;
  /** Of those, accepted (whenever the acceptance came). */
  accepted: number;
}

export interface StandingQuery {
  /** Invitations older than this are not counted as pending (the network has let them lapse). */
  pendingSince: Date;
  /** The acceptance window: sent at or after `windowFrom` and before `windowTo`. */
  windowFrom: Date;
  windowTo: Date;
}

/** An invitation left out by a lead no longer waiting for it, due for withdrawal. */
export interface StaleInvitation {
  leadId: string;
  invitationId: string | null;
  providerId: string | null;
  publicIdentifier: string;
  invitationSentAt: Date;
}

/**
 * The invitations of a sender account, read from its leads through one index
 * (`workspaceId, accountId, invitationSentAt`, partial on a sent invitation): each read walks only
 * the account's invitations of the window it asks for, never the workspace's leads.
 */
export class LeadInvitationRepository {
  constructor(private readonly records: ScopedModel<LeadRecord>) {}

  async standing(
    workspaceId: WorkspaceId,
    accountId: string,
    query: StandingQuery,
  ): Promise<InvitationStanding> {
    const unanswered: QueryFilter<LeadRecord> = {
      invitationAcceptedAt: { $exists: false },
      invitationWithdrawnAt: null,
    };
    const inWindow = { $gte: query.windowFrom, $lt: query.windowTo };
    const [ownPending, sent, accepted] = await Promise.all([
      this.records.count(workspaceId, {
        accountId,
        invitationSentAt: { $gte: query.pendingSince },
        ...unanswered,
      }),
      this.records.count(workspaceId, { accountId, invitationSentAt: inWindow }),
      this.records.count(workspaceId, {
        accountId,
        invitationSentAt: inWindow,
        invitationAcceptedAt: { $exists: true },
      }),
    ]);
    return { ownPending, sent, accepted };
  }

  /**
   * The account's invitations sent before `sentBefore` (and at or after `sentSince`) that nobody
   * answered and nobody withdrew, whose leads no longer wait for them (nothing scheduled: the lead
   * finished, by its campaign's timeout, a reply or a removal of its step), oldest first. A lead
   * still waiting withdraws its own invitation when it is due.
   */
  async staleToWithdraw(
    workspaceId: WorkspaceId,
    accountId: string,
    range: { sentSince: Date; sentBefore: Date },
    limit: number,
  ): Promise<StaleInvitation[]> {
    if (limit <= 0) return [];
    const found = await this.records.find(
      workspaceId,
      {
        accountId,
        invitationSentAt: { $gte: range.sentSince, $lt: range.sentBefore },
        invitationAcceptedAt: { $exists: false },
        invitationWithdrawnAt: null,
        nextActionAt: { $exists: false },
      },
      { sort: { invitationSentAt: 1 }, limit },
    );
    return found.map((record) => ({
      leadId: record._id,
      invitationId: record.invitationId ?? null,
      providerId: record.providerId ?? null,
      publicIdentifier: record.publicIdentifier,
      invitationSentAt: record.invitationSentAt as Date,
    }));
  }

  /** Records the withdrawal of the lead's invitation, once (a later call leaves the first time). */
  async markWithdrawn(workspaceId: WorkspaceId, leadId: string, at: Date): Promise<boolean> {
    const result = await this.records.updateOne(
      workspaceId,
      { _id: leadId, invitationWithdrawnAt: null },
      { $set: { invitationWithdrawnAt: at } },
    );
    return result.modified === 1;
  }
}
