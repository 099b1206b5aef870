export * from './account.schema.js';
export * from './ai-tool.schema.js';
export * from './analytics.schema.js';
export {
  DEFAULT_ANALYTICS_WINDOW_DAYS,
  isBoundedWindow,
  MAX_ANALYTICS_WINDOW_DAYS,
  WINDOW_TOO_LONG_MESSAGE,
  resolveAnalyticsWindow,
  type AnalyticsWindow,
} from './analytics-window.js';
export * from './block-list.schema.js';
export * from './campaign.schema.js';
export {
  isIanaTimeZone,
  ISO_DATE_YEAR_PATTERN,
  isoDateOrDateTime,
  searchText,
  VARIABLE_NAME_PATTERN,
} from './common.schema.js';
export type {
  AssertNoMismatch,
  ContractMismatches,
  Equal,
  Normalize,
  OperationSchemas,
} from './contract-equality.js';
export * from './conversation.schema.js';
export * from './lead.schema.js';
export * from './lead-file.schema.js';
export * from './lead-import.schema.js';
export {
  afterQuery,
  cursorPaginationQuery,
  limitQuery,
  offsetQuery,
  paginationQuery,
  type PaginationQuery,
} from './pagination.schema.js';
export { requestSchemas, type RequestSchemas } from './request-schemas.js';
export { REQUEST_LIMITS } from './request-limits.js';
export * from './sequence.schema.js';
export * from './webhook.schema.js';
