export type { LeadFile, NewLeadFile } from './lead-file.entity.js';
export type { LeadFileRepository } from './lead-file.repository.js';
export type { InvalidLeadFileRow } from './lead-file.schema.js';
