/** The v1 HTTP contract: the OpenAPI document, the types generated from it and the request schemas. */
export const API_VERSION = '1.0.0';

export * from './api-types.js';
export { openApiDocument, openApiDocumentPath, type OpenApiDocument } from './openapi-document.js';
export * from './schemas/index.js';
export {
  leadFileRowReader,
  missingLeadFileColumns,
  openLeadFileLeads,
  type LeadFileEntry,
  type LeadFileRow,
  type LeadFileRowStore,
  type LeadInputValue,
  type OpenLeadFile,
} from './lead-files/lead-file-rows.js';
export {
  formatZodError,
  zodErrorDetails,
  type FormatOptions,
  type ValidationProblem,
} from './validation-message.js';
