/** Requests of the lead file operations, and the mapping an import of a file sends. */
import { variableNameProblem } from '@outreach/domain';
import { z } from 'zod';
import type { LeadFileMapping } from '../api-types.js';
import { campaignIdParams } from './campaign.schema.js';
import { idValue, trimmedText } from './common.schema.js';
import type { Equal, Normalize } from './contract-equality.js';
import { REQUEST_LIMITS } from './request-limits.js';

/**
 * The limits of an uploaded lead file, stated in `openapi.yaml` too (a test checks they agree). A
 * file beyond the row, byte, column or header limits is refused whole; a cell beyond its limit makes
 * its row invalid; a row beyond `rowMaxLength` characters is almost always a quote never closed,
 * which would otherwise read the rest of the file as one cell.
 */
export const LEAD_FILE_LIMITS = {
  maxRows: 100_000,
  maxBytes: 100 * 1024 * 1024,
  maxColumns: 100,
  columnNameMaxLength: 200,
  cellMaxLength: 10_000,
  rowMaxLength: 1_000_000,
  previewRows: 10,
  listedInvalidRows: 20,
  retentionDays: 7,
} as const;

/** A column of a lead file, by the name its `columns` list gives it. */
export const leadFileColumn = z.string().min(1).max(LEAD_FILE_LIMITS.columnNameMaxLength);

const columnsByVariable = z
  .record(z.string(), leadFileColumn)
  .refine((variables) => Object.keys(variables).length <= REQUEST_LIMITS.customVariablesMaxCount, {
    message: `must have at most ${REQUEST_LIMITS.customVariablesMaxCount} variables`,
  });

/** Variable names checked on the object as parsed from JSON, as `customVariables` does. */
const customVariableColumns = z.preprocess<unknown, typeof columnsByVariable, Record<string, string>>(
  (value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    for (const name of Object.keys(value)) {
      const problem = variableNameProblem(name);
      if (problem !== null) {
        ctx.issues.push({ code: 'custom', message: `variable name ${problem}`, path: [name], input: value });
      }
    }
    return value;
  },
  columnsByVariable,
);

/** Which column fills which lead field; a profile URL or a public identifier column is required. */
export const leadFileMapping = z
  .strictObject({
    profileUrl: leadFileColumn.optional(),
    publicIdentifier: leadFileColumn.optional(),
    firstName: leadFileColumn.optional(),
    lastName: leadFileColumn.optional(),
    fullName: leadFileColumn.optional(),
    companyName: leadFileColumn.optional(),
    email: leadFileColumn.optional(),
    headline: leadFileColumn.optional(),
    phone: leadFileColumn.optional(),
    website: leadFileColumn.optional(),
    summary: leadFileColumn.optional(),
    customVariables: customVariableColumns.optional(),
  })
  .refine((mapping) => mapping.profileUrl !== undefined || mapping.publicIdentifier !== undefined, {
    message: 'profileUrl or publicIdentifier is required',
    path: ['profileUrl'],
  });

/**
 * The mapping is no request part of these operations (an import's body carries it), so the
 * per-operation check of request-schemas.ts does not reach it: `tsc` fails here when it and the
 * document's `LeadFileMapping` differ.
 */
const mappingMatchesDocument: Equal<
  Normalize<z.input<typeof leadFileMapping>>,
  Normalize<LeadFileMapping>
> = true;
void mappingMatchesDocument;

export const uploadLeadFileQuery = z.strictObject({
  name: trimmedText(LEAD_FILE_LIMITS.columnNameMaxLength).optional(),
});

export const getLeadFileParams = z.strictObject({ id: idValue });

export const exportCampaignLeadsParams = campaignIdParams;
