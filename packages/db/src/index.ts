export {
  connectDb,
  createDb,
  type ConnectDbOptions,
  type Db,
  type DbOptions,
  type StartedCommand,
} from './db.js';
export {
  connectDbWhenReachable,
  type ConnectWhenReachableOptions,
  type UnreachableAtStart,
} from './connect-when-reachable.js';
export {
  AlreadyExistsError,
  AmbiguousMatchError,
  DbError,
  InvalidCursorError,
  LeaseLostError,
  NotFoundError,
  StatusConflictError,
  VersionConflictError,
  type DbErrorCode,
} from './common/db-errors.js';
export { isDatabaseUnavailable } from './common/database-unavailable.js';
export {
  asWorkspaceId,
  isId,
  newId,
  reservedId,
  type IdKind,
  type WorkspaceId,
} from './common/public-ids.js';
// The id rules live in the domain; re-exported so this package's earlier exports keep working.
export { conversationIdFromUrn, conversationUrn, eventId as eventIdFor, ID_PREFIXES } from '@outreach/domain';
export type { LeaseRequest } from './common/lease.js';
export type { Page, PageRequest } from './common/page.js';
export { encodeCursor } from './common/keyset.js';
export { assertTestDatabase } from './test-guard.js';

export * from './action/index.js';
export * from './agency/index.js';
export * from './api-key/index.js';
export * from './audit/index.js';
export * from './auth-failure/index.js';
export * from './blocked-lead/index.js';
export * from './campaign/index.js';
export * from './campaign-stats/index.js';
export * from './conversation/index.js';
export * from './delivery/index.js';
export * from './event/index.js';
export * from './idempotency/index.js';
export * from './invitation/index.js';
export * from './lead/index.js';
export * from './lead-file/index.js';
export * from './lead-file-row/index.js';
export * from './lead-import/index.js';
export * from './lead-import-row/index.js';
export * from './member/index.js';
export * from './provider-event/index.js';
export * from './model-answer/index.js';
export * from './model-usage/index.js';
export * from './rate-limit/index.js';
export * from './sender-account/index.js';
export * from './setup-token/index.js';
export * from './webhook-subscription/index.js';
export * from './workspace/index.js';
