import type { LeadFile, LeadFileDelimiter, LeadFileMapping } from '@outreach/contract';
import type { LeadFile as LeadFileEntity } from '@outreach/db';
import type { LeadFileMapping as DomainMapping } from '@outreach/domain';

/** The file as the API shows it: preview rows as column name to cell. */
export function toApiLeadFile(file: LeadFileEntity): LeadFile {
  return {
    id: file.id,
    name: file.name,
    rowCount: file.rowCount,
    columns: [...file.columns],
    delimiter: file.delimiter as LeadFileDelimiter,
    preview: file.preview.map((cells) => previewRow(file.columns, cells)),
    suggestedMapping: file.suggestedMapping === null ? null : toApiMapping(file.suggestedMapping),
    invalidRows: {
      count: file.invalidRows.count,
      rows: file.invalidRows.rows.map(({ line, reason }) => ({ line, reason })),
    },
    createdAt: file.createdAt.toISOString(),
    expiresAt: file.expiresAt.toISOString(),
  };
}

/** `Object.fromEntries` defines each key as its own property, `__proto__` included. */
function previewRow(columns: readonly string[], cells: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    columns.flatMap((column, index) => {
      const cell = cells[index];
      return cell === undefined ? [] : [[column, cell] as const];
    }),
  );
}

function toApiMapping(mapping: DomainMapping): LeadFileMapping {
  const fields = Object.entries(mapping).flatMap(([field, column]) =>
    typeof column === 'string' ? [[field, column] as const] : [],
  );
  const customVariables = mapping.customVariables;
  return {
    ...Object.fromEntries(fields),
    ...(customVariables !== undefined ? { customVariables: { ...customVariables } } : {}),
  } as LeadFileMapping;
}
