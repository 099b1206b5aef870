export type { BlockedLead } from './blocked-lead.entity.js';
export type { BlockListQuery, BlockTarget, BlockedLeadRepository } from './blocked-lead.repository.js';
export type { BlockScope } from './blocked-lead.schema.js';
