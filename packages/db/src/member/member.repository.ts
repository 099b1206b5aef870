import type { AssignableRole, WorkspaceRole } from '@outreach/domain';
import { AlreadyExistsError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toMember, type Member, type WorkspaceMembership } from './member.entity.js';
import type { MemberRecord } from './member.schema.js';

export interface AddedMember {
  member: Member;
  /** False when the person was already a member: their membership is returned unchanged. */
  created: boolean;
}

export interface OwnershipTransfer {
  owner: Member;
  previousOwner: Member;
}

/** Owners first to become one come first: during a transfer, the previous owner. */
const OWNER_ORDER = { updatedAt: 1, createdAt: 1, _id: 1 } as const;

/**
 * The people of each workspace and their roles. A workspace has exactly one owner: it is added
 * with the workspace, `setRole` and `remove` never touch it, and it moves only by
 * `transferOwnership`.
 */
export class MemberRepository {
  constructor(
    private readonly records: ScopedModel<MemberRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Adds a person. A person already a member keeps their membership as it is (`created: false`):
   * a role changes on purpose, with `setRole`, never by a repeated invitation. Adding an `owner`
   * is for the workspace's first person only: when another owner exists it throws
   * `AlreadyExistsError` (checked by a read, which suffices as a workspace is created once).
   */
  async add(workspaceId: WorkspaceId, input: { userId: string; role: WorkspaceRole }): Promise<AddedMember> {
    if (input.role === 'owner') {
      const owner = await this.ownerOf(workspaceId);
      if (owner && owner.userId !== input.userId)
        throw new AlreadyExistsError('workspace owner', workspaceId);
    }
    const now = this.clock();
    try {
      const record = await this.records.insertOne(workspaceId, {
        _id: newId('member'),
        userId: input.userId,
        role: input.role,
        createdAt: now,
        updatedAt: now,
      });
      return { member: toMember(record), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.records.findOne(workspaceId, { userId: input.userId });
      if (!existing) throw error; // removed in between: let the caller decide whether to retry
      return { member: toMember(existing), created: false };
    }
  }

  async get(workspaceId: WorkspaceId, userId: string): Promise<Member | null> {
    const record = await this.records.findOne(workspaceId, { userId });
    return record ? toMember(record) : null;
  }

  /** The workspace's people, earliest first. */
  async list(workspaceId: WorkspaceId): Promise<Member[]> {
    const records = await this.records.find(workspaceId, {}, { sort: { createdAt: 1, _id: 1 } });
    return records.map(toMember);
  }

  /**
   * The workspaces a person belongs to, earliest membership first. Across workspaces by nature:
   * a signed-in person names no workspace yet, this is how their workspaces are found.
   */
  async workspacesOf(userId: string): Promise<WorkspaceMembership[]> {
    const records = await this.records.acrossWorkspaces
      .find({ userId }, { workspaceId: 1, role: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean<Array<Pick<MemberRecord, 'workspaceId' | 'role'>>>()
      .exec();
    return records.map((record) => ({ workspaceId: record.workspaceId as WorkspaceId, role: record.role }));
  }

  /**
   * Changes a member's role. Null when the person is not a member, or is the owner: ownership
   * moves only by `transferOwnership`, so an owner is never demoted here and nobody promoted.
   */
  async setRole(workspaceId: WorkspaceId, userId: string, role: AssignableRole): Promise<Member | null> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { userId, role: { $ne: 'owner' } },
      { $set: { role, updatedAt: this.clock() } },
    );
    return record ? toMember(record) : null;
  }

  /** Removes a member; false when they are not one, or are the owner (who is never removed). */
  remove(workspaceId: WorkspaceId, userId: string): Promise<boolean> {
    return this.records.deleteOne(workspaceId, { userId, role: { $ne: 'owner' } });
  }

  /**
   * The workspace's owner. Only during a transfer are there two (see `transferOwnership`); then
   * this answers the one who became owner first, the previous owner, until the transfer ends.
   */
  async ownerOf(workspaceId: WorkspaceId): Promise<Member | null> {
    const record = await this.records.findOne(workspaceId, { role: 'owner' }, { sort: OWNER_ORDER });
    return record ? toMember(record) : null;
  }

  /**
   * Makes `toUserId` (already a member) the owner and `fromUserId` (the owner) an admin. Without
   * transactions it takes two writes, ordered so that stopping half-way never leaves the workspace
   * without an owner: the new owner is promoted first, then the old one demoted. Between the two,
   * for an instant (or until the same transfer is called again, which completes it), the workspace
   * has two owners and `ownerOf` answers the previous one.
   *
   * Null, with nothing changed, when `fromUserId` is not the owner, `toUserId` is not a member, or
   * they are the same person. Of two transfers racing away from the same owner, one wins: the
   * other finds the owner already demoted and puts its candidate back to their former role.
   */
  async transferOwnership(
    workspaceId: WorkspaceId,
    fromUserId: string,
    toUserId: string,
  ): Promise<OwnershipTransfer | null> {
    if (fromUserId === toUserId) return null;
    if (!(await this.records.exists(workspaceId, { userId: fromUserId, role: 'owner' }))) return null;
    const now = this.clock();
    const before = await this.records.findOneAndUpdate(
      workspaceId,
      { userId: toUserId },
      { $set: { role: 'owner', updatedAt: now } },
      { returnDocument: 'before' },
    );
    if (!before) return null;
    const demoted = await this.records.findOneAndUpdate(
      workspaceId,
      { userId: fromUserId, role: 'owner' },
      { $set: { role: 'admin', updatedAt: now } },
    );
    if (!demoted) {
      // Another transfer demoted the owner first: undo this promotion (unless the candidate was
      // already the owner, a transfer being resumed) so that one owner remains.
      if (before.role !== 'owner') {
        await this.records.updateOne(
          workspaceId,
          { userId: toUserId, role: 'owner' },
          { $set: { role: before.role, updatedAt: before.updatedAt } },
        );
      }
      return null;
    }
    const owner = await this.get(workspaceId, toUserId);
    return owner ? { owner, previousOwner: toMember(demoted) } : null;
  }
}
