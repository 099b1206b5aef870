import type { AssignableRole } from '@outreach/domain';
import type { QueryFilter } from 'mongoose';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { hashToken, newToken } from '../common/tokens.js';
import { normalizeEmail, toInvitation, type Invitation } from './invitation.entity.js';
import type { InvitationCreator, InvitationRecord } from './invitation.schema.js';

export interface NewInvitation {
  email: string;
  role: AssignableRole;
  createdBy: InvitationCreator;
  /** How long the link works, from now. */
  ttlMs: number;
  /** Now in HTTP time (the real clock); the repository's clock by default. */
  now?: Date;
}

export interface CreatedInvitation {
  invitation: Invitation;
  /** The link's secret, returned once: only its hash is stored. */
  token: string;
}

/** Neither accepted nor revoked nor expired at `now`: the invitations whose link still works. */
function pendingAt(now: Date): QueryFilter<InvitationRecord> {
  return { acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } };
}

/**
 * Invitations to join a workspace. `now` (HTTP time) decides expiry; where it is optional it
 * defaults to the repository's clock.
 */
export class InvitationRepository {
  constructor(
    private readonly records: ScopedModel<InvitationRecord>,
    private readonly clock: () => Date,
  ) {}

  async create(workspaceId: WorkspaceId, input: NewInvitation): Promise<CreatedInvitation> {
    const token = newToken();
    const createdAt = input.now ?? this.clock();
    const record = await this.records.insertOne(workspaceId, {
      _id: newId('invitation'),
      email: normalizeEmail(input.email),
      role: input.role,
      tokenHash: hashToken(token),
      createdBy: { type: input.createdBy.type, id: input.createdBy.id, label: input.createdBy.label },
      createdAt,
      expiresAt: new Date(createdAt.getTime() + input.ttlMs),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    });
    return { invitation: toInvitation(record, createdAt), token };
  }

  /** The invitations whose link still works at `now`, newest first. */
  async listPending(workspaceId: WorkspaceId, now: Date): Promise<Invitation[]> {
    const records = await this.records.find(workspaceId, pendingAt(now), {
      sort: { createdAt: -1, _id: -1 },
    });
    return records.map((record) => toInvitation(record, now));
  }

  async get(workspaceId: WorkspaceId, id: string, now: Date = this.clock()): Promise<Invitation | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toInvitation(record, now) : null;
  }

  /**
   * Withdraws a pending invitation: its link stops working. Revoking twice keeps the first date
   * (the invitation comes back as it is). Null when there is no such invitation, or it was
   * already accepted or has expired: only a pending one can be revoked.
   */
  async revoke(workspaceId: WorkspaceId, id: string, now: Date = this.clock()): Promise<Invitation | null> {
    const revoked = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, ...pendingAt(now) },
      { $set: { revokedAt: now } },
    );
    if (revoked) return toInvitation(revoked, now);
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record && record.revokedAt && !record.acceptedAt ? toInvitation(record, now) : null;
  }

  /**
   * Revokes every pending invitation of `email` in the workspace (a resend ends the older links);
   * returns how many.
   */
  async revokePendingFor(workspaceId: WorkspaceId, email: string, now: Date = this.clock()): Promise<number> {
    const result = await this.records.updateMany(
      workspaceId,
      { email: normalizeEmail(email), ...pendingAt(now) },
      { $set: { revokedAt: now } },
    );
    return result.modified;
  }

  /**
   * The invitation a link's token names, whatever its status (the page shows an expired or used
   * link as such). Across workspaces by nature: the link names no workspace, its token does.
   */
  async findByToken(token: string, now: Date = this.clock()): Promise<Invitation | null> {
    const record = await this.records.acrossWorkspaces
      .findOne({ tokenHash: hashToken(token) })
      .lean<InvitationRecord>()
      .exec();
    return record ? toInvitation(record, now) : null;
  }

  /**
   * Uses the link: one atomic conditional update, so a token is accepted at most once even when
   * two requests race (the loser matches nothing). Null when the token is unknown, used, revoked
   * or expired at `now`. Across workspaces by nature, as `findByToken`; the invitation returned
   * names its workspace for the caller's membership write.
   */
  async accept(token: string, userId: string, now: Date): Promise<Invitation | null> {
    const record = await this.records.acrossWorkspaces
      .findOneAndUpdate(
        { tokenHash: hashToken(token), ...pendingAt(now) },
        { $set: { acceptedAt: now, acceptedBy: userId } },
        { returnDocument: 'after' },
      )
      .lean<InvitationRecord>()
      .exec();
    return record ? toInvitation(record, now) : null;
  }
}
