/**
 * The rows of an uploaded lead file as leads. A stored row is its cells and the line it starts on;
 * a mapping turns it into the lead `POST /v1/campaigns/{id}/leads` takes, checked by that
 * operation's own `leadInput` schema, so a row is valid here exactly when the same lead sent as
 * JSON would be. A row that is not becomes `{ line, invalid }` with the reason, naming the column.
 *
 * The import job reads a file with `openLeadFileLeads(db, workspaceId, fileId, mapping, now)` and
 * then `rowsFrom(fromIndex)`: batches in file order, each entry with its `index` (0 for the first
 * data row), so a job stopped half-way resumes from the index after the last one it handled.
 */
import { DomainError, type LeadFileMapping } from '@outreach/domain';
import type { z } from 'zod';
import { zodErrorDetails } from '../validation-message.js';
import { leadInput } from '../schemas/lead.schema.js';

/** A lead as `leadInput` parses it: what the add-leads operation takes. */
export type LeadInputValue = z.output<typeof leadInput>;

/** A row as the data layer stores it. */
export interface LeadFileRow {
  /** Position among the file's data rows, from 0. */
  index: number;
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  cells: readonly string[];
  /** Why the row cannot be read whatever the mapping (too many or too few cells, a cell too long). */
  problem: string | null;
}

export type LeadFileEntry =
  { index: number; line: number; lead: LeadInputValue } | { index: number; line: number; invalid: string };

/** The fields filled from one column as they are, besides the profile URL and the full name. */
const TEXT_FIELDS = [
  'publicIdentifier',
  'firstName',
  'lastName',
  'companyName',
  'email',
  'headline',
  'phone',
  'website',
  'summary',
] as const;

/** The columns a mapping names that the file does not have, each once, in mapping order. */
export function missingLeadFileColumns(columns: readonly string[], mapping: LeadFileMapping): string[] {
  const present = new Set(columns);
  const named = [
    ...Object.entries(mapping).flatMap(([field, column]) =>
      field === 'customVariables' || typeof column !== 'string' ? [] : [column],
    ),
    ...Object.values(mapping.customVariables ?? {}),
  ];
  return [...new Set(named.filter((column) => !present.has(column)))];
}

/**
 * The function that turns a row of a file with these columns into an entry. Throws
 * `invalid_input` when the mapping names a column the file does not have.
 */
export function leadFileRowReader(
  columns: readonly string[],
  mapping: LeadFileMapping,
): (row: LeadFileRow) => LeadFileEntry {
  const missing = missingLeadFileColumns(columns, mapping);
  if (missing.length > 0) {
    throw new DomainError(
      'invalid_input',
      `mapping: the file has no column ${missing.map((column) => JSON.stringify(column)).join(', ')}`,
      { field: 'mapping', missingColumns: missing },
    );
  }
  const position = new Map(columns.map((column, index) => [column, index]));
  const at = (column: string | undefined) => (column === undefined ? undefined : position.get(column));
  const texts = TEXT_FIELDS.flatMap((field) => {
    const index = at(mapping[field]);
    return index === undefined ? [] : [[field, index] as const];
  });
  const profileUrl = at(mapping.profileUrl);
  const fullName = at(mapping.fullName);
  const variables = Object.entries(mapping.customVariables ?? {}).map(
    ([name, column]) => [name, position.get(column) ?? -1] as const,
  );
  const columnOf = (path: string): string | undefined => {
    const [field, variable] = path.split('.');
    if (field === 'networkUrl') return mapping.profileUrl;
    if (field === 'customVariables')
      return variable === undefined ? undefined : mapping.customVariables?.[variable];
    return field === undefined ? undefined : mapping[field as (typeof TEXT_FIELDS)[number]];
  };

  return (row) => {
    const where = { index: row.index, line: row.line };
    if (row.problem !== null) return { ...where, invalid: row.problem };
    const cell = (index: number) => (row.cells[index] ?? '').trim();
    const candidate: Record<string, unknown> = {};
    for (const [field, index] of texts) {
      const value = cell(index);
      if (value !== '') candidate[field] = value;
    }
    if (profileUrl !== undefined && cell(profileUrl) !== '')
      candidate['networkUrl'] = withScheme(cell(profileUrl));
    if (
      fullName !== undefined &&
      candidate['firstName'] === undefined &&
      candidate['lastName'] === undefined
    ) {
      const [first, ...rest] = cell(fullName).split(/\s+/);
      if (first) candidate['firstName'] = first;
      if (rest.length > 0) candidate['lastName'] = rest.join(' ');
    }
    const custom: Record<string, string> = {};
    for (const [name, index] of variables) {
      const value = cell(index);
      if (value !== '') custom[name] = value;
    }
    if (Object.keys(custom).length > 0) candidate['customVariables'] = custom;
    if (candidate['networkUrl'] === undefined && candidate['publicIdentifier'] === undefined) {
      const empty = [mapping.profileUrl, mapping.publicIdentifier].filter((column) => column !== undefined);
      return { ...where, invalid: `no profile URL or public identifier (${describeColumns(empty)} empty)` };
    }
    const parsed = leadInput.safeParse(candidate);
    if (parsed.success) return { ...where, lead: parsed.data };
    const reasons = zodErrorDetails(parsed.error).map(({ path, message }) => {
      const column = columnOf(path);
      return column === undefined
        ? `${path}: ${message}`
        : `column ${JSON.stringify(column)} (${path}): ${message}`;
    });
    return { ...where, invalid: reasons.join('; ') };
  };
}

function describeColumns(columns: readonly string[]): string {
  const named = columns.map((column) => JSON.stringify(column));
  return named.length === 1 ? `column ${named.join('')} is` : `columns ${named.join(' and ')} are`;
}

/** People paste profile URLs without their scheme (`www.<network>.com/in/…`); the schema wants one. */
function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}

/** A file as the data layer answers it: its columns, how many rows, and its rows from an index on. */
export interface LeadFileRowStore<W extends string> {
  leadFiles: {
    get(
      workspaceId: W,
      fileId: string,
      now: Date,
    ): Promise<{ columns: readonly string[]; rowCount: number } | null>;
  };
  leadFileRows: {
    rowsFrom(workspaceId: W, fileId: string, fromIndex: number): AsyncIterable<readonly LeadFileRow[]>;
  };
}

export interface OpenLeadFile {
  rowCount: number;
  columns: readonly string[];
  /** The rows from `fromIndex` on (0: the first data row), in file order, a stored chunk at a time. */
  rowsFrom(fromIndex?: number): AsyncGenerator<LeadFileEntry[]>;
}

/**
 * Opens a file of the workspace for reading with a mapping: `lead_file_not_found` when there is no
 * such file in the workspace or it expired by `now` (real time), `invalid_input` when the mapping
 * names a column the file does not have. Nothing is read before `rowsFrom` is iterated.
 */
export async function openLeadFileLeads<W extends string>(
  store: LeadFileRowStore<W>,
  workspaceId: W,
  fileId: string,
  mapping: LeadFileMapping,
  now: Date,
): Promise<OpenLeadFile> {
  const file = await store.leadFiles.get(workspaceId, fileId, now);
  if (file === null) {
    throw new DomainError('lead_file_not_found', `lead file ${fileId} not found (files are kept 7 days)`, {
      fileId,
    });
  }
  const read = leadFileRowReader(file.columns, mapping);
  return {
    rowCount: file.rowCount,
    columns: file.columns,
    async *rowsFrom(fromIndex = 0) {
      for await (const rows of store.leadFileRows.rowsFrom(workspaceId, fileId, fromIndex)) {
        yield rows.map(read);
      }
    },
  };
}
