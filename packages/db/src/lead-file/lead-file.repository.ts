import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toLeadFile, type LeadFile, type NewLeadFile } from './lead-file.entity.js';
import type { LeadFileRecord } from './lead-file.schema.js';

/** Uploaded lead files, per workspace. Their rows are `leadFileRows`'. */
export class LeadFileRepository {
  constructor(private readonly records: ScopedModel<LeadFileRecord>) {}

  /**
   * Records a file whose rows are all stored (`leadFileRows.append`, under the same id, made with
   * `newId('leadFile')` before the first row). Times are the caller's: real (HTTP) time.
   */
  async create(workspaceId: WorkspaceId, file: NewLeadFile): Promise<LeadFile> {
    const { id, ...fields } = file;
    const record = await this.records.insertOne(workspaceId, { _id: id, ...fields });
    return toLeadFile(record);
  }

  /** The file, unless it is not the workspace's or expired by `now` (real time). */
  async get(workspaceId: WorkspaceId, id: string, now: Date): Promise<LeadFile | null> {
    const record = await this.records.findOne(workspaceId, { _id: id, expiresAt: { $gt: now } });
    return record ? toLeadFile(record) : null;
  }
}
