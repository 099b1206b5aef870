export type { AuditEntry } from './audit.entity.js';
export type { AuditListQuery, AuditLogRepository, AuditPage, NewAuditEntry } from './audit.repository.js';
export {
  AUDIT_ACTOR_TYPES,
  AUDIT_OUTCOMES,
  AUDIT_RETENTION_DAYS,
  MAX_AUDIT_STRING_LENGTH,
  type AuditActor,
  type AuditActorType,
  type AuditDetails,
  type AuditOutcome,
  type AuditTarget,
} from './audit.schema.js';
