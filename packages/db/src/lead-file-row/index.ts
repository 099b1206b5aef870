export type { LeadFileRowEntry, LeadFileRowRepository } from './lead-file-row.repository.js';
export type { StoredLeadFileRow } from './lead-file-row.schema.js';
