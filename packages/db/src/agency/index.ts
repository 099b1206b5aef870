export type { Agency, AgencyMember, AgencyMembership } from './agency.entity.js';
export type { AgencyRepository } from './agency.repository.js';
