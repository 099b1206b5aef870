export type { LeadImport, LeadImportPart } from './lead-import.entity.js';
export type { ImportPageProgress, LeadImportRepository, NewLeadImport } from './lead-import.repository.js';
export type { LeadImportPartRecord } from './lead-import.schema.js';
