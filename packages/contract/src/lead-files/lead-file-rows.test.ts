/**
 * A file's rows become exactly the leads the add-leads operation would accept, or invalid rows
 * whose reason names the column; mappings naming columns the file lacks, and files that are not
 * there, are refused before any row is read; reading resumes from an index.
 */
import { DomainError, suggestLeadFileMapping } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { leadFileMapping, LEAD_FILE_LIMITS } from '../schemas/lead-file.schema.js';
import { leadInput } from '../schemas/lead.schema.js';
import {
  leadFileRowReader,
  missingLeadFileColumns,
  openLeadFileLeads,
  type LeadFileRow,
  type LeadFileRowStore,
} from './lead-file-rows.js';

const columns = ['LinkedIn URL', 'Identifier', 'Full Name', 'First', 'Last', 'E-mail', 'Industry'];
const mapping = {
  profileUrl: 'LinkedIn URL',
  publicIdentifier: 'Identifier',
  fullName: 'Full Name',
  firstName: 'First',
  lastName: 'Last',
  email: 'E-mail',
  customVariables: { industry: 'Industry' },
};
const row = (cells: string[], line = 2, problem: string | null = null): LeadFileRow => ({
  index: line - 2,
  line,
  cells,
  problem,
});
const read = leadFileRowReader(columns, mapping);

describe('a row read with a mapping', () => {
  it('becomes the lead the add-leads operation takes, cells trimmed, empty cells left out', () => {
    const entry = read(
      row([
        ' https://www.linkedin.com/in/ada-lovelace/ ',
        '',
        '',
        'Ada',
        'Lovelace',
        'ada@example.com',
        'Maths',
      ]),
    );
    expect(entry).toEqual({
      index: 0,
      line: 2,
      lead: {
        networkUrl: 'https://www.linkedin.com/in/ada-lovelace/',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        customVariables: { industry: 'Maths' },
      },
    });
    if ('lead' in entry) expect(leadInput.safeParse(entry.lead).success).toBe(true);
  });

  it('gives a profile URL pasted without its scheme one', () => {
    const entry = read(row(['linkedin.com/in/grace-hopper', '', '', '', '', '', '']));
    expect(entry).toMatchObject({ lead: { networkUrl: 'https://linkedin.com/in/grace-hopper' } });
  });

  it('splits the full name when the first and last name cells are empty', () => {
    expect(read(row(['', 'alan-turing', 'Alan Mathison Turing', '', '', '', '']))).toMatchObject({
      lead: { publicIdentifier: 'alan-turing', firstName: 'Alan', lastName: 'Mathison Turing' },
    });
    expect(read(row(['', 'alan-turing', 'Alan Turing', 'A.', '', '', '']))).toMatchObject({
      lead: { firstName: 'A.' },
    });
  });

  it('is invalid with the reason and its column: a bad e-mail, a URL that is no profile, a too-long cell', () => {
    expect(read(row(['https://x.example/in/a', '', '', '', '', 'not-an-email', ''], 7))).toEqual({
      index: 5,
      line: 7,
      invalid: 'column "E-mail" (email): must be a valid email',
    });
    expect(read(row(['https://www.linkedin.com/company/acme', '', '', '', '', '', '']))).toMatchObject({
      invalid: expect.stringContaining('column "LinkedIn URL" (networkUrl): must be a profile URL'),
    });
    expect(read(row(['', 'ada', '', 'A'.repeat(201), '', '', '']))).toMatchObject({
      invalid: 'column "First" (firstName): must be at most 200 characters',
    });
    expect(read(row(['', 'ada', '', '', '', '', 'x'.repeat(2001)]))).toMatchObject({
      invalid: 'column "Industry" (customVariables.industry): must be at most 2000 characters',
    });
  });

  it('is invalid without a profile URL or an identifier, naming the empty columns', () => {
    expect(read(row(['', ' ', 'Ada Lovelace', '', '', '', '']))).toMatchObject({
      invalid: 'no profile URL or public identifier (columns "LinkedIn URL" and "Identifier" are empty)',
    });
  });

  it('keeps the problem the data layer stored with the row, whatever the mapping', () => {
    expect(read(row(['a', 'b'], 9, 'has 2 cells, the header has 7'))).toEqual({
      index: 7,
      line: 9,
      invalid: 'has 2 cells, the header has 7',
    });
  });
});

describe('a mapping', () => {
  it('naming columns the file does not have is refused with them', () => {
    expect(
      missingLeadFileColumns(columns, { profileUrl: 'URL', customVariables: { a: 'Nope', b: 'Nope' } }),
    ).toEqual(['URL', 'Nope']);
    expect(() => leadFileRowReader(columns, { profileUrl: 'URL' })).toThrow(DomainError);
    expect(() => leadFileRowReader(columns, { profileUrl: 'URL' })).toThrow(
      'mapping: the file has no column "URL"',
    );
  });

  it('suggested by the domain for typical exports is a valid mapping', () => {
    const exports = [
      ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'],
      [
        'Profile URL',
        'First Name',
        'Last Name',
        'Full Name',
        'Title',
        'Company Name',
        'Company Website',
        'Location',
        'Industry',
        'Summary',
        'Connection Degree',
        'Shared Connections',
        'Premium',
        'Open Profile',
      ],
      [
        'linkedin_profile',
        'Prénom',
        'Nom',
        'Entreprise',
        'E-mail',
        'Téléphone',
        'constructor',
        '1st line',
        '#',
      ],
    ];
    const samples = [
      ['Ada', 'Lovelace', 'https://www.linkedin.com/in/ada/', 'ada@example.com', 'AE', 'CEO', '1 Jan'],
    ];
    for (const header of exports) {
      const suggested = suggestLeadFileMapping(header, header === exports[0] ? samples : []);
      expect(suggested, header.join(',')).not.toBeNull();
      expect(leadFileMapping.safeParse(suggested).error, header.join(',')).toBeUndefined();
      expect(missingLeadFileColumns(header, suggested ?? {})).toEqual([]);
    }
  });

  it('is refused by the schema without an identifier column, with a bad variable name or too many variables', () => {
    expect(leadFileMapping.safeParse({ firstName: 'First' }).success).toBe(false);
    expect(leadFileMapping.safeParse({ profileUrl: 'U', customVariables: { 'bad name': 'X' } }).success).toBe(
      false,
    );
    const reserved: unknown = JSON.parse('{"profileUrl":"U","customVariables":{"__proto__":"X"}}');
    expect(leadFileMapping.safeParse(reserved).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`v${i}`, 'X']));
    expect(leadFileMapping.safeParse({ profileUrl: 'U', customVariables: many }).success).toBe(false);
    expect(leadFileMapping.safeParse({ profileUrl: 'U', nickname: 'N' }).success).toBe(false);
    expect(
      leadFileMapping.safeParse({ profileUrl: 'x'.repeat(LEAD_FILE_LIMITS.columnNameMaxLength + 1) }).success,
    ).toBe(false);
  });
});

describe('openLeadFileLeads', () => {
  const rows: LeadFileRow[] = Array.from({ length: 5 }, (_, index) => ({
    index,
    line: index + 2,
    cells: [`https://www.linkedin.com/in/p${index}`, '', '', '', '', index === 3 ? 'bad' : '', ''],
    problem: null,
  }));
  const store: LeadFileRowStore<string> = {
    leadFiles: {
      get: (workspaceId, fileId) =>
        Promise.resolve(
          workspaceId === 'ws_a' && fileId === 'lfl_1' ? { columns, rowCount: rows.length } : null,
        ),
    },
    leadFileRows: {
      async *rowsFrom(_workspaceId, _fileId, fromIndex) {
        const left = rows.filter((stored) => stored.index >= fromIndex);
        yield left.slice(0, 2);
        if (left.length > 2) yield left.slice(2);
      },
    },
  };
  const now = new Date('2025-06-03T09:00:00Z');

  it('reads every row in order from an index, valid and invalid alike', async () => {
    const file = await openLeadFileLeads(store, 'ws_a', 'lfl_1', mapping, now);
    expect(file.rowCount).toBe(5);
    const lines: Array<[number, string]> = [];
    for await (const batch of file.rowsFrom(2)) {
      for (const entry of batch) lines.push([entry.line, 'lead' in entry ? 'lead' : entry.invalid]);
    }
    expect(lines).toEqual([
      [4, 'lead'],
      [5, 'column "E-mail" (email): must be a valid email'],
      [6, 'lead'],
    ]);
  });

  it('is a 404 for a file of another workspace, and a 400 for a mapping the file cannot satisfy', async () => {
    await expect(openLeadFileLeads(store, 'ws_b', 'lfl_1', mapping, now)).rejects.toMatchObject({
      code: 'lead_file_not_found',
      statusCode: 404,
    });
    await expect(
      openLeadFileLeads(store, 'ws_a', 'lfl_1', { profileUrl: 'Nope' }, now),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      details: { missingColumns: ['Nope'] },
    });
  });
});
