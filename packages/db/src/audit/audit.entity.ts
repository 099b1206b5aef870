import type { WorkspaceId } from '../common/public-ids.js';
import type {
  AuditActor,
  AuditDetails,
  AuditEntryRecord,
  AuditOutcome,
  AuditTarget,
} from './audit.schema.js';

/** An audit entry as the API shows it (no retention field). */
export interface AuditEntry {
  id: string;
  workspaceId: WorkspaceId | null;
  at: Date;
  actor: AuditActor;
  action: string;
  target: AuditTarget | null;
  outcome: AuditOutcome;
  ip: string | null;
  userAgent: string | null;
  details: AuditDetails | null;
}

export function toAuditEntry(record: AuditEntryRecord): AuditEntry {
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId | null,
    at: record.at,
    actor: { type: record.actor.type, id: record.actor.id ?? null, label: record.actor.label ?? null },
    action: record.action,
    target: record.target ? { type: record.target.type, id: record.target.id } : null,
    outcome: record.outcome,
    ip: record.ip,
    userAgent: record.userAgent,
    details: record.details,
  };
}
