import type { StoredInvitationSettings, WorkspacePlan } from '@outreach/domain';
import type { Model } from 'mongoose';
import { NotFoundError } from '../common/db-errors.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { toWorkspace, type Workspace } from './workspace.entity.js';
import type { WorkspaceRecord } from './workspace.schema.js';

/** Not deleted (null also matches a record written before deletion existed, without the field). */
const LIVE = { deletedAt: null } as const;

/** Workspaces are the tenants: their scope is their own `_id`. */
export class WorkspaceRepository {
  constructor(
    private readonly model: Model<WorkspaceRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Creates a tenant. The only method without a workspace argument that is not a cross-workspace
   * operation: the workspace does not exist yet.
   */
  async createWorkspace(input: {
    name: string;
    plan: WorkspacePlan;
    /** The agency that holds the new workspace (none by default). */
    agencyId?: string | null;
  }): Promise<Workspace> {
    const now = this.clock();
    const created = await new this.model({
      _id: newId('workspace'),
      name: input.name,
      plan: input.plan,
      agencyId: input.agencyId ?? null,
      createdAt: now,
      updatedAt: now,
    }).save();
    return toWorkspace(created.toObject() as WorkspaceRecord);
  }

  /** The workspace, or null when there is none or it was deleted. */
  async get(workspaceId: WorkspaceId): Promise<Workspace | null> {
    const record = await this.model
      .findOne({ _id: workspaceId, ...LIVE })
      .lean<WorkspaceRecord>()
      .exec();
    return record ? toWorkspace(record) : null;
  }

  /**
   * Deletes the workspace for everyone: from now on it reads as missing. Its records stay (the
   * operator may purge them); true when this call deleted it.
   */
  async markDeleted(workspaceId: WorkspaceId, at: Date): Promise<boolean> {
    const result = await this.model
      .updateOne({ _id: workspaceId, ...LIVE }, { $set: { deletedAt: at, updatedAt: this.clock() } })
      .exec();
    return result.modifiedCount === 1;
  }

  /** The plan decides plan-gated features (campaign-level blocks need pro or agency). */
  async getPlan(workspaceId: WorkspaceId): Promise<WorkspacePlan | null> {
    const record = await this.model
      .findOne({ _id: workspaceId, ...LIVE }, { plan: 1 })
      .lean<Pick<WorkspaceRecord, 'plan'>>()
      .exec();
    return record?.plan ?? null;
  }

  async update(workspaceId: WorkspaceId, patch: { name?: string; plan?: WorkspacePlan }): Promise<Workspace> {
    const record = await this.model
      .findByIdAndUpdate(
        workspaceId,
        { $set: { ...patch, updatedAt: this.clock() } },
        { returnDocument: 'after' },
      )
      .lean<WorkspaceRecord>()
      .exec();
    if (!record) throw new NotFoundError('workspace', [workspaceId]);
    return toWorkspace(record);
  }

  /** Replaces the workspace's invitation settings (the caller checked them: `applyInvitationSettings`). */
  async setInvitationSettings(
    workspaceId: WorkspaceId,
    settings: StoredInvitationSettings,
  ): Promise<Workspace> {
    const record = await this.model
      .findOneAndUpdate(
        { _id: workspaceId, ...LIVE },
        { $set: { invitationSettings: settings, updatedAt: this.clock() } },
        { returnDocument: 'after' },
      )
      .lean<WorkspaceRecord>()
      .exec();
    if (!record) throw new NotFoundError('workspace', [workspaceId]);
    return toWorkspace(record);
  }

  /**
   * The workspaces an agency holds, oldest first. Unscoped by nature: an agency is above its
   * workspaces, and its owners and admins see all of them.
   */
  async listByAgency(agencyId: string): Promise<Workspace[]> {
    const records = await this.model
      .find({ agencyId, ...LIVE })
      .sort({ createdAt: 1, _id: 1 })
      .lean<WorkspaceRecord[]>()
      .exec();
    return records.map(toWorkspace);
  }

  /**
   * The workspaces among `ids` that exist, oldest first (a person's workspaces, from their
   * memberships). Several workspaces by nature; each id came from a trusted place.
   */
  async listByIds(ids: readonly WorkspaceId[]): Promise<Workspace[]> {
    if (ids.length === 0) return [];
    const records = await this.model
      .find({ _id: { $in: ids }, ...LIVE })
      .sort({ createdAt: 1, _id: 1 })
      .lean<WorkspaceRecord[]>()
      .exec();
    return records.map(toWorkspace);
  }

  /**
   * Gives every workspace without an agency (null, or created before agencies existed) to
   * `agencyId`, and returns their ids. Run once, when the first person sets the service up: the
   * workspaces made before then (by the CLI, the demo) become that person's agency's. Each
   * workspace is taken only while it has no agency, so one claimed meanwhile keeps its own.
   */
  async assignAgencyToUnowned(agencyId: string): Promise<WorkspaceId[]> {
    const unowned = await this.model
      .find({ agencyId: null }, { _id: 1 })
      .lean<Array<Pick<WorkspaceRecord, '_id'>>>()
      .exec();
    if (unowned.length === 0) return [];
    const ids = unowned.map((record) => record._id);
    await this.model
      .updateMany({ _id: { $in: ids }, agencyId: null }, { $set: { agencyId, updatedAt: this.clock() } })
      .exec();
    // The ones this call gave (another caller may have taken some between the two writes).
    const assigned = await this.model
      .find({ _id: { $in: ids }, agencyId }, { _id: 1 })
      .sort({ _id: 1 })
      .lean<Array<Pick<WorkspaceRecord, '_id'>>>()
      .exec();
    return assigned.map((record) => record._id as WorkspaceId);
  }
}
