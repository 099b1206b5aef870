import type { StoredInvitationSettings, WorkspacePlan } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { WorkspaceRecord } from './workspace.schema.js';

export interface Workspace {
  id: WorkspaceId;
  name: string;
  plan: WorkspacePlan;
  /** The agency that holds the workspace, or null. */
  agencyId: string | null;
  /** The invitation hygiene the workspace set; `invitationSettingsOf` fills in the defaults. */
  invitationSettings: StoredInvitationSettings;
  createdAt: Date;
  updatedAt: Date;
}

export function toWorkspace(record: WorkspaceRecord): Workspace {
  return {
    id: record._id as WorkspaceId,
    name: record.name,
    plan: record.plan,
    agencyId: record.agencyId ?? null,
    invitationSettings: storedSettings(record.invitationSettings),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Only the numbers set: a field the subdocument lacks is left out, not carried as undefined. */
function storedSettings(record: StoredInvitationSettings | null | undefined): StoredInvitationSettings {
  const settings: Record<string, number> = {};
  for (const [key, value] of Object.entries(record ?? {})) {
    if (typeof value === 'number') settings[key] = value;
  }
  return settings as StoredInvitationSettings;
}
