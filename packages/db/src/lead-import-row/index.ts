export { IMPORT_ROW_OUTCOMES, type ImportRowOutcome } from './lead-import-row.schema.js';
export type { ImportRow, LeadImportRowRepository } from './lead-import-row.repository.js';
