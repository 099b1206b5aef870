import type { components } from '@outreach/client';

export type LeadInput = components['schemas']['LeadInput'];

export interface ParsedLeads {
  leads: LeadInput[];
  /** Lines that could not be read, with their line number, so the person can fix them. */
  problems: string[];
}

/** CSV header names (lower-cased, without spaces or underscores) mapped to lead fields. */
const COLUMNS: Record<string, keyof Omit<LeadInput, 'customVariables'>> = {
  url: 'networkUrl',
  profileurl: 'networkUrl',
  linkedinurl: 'networkUrl',
  networkurl: 'networkUrl',
  publicidentifier: 'publicIdentifier',
  firstname: 'firstName',
  lastname: 'lastName',
  email: 'email',
  phone: 'phone',
  company: 'companyName',
  companyname: 'companyName',
  headline: 'headline',
  website: 'website',
  summary: 'summary',
};

const PROFILE_URL = /^https?:\/\/([a-z]+\.)?linkedin\.com\/in\/[^/?#\s]+\/?/i;

/** Splits one CSV line, honouring double quotes ("a, b" is one cell; "" is a quote). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';' || char === '\t') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[\s_-]/g, '');
}

/**
 * Reads what a person pasted: one profile URL per line, or a CSV whose first line names the
 * columns (networkUrl or url, firstName, lastName, companyName, ...; unknown columns become
 * custom variables). Blank lines are ignored.
 */
export function parseLeadsInput(text: string): ParsedLeads {
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '');
  const first = lines[0];
  if (!first) return { leads: [], problems: [] };
  const header = splitCsvLine(first.line).map(headerKey);
  const isCsv = header.some((cell) => COLUMNS[cell] === 'networkUrl' || COLUMNS[cell] === 'publicIdentifier');
  return isCsv ? parseCsv(splitCsvLine(first.line), lines.slice(1)) : parseUrls(lines);
}

function parseUrls(lines: { line: string; number: number }[]): ParsedLeads {
  const leads: LeadInput[] = [];
  const problems: string[] = [];
  for (const { line, number } of lines) {
    if (PROFILE_URL.test(line)) leads.push({ networkUrl: line });
    else problems.push(`line ${number}: not a profile URL (https://www.linkedin.com/in/…): ${line}`);
  }
  return { leads, problems };
}

function parseCsv(header: string[], rows: { line: string; number: number }[]): ParsedLeads {
  const leads: LeadInput[] = [];
  const problems: string[] = [];
  for (const { line, number } of rows) {
    const cells = splitCsvLine(line);
    const lead: Record<string, string> = {};
    const custom: Record<string, string> = {};
    header.forEach((name, index) => {
      const value = cells[index] ?? '';
      if (value === '') return;
      const field = COLUMNS[headerKey(name)];
      if (field) lead[field] = value;
      else custom[name.trim()] = value;
    });
    if (!lead['networkUrl'] && !lead['publicIdentifier']) {
      problems.push(`line ${number}: no profile URL or public identifier`);
      continue;
    }
    if (lead['networkUrl'] && !PROFILE_URL.test(lead['networkUrl'])) {
      problems.push(`line ${number}: not a profile URL: ${lead['networkUrl']}`);
      continue;
    }
    const input = { ...lead } as LeadInput;
    if (Object.keys(custom).length > 0) input.customVariables = custom;
    leads.push(input);
  }
  return { leads, problems };
}
