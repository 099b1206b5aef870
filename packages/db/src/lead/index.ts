export type { Lead } from './lead.entity.js';
export type { LeadExportRepository } from './lead-export.repository.js';
export type { LeadLeaseRepository, MessagePlan, StepOutcome } from './lead-lease.repository.js';
export type {
  LeadExpectation,
  LeadRepository,
  LeadStatusChange,
  LeadStatusCounts,
  NewLead,
} from './lead.repository.js';
export { LEAD_PROFILE_FIELDS, type LeadProfile, type LeadProfileField } from './lead.schema.js';
export {
  addImportedLeads,
  addLeadsToCampaign,
  redistributeCampaignLeads,
  type DedupeQuery,
  type LeadIntake,
} from './lead-intake.js';
export type {
  InvitationStanding,
  LeadInvitationRepository,
  StaleInvitation,
} from './lead-invitations.repository.js';
