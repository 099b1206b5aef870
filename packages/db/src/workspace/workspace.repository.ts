import type { WorkspacePlan } from '@outreach/domain';
import type { Model } from 'mongoose';
import { NotFoundError } from '../common/db-errors.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { toWorkspace, type Workspace } from './workspace.entity.js';
import type { WorkspaceRecord } from './workspace.schema.js';

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
  async createWorkspace(input: { name: string; plan: WorkspacePlan }): Promise<Workspace> {
    const now = this.clock();
    const created = await new this.model({
      _id: newId('workspace'),
      name: input.name,
      plan: input.plan,
      createdAt: now,
      updatedAt: now,
    }).save();
    return toWorkspace(created.toObject() as WorkspaceRecord);
  }

  async get(workspaceId: WorkspaceId): Promise<Workspace | null> {
    const record = await this.model.findById(workspaceId).lean<WorkspaceRecord>().exec();
    return record ? toWorkspace(record) : null;
  }

  /** The plan decides plan-gated features (campaign-level blocks need pro or agency). */
  async getPlan(workspaceId: WorkspaceId): Promise<WorkspacePlan | null> {
    const record = await this.model
      .findById(workspaceId, { plan: 1 })
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
}
