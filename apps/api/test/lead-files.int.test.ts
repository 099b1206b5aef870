/**
 * `POST /v1/lead-files` and `GET /v1/lead-files/{id}` over real HTTP, and the row reader the import
 * job uses on what they stored. De-risks: an export as people bring it (a byte order mark, `;`,
 * summaries quoted over two lines, some bad rows) reads back row for row with the right lines; the
 * delimiter comes from the header; typical headers suggest valid mappings; rows are stored while
 * the body still arrives; files stay in their workspace and expire. Refused files, idempotency and
 * roles: lead-file-refusals.int.test.ts.
 */
import {
  addLeadsBody,
  leadFileMapping,
  openLeadFileLeads,
  type AddLeadsResult,
  type LeadFile,
  type LeadFileEntry,
} from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { createCampaign, createWorkspace, unknownId, useWorkspace } from './support/fixtures.js';
import {
  salesNavigatorExport,
  storedLeadFiles,
  streamedBody,
  uploadLeadFile,
  SALES_NAVIGATOR_HEADER,
} from './support/lead-files.js';
import { useTestApp } from './support/test-app.js';

const DAY_MS = 86_400_000;
let realNow = Date.now();
// HTTP time is the test's, so a file can be read past its expiry.
const app = useTestApp({ realClock: () => new Date(realNow) });
const ws = useWorkspace(app);

const upload = (
  body: Parameters<typeof uploadLeadFile>[2],
  options: Parameters<typeof uploadLeadFile>[3] & { apiKey?: string } = {},
) => uploadLeadFile(app, options.apiKey ?? ws.apiKey, body, options);

async function readAll(workspaceId: string, fileId: string, mapping: object, fromIndex = 0) {
  const file = await openLeadFileLeads(
    app.db,
    asWorkspaceId(workspaceId),
    fileId,
    leadFileMapping.parse(mapping),
    new Date(realNow),
  );
  const entries: LeadFileEntry[] = [];
  for await (const batch of file.rowsFrom(fromIndex)) entries.push(...batch);
  return entries;
}

describe('uploading an export with a byte order mark, `;`, quoted line breaks and 5% invalid rows', () => {
  const exported = salesNavigatorExport(200);
  let file: LeadFile;

  it('answers 201 with its columns, delimiter, first rows, suggested mapping and invalid rows', async () => {
    const res = await upload(exported.text, { query: '?name=sales-navigator.csv' });
    expect(res.status).toBe(201);
    file = res.body;
    expect(file).toMatchObject({
      name: 'sales-navigator.csv',
      rowCount: 200,
      columns: SALES_NAVIGATOR_HEADER,
      delimiter: ';',
      suggestedMapping: {
        profileUrl: 'LinkedIn URL',
        firstName: 'First Name',
        lastName: 'Last Name',
        companyName: 'Company',
        headline: 'Title',
        email: 'E-mail',
        summary: 'Summary',
        customVariables: { location: 'Location' },
      },
    });
    expect(file.id).toMatch(/^lfl_[0-9a-f]{24}$/);
    expect(file.preview).toHaveLength(10);
    expect(file.preview[0]).toEqual({
      'LinkedIn URL': 'https://www.linkedin.com/in/person-0/',
      'First Name': 'First0',
      'Last Name': 'Last0',
      Company: 'Company 0',
      Title: 'Founder',
      'E-mail': 'person-0@example.com',
      Summary: 'Builds payments; "fast"\r\nand reliable, since 2000',
      Location: 'Berlin',
    });
    const invalid = exported.rows.filter((row) => row.invalid !== null);
    expect(file.invalidRows.count).toBe(invalid.length);
    expect(file.invalidRows.rows.map((row) => row.line)).toEqual(invalid.map((row) => row.line));
    expect(file.invalidRows.rows[2]?.reason).toBe('has 5 cells, the header has 8');
    expect(Date.parse(file.expiresAt) - Date.parse(file.createdAt)).toBe(7 * DAY_MS);
  });

  it('reads every valid row as a lead and reports every invalid one with its line and reason', async () => {
    const entries = await readAll(ws.workspaceId, file.id, file.suggestedMapping ?? {});
    expect(entries.map((entry) => entry.line)).toEqual(exported.rows.map((row) => row.line));
    expect(entries.map((entry) => entry.index)).toEqual(exported.rows.map((_, index) => index));
    const reasons = entries.flatMap((entry) => ('invalid' in entry ? [[entry.line, entry.invalid]] : []));
    expect(reasons).toHaveLength(10);
    expect(reasons.slice(0, 5)).toEqual([
      [exported.rows[19]?.line, 'column "E-mail" (email): must be a valid email'],
      [
        exported.rows[39]?.line,
        'column "LinkedIn URL" (networkUrl): must be a profile URL http(s)://<host>/in/<identifier>',
      ],
      [exported.rows[59]?.line, 'has 5 cells, the header has 8'],
      [exported.rows[79]?.line, 'no profile URL or public identifier (column "LinkedIn URL" is empty)'],
      [exported.rows[99]?.line, 'column "First Name" (firstName): must be at most 200 characters'],
    ]);
    const first = entries[0];
    expect(first).toEqual({
      index: 0,
      line: 2,
      lead: {
        networkUrl: 'https://www.linkedin.com/in/person-0/',
        firstName: 'First0',
        lastName: 'Last0',
        companyName: 'Company 0',
        headline: 'Founder',
        email: 'person-0@example.com',
        summary: 'Builds payments; "fast"\r\nand reliable, since 2000',
        customVariables: { location: 'Berlin' },
      },
    });
  });

  it('resumes from a row index, and gives leads the add-leads operation takes as they are', async () => {
    const tail = await readAll(ws.workspaceId, file.id, file.suggestedMapping ?? {}, 150);
    expect(tail.map((entry) => entry.index)).toEqual(Array.from({ length: 50 }, (_, n) => 150 + n));
    const leads = tail.flatMap((entry) => ('lead' in entry ? [entry.lead] : []));
    expect(addLeadsBody.safeParse({ leads }).success).toBe(true);
    const campaign = await createCampaign(ws.api);
    const added = await ws.api.post<AddLeadsResult>(`/v1/campaigns/${campaign.id}/leads`, { leads });
    expect(added.body).toMatchObject({ added: leads.length, duplicates: 0 });
  });

  it('answers the same file to GET /v1/lead-files/{id}', async () => {
    const res = await ws.api.get<LeadFile>(`/v1/lead-files/${file.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(file);
  });

  it('is a 404 for another workspace, to GET and to the row reader alike, and once expired', async () => {
    const other = await createWorkspace(app, 'pro', 'Other');
    expect((await other.api.get(`/v1/lead-files/${file.id}`)).status).toBe(404);
    await expect(readAll(other.workspaceId, file.id, { profileUrl: 'LinkedIn URL' })).rejects.toMatchObject({
      code: 'lead_file_not_found',
    });
    expect((await ws.api.get(`/v1/lead-files/${unknownId('lfl')}`)).body).toMatchObject({
      code: 'lead_file_not_found',
    });
    const uploadedAt = realNow;
    realNow += 7 * DAY_MS + 1;
    try {
      expect((await ws.api.get(`/v1/lead-files/${file.id}`)).status).toBe(404);
    } finally {
      realNow = uploadedAt;
    }
  });

  it('refuses a mapping naming a column the file does not have', async () => {
    await expect(readAll(ws.workspaceId, file.id, { profileUrl: 'Profile' })).rejects.toMatchObject({
      code: 'invalid_input',
      details: { missingColumns: ['Profile'] },
    });
  });
});

describe('the delimiter', () => {
  it('of a tab-separated file is a tab, and commas stay inside their cells', async () => {
    const text =
      'Profile URL\tName\tCompany\r\nhttps://www.linkedin.com/in/ada/\tAda Lovelace\tEngines, Ltd.\r\n';
    const res = await upload(text, { contentType: 'text/tab-separated-values' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      delimiter: '\t',
      columns: ['Profile URL', 'Name', 'Company'],
      preview: [
        { 'Profile URL': 'https://www.linkedin.com/in/ada/', Name: 'Ada Lovelace', Company: 'Engines, Ltd.' },
      ],
      suggestedMapping: { profileUrl: 'Profile URL', fullName: 'Name', companyName: 'Company' },
      invalidRows: { count: 0, rows: [] },
    });
    const entries = await readAll(ws.workspaceId, res.body.id, res.body.suggestedMapping ?? {});
    expect(entries).toEqual([
      {
        index: 0,
        line: 2,
        lead: {
          networkUrl: 'https://www.linkedin.com/in/ada/',
          firstName: 'Ada',
          lastName: 'Lovelace',
          companyName: 'Engines, Ltd.',
        },
      },
    ]);
  });
});

describe('suggested mappings of typical exports', () => {
  it.each([
    [
      'the network’s connections export',
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    ],
    [
      'a sales tool export',
      'Full Name,First Name,Last Name,Profile URL,Title,Company Name,Company Website,Location,Industry,Connection Degree',
    ],
    ['a French CRM export', 'Prénom;Nom;linkedin_profile;Société;E-mail;Téléphone'],
  ])('%s suggests a valid mapping', async (_name, header) => {
    const delimiter = header.includes(';') ? ';' : ',';
    const cells = header
      .split(delimiter)
      .map((column) =>
        /url|linkedin/i.test(column)
          ? 'https://www.linkedin.com/in/ada-lovelace/'
          : /mail/i.test(column)
            ? 'ada@example.com'
            : 'x',
      );
    const res = await upload(`${header}\n${cells.join(delimiter)}\n`);
    expect(res.status).toBe(201);
    expect(res.body.suggestedMapping).not.toBeNull();
    expect(leadFileMapping.safeParse(res.body.suggestedMapping).error).toBeUndefined();
    expect(res.body.invalidRows.count).toBe(0);
  });
});

describe('streaming', () => {
  it('stores rows while the body is still arriving', async () => {
    const exported = salesNavigatorExport(3000, 1_000_000);
    const [header, ...rest] = exported.text.split('\r\n');
    const parts = [`${header}\r\n`, ...chunk(rest, 500).map((rows) => `${rows.join('\r\n')}\r\n`)];
    const workspace = await createWorkspace(app, 'pro', 'Streaming');
    let storedBeforeEnd = 0;
    const gate = async (index: number) => {
      if (index !== parts.length - 1) return;
      // The last part waits until earlier rows are in the database: they were stored as they came.
      for (let tries = 0; tries < 200 && storedBeforeEnd === 0; tries += 1) {
        storedBeforeEnd = (await storedLeadFiles(app, workspace.workspaceId)).rows;
        if (storedBeforeEnd === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const res = await upload(streamedBody(parts, gate), { apiKey: workspace.apiKey });
    expect(res.status).toBe(201);
    expect(storedBeforeEnd).toBeGreaterThan(0);
    expect(res.body.rowCount).toBe(exported.rows.length);
  });
});

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
