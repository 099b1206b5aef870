/** The lead file limits the API enforces are the ones openapi.yaml states. */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../openapi-document.js';
import { asObject, resolve, type JsonObject } from '../testing/document-walk.js';
import { LEAD_FILE_LIMITS, uploadLeadFileQuery } from './lead-file.schema.js';

function schema(name: string): JsonObject {
  const found = resolve(openApiDocument.components['schemas']?.[name]);
  if (found === undefined) throw new Error(`no schema ${name}`);
  return found;
}

const property = (name: string): JsonObject | undefined =>
  resolve(asObject(schema('LeadFile')['properties'])?.[name]);

describe('lead file limits', () => {
  it('match the LeadFile schema: rows, columns, column names, preview, listed invalid rows', () => {
    expect(property('rowCount')?.['maximum']).toBe(LEAD_FILE_LIMITS.maxRows);
    expect(property('columns')?.['maxItems']).toBe(LEAD_FILE_LIMITS.maxColumns);
    expect(schema('LeadFileColumn')['maxLength']).toBe(LEAD_FILE_LIMITS.columnNameMaxLength);
    expect(property('preview')?.['maxItems']).toBe(LEAD_FILE_LIMITS.previewRows);
    const invalidRows = asObject(asObject(property('invalidRows')?.['properties'])?.['rows']);
    expect(invalidRows?.['maxItems']).toBe(LEAD_FILE_LIMITS.listedInvalidRows);
  });

  it('match what the upload documents for a refused file', () => {
    const upload = asObject(asObject(openApiDocument.paths['/v1/lead-files']?.['post'])?.['responses']);
    const examples = asObject(
      asObject(asObject(asObject(upload?.['413'])?.['content'])?.['application/json'])?.['examples'],
    );
    expect(asObject(asObject(examples?.['tooManyRows'])?.['value'])?.['details']).toEqual({
      maxRows: LEAD_FILE_LIMITS.maxRows,
    });
    expect(asObject(asObject(examples?.['tooLarge'])?.['value'])?.['details']).toEqual({
      maxBytes: LEAD_FILE_LIMITS.maxBytes,
    });
  });

  it('take an optional name of at most 200 characters, trimmed', () => {
    expect(uploadLeadFileQuery.parse({ name: ' leads.csv ' })).toEqual({ name: 'leads.csv' });
    expect(uploadLeadFileQuery.parse({})).toEqual({});
    expect(uploadLeadFileQuery.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
    expect(uploadLeadFileQuery.safeParse({ name: '   ' }).success).toBe(false);
  });
});
