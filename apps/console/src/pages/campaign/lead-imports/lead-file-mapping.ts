import type { components } from '@outreach/client';

export type LeadFileMapping = components['schemas']['LeadFileMapping'];
export type LeadFileField = Exclude<keyof LeadFileMapping, 'customVariables'>;

/**
 * The lead fields a column can fill, in the order the editor offers them, with their names. Keyed
 * by the contract's mapping, so a field added there fails to compile until it is named here (a
 * unit test pins the list to the domain's).
 */
export const FIELD_LABELS: Record<LeadFileField, string> = {
  profileUrl: 'Profile URL',
  publicIdentifier: 'Public identifier',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (split at the first space)',
  companyName: 'Company',
  email: 'E-mail',
  headline: 'Headline',
  phone: 'Phone',
  website: 'Website',
  summary: 'Summary',
};

export const LEAD_FILE_FIELDS = Object.keys(FIELD_LABELS) as LeadFileField[];

/** What one column of the file becomes: a lead field, a custom variable, or nothing. */
export type ColumnUse = LeadFileField | 'custom' | 'skip';

export interface ColumnChoice {
  column: string;
  use: ColumnUse;
  /** The custom variable's name (kept while another use is chosen, so switching back restores it). */
  variable: string;
}

/**
 * The editor's rows, one per column in file order, from a mapping (the file's suggestion, or none:
 * every column left out).
 */
export function choicesFromMapping(
  columns: readonly string[],
  mapping: LeadFileMapping | null,
): ColumnChoice[] {
  const byColumn = new Map<string, { use: ColumnUse; variable: string }>();
  for (const field of LEAD_FILE_FIELDS) {
    const column = mapping?.[field];
    if (column !== undefined && !byColumn.has(column)) byColumn.set(column, { use: field, variable: '' });
  }
  for (const [variable, column] of Object.entries(mapping?.customVariables ?? {}))
    if (!byColumn.has(column)) byColumn.set(column, { use: 'custom', variable });
  return columns.map((column) => ({ column, use: 'skip', variable: '', ...byColumn.get(column) }));
}

/**
 * Gives a column a use. A lead field is filled by one column: the column that held it before is
 * left out, so the editor never shows two columns for one field.
 */
export function setColumnUse(
  choices: readonly ColumnChoice[],
  column: string,
  use: ColumnUse,
): ColumnChoice[] {
  return choices.map((choice) => {
    if (choice.column === column) return { ...choice, use };
    if (use !== 'custom' && use !== 'skip' && choice.use === use) return { ...choice, use: 'skip' };
    return choice;
  });
}

export function setVariableName(
  choices: readonly ColumnChoice[],
  column: string,
  variable: string,
): ColumnChoice[] {
  return choices.map((choice) => (choice.column === column ? { ...choice, variable } : choice));
}

/** The mapping the import sends. */
export function mappingOf(choices: readonly ColumnChoice[]): LeadFileMapping {
  const mapping: LeadFileMapping = {};
  const custom: Record<string, string> = {};
  for (const choice of choices) {
    if (choice.use === 'skip') continue;
    if (choice.use === 'custom') custom[choice.variable.trim()] = choice.column;
    else mapping[choice.use] = choice.column;
  }
  if (Object.keys(custom).length > 0) mapping.customVariables = custom;
  return mapping;
}

/**
 * What keeps the mapping from being sent, in words: no column that identifies a person, a custom
 * variable without a name, or two columns under one name. The API checks the rest (the shape of a
 * variable name, the columns) and its refusal is shown as it words it.
 */
export function mappingProblems(choices: readonly ColumnChoice[]): string[] {
  const problems: string[] = [];
  if (!choices.some((choice) => choice.use === 'profileUrl' || choice.use === 'publicIdentifier'))
    problems.push('Choose the column that holds the profile URL or the public identifier.');
  const seen = new Map<string, string>();
  for (const choice of choices) {
    if (choice.use !== 'custom') continue;
    const name = choice.variable.trim();
    if (name === '') {
      problems.push(`Name the custom variable of column "${choice.column}".`);
      continue;
    }
    const first = seen.get(name);
    if (first !== undefined)
      problems.push(`Columns "${first}" and "${choice.column}" are both named {{${name}}}: rename one.`);
    else seen.set(name, choice.column);
  }
  return problems;
}
