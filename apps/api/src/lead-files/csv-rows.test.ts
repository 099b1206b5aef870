/**
 * Reading an upload's text as rows: the delimiter comes from the header line alone, quoted cells
 * keep their line breaks and the rows their first line, ragged rows and long cells are reported as
 * row problems, and what cannot be parsed at all refuses the file naming its line.
 */
import { LEAD_FILE_LIMITS } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { columnNames, openCsv, type CsvRow } from './csv-rows.js';

async function* chunks(text: string, size = 7): AsyncGenerator<string> {
  for (let index = 0; index < text.length; index += size) yield text.slice(index, index + size);
}

async function read(text: string, size?: number) {
  const csv = await openCsv(chunks(text, size));
  const rows: CsvRow[] = [];
  for await (const row of csv.rows) rows.push(row);
  return { delimiter: csv.delimiter, columns: csv.columns, rows };
}

describe('a CSV upload', () => {
  it('keeps quoted line breaks in their cell and each row’s first line', async () => {
    const file =
      'Profile URL;Summary;Name\r\n' +
      'u1;"first line\r\nsecond; line";Ada\r\n' +
      '\r\n' +
      'u2;"a ""quote""";Grace\r\n';
    expect(await read(file)).toEqual({
      delimiter: ';',
      columns: ['Profile URL', 'Summary', 'Name'],
      rows: [
        { line: 2, cells: ['u1', 'first line\r\nsecond; line', 'Ada'], problem: null },
        { line: 5, cells: ['u2', 'a "quote"', 'Grace'], problem: null },
      ],
    });
  });

  it('reads the delimiter from the header only: a comma in a cell of a tab file stays in its cell', async () => {
    const { delimiter, rows } = await read('URL\tCompany\nu1\tAcme, Inc.\nu2\tPlain\n');
    expect(delimiter).toBe('\t');
    expect(rows.map((row) => row.cells)).toEqual([
      ['u1', 'Acme, Inc.'],
      ['u2', 'Plain'],
    ]);
  });

  it('reports rows with too few or too many cells, and too-long cells, as row problems', async () => {
    const long = 'x'.repeat(LEAD_FILE_LIMITS.cellMaxLength + 1);
    const { rows } = await read(`a,b\n1\n1,2,3\n1,${long}\n1,2`);
    expect(rows.map((row) => [row.line, row.problem])).toEqual([
      [2, 'has 1 cell, the header has 2'],
      [3, 'has 3 cells, the header has 2'],
      [4, `column "b": the cell is longer than ${LEAD_FILE_LIMITS.cellMaxLength} characters`],
      [5, null],
    ]);
  });

  it('skips empty lines and rows of empty cells, and reads lines ended by CR alone', async () => {
    const { rows } = await read('a,b\r1,2\r\r , \r3,4');
    expect(rows.map((row) => [row.line, row.cells])).toEqual([
      [2, ['1', '2']],
      [5, ['3', '4']],
    ]);
  });

  it('keeps a stray quote inside an unquoted cell as text', async () => {
    const { rows } = await read('a,b\n15" screen,2\n');
    expect(rows[0]?.cells).toEqual(['15" screen', '2']);
  });

  it('is refused, naming the line it starts on, when a quote is never closed', async () => {
    await expect(read('a,b\n1,2\n3,"never closed\n4,5\n')).rejects.toMatchObject({
      statusCode: 422,
      code: 'invalid_csv',
      details: { line: 3 },
    });
  });

  it('is refused when empty, and when its header has too many columns', async () => {
    await expect(read('')).rejects.toMatchObject({ statusCode: 422, code: 'invalid_csv' });
    const wide = Array.from({ length: LEAD_FILE_LIMITS.maxColumns + 1 }, (_, i) => `c${i}`).join(',');
    await expect(read(`${wide}\n`)).rejects.toMatchObject({ statusCode: 422, details: { line: 1 } });
  });
});

describe('column names', () => {
  it('are trimmed, named by position when empty, and numbered when repeated', () => {
    expect(columnNames([' Email ', '', 'Email', 'Email', ''])).toEqual([
      'Email',
      'Column 2',
      'Email (2)',
      'Email (3)',
      'Column 5',
    ]);
  });
});
