/**
 * Lead file uploads that are refused, repeated or not allowed. De-risks: a file past the row or
 * byte limit, or that is no CSV text (a workbook, an image, bytes of another encoding, JSON, an
 * empty body, a quote never closed), is answered with a clear 4xx and leaves no file and no row
 * behind; a file in a declared charset is read; a repeated upload with an Idempotency-Key answers
 * the first file; members may upload and read files, clients may not.
 */
import { request as httpRequest } from 'node:http';
import { LEAD_FILE_LIMITS, type LeadFile } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { createWorkspace, useWorkspace } from './support/fixtures.js';
import { storedLeadFiles, uploadLeadFile } from './support/lead-files.js';
import { useTestApp } from './support/test-app.js';

// Uploads of 100,000 rows take longer than the default request deadline on the test kit's emulator.
const app = useTestApp({ requestTimeoutMs: 120_000 });
const ws = useWorkspace(app);

const upload = (
  body: Parameters<typeof uploadLeadFile>[2],
  options: Parameters<typeof uploadLeadFile>[3] & { apiKey?: string } = {},
) => uploadLeadFile(app, options.apiKey ?? ws.apiKey, body, options);

describe('refused files leave nothing behind', () => {
  it('a file of 100,001 data rows is a 413 naming the limit', async () => {
    const workspace = await createWorkspace(app, 'pro', 'Too many rows');
    const rows = Array.from({ length: 100_001 }, (_, n) => `https://www.linkedin.com/in/p${n},P${n}`);
    const res = await upload(`Profile URL,Name\n${rows.join('\n')}\n`, { apiKey: workspace.apiKey });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'too_many_rows', details: { maxRows: 100_000 } });
    expect(res.body.message).toContain('line 100002');
    expect(await storedLeadFiles(app, workspace.workspaceId)).toEqual({ files: 0, rows: 0 });
  }, 60_000);

  it('a file of exactly 100,000 data rows is stored', async () => {
    const workspace = await createWorkspace(app, 'pro', 'Enough rows');
    const rows = Array.from({ length: 100_000 }, (_, n) => `https://www.linkedin.com/in/p${n},P${n}`);
    const res = await upload(`Profile URL,Name\n${rows.join('\n')}\n`, { apiKey: workspace.apiKey });
    expect(res.status).toBe(201);
    expect(res.body.rowCount).toBe(100_000);
  }, 60_000);

  it.each([
    [
      'a workbook sent as CSV',
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0, 8, 0, 0, 0, 0x21, 0]),
      'text/csv',
      422,
      'invalid_csv',
    ],
    [
      'an image sent as CSV',
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'text/csv',
      422,
      'invalid_csv',
    ],
    [
      'bytes that are not UTF-8',
      Uint8Array.from([0x61, 0x2c, 0x62, 0x0a, 0xff, 0xfe, 0xfd, 0x0a]),
      'text/csv',
      422,
      'invalid_csv',
    ],
    [
      'binary sent as such',
      Uint8Array.from([1, 2, 3, 4]),
      'application/octet-stream',
      415,
      'unsupported_media_type',
    ],
    ['JSON', '{"leads":[]}', 'application/json', 415, 'unsupported_media_type'],
    ['no content type', 'Profile URL\nhttps://www.linkedin.com/in/a\n', '', 415, 'unsupported_media_type'],
    ['an unknown charset', 'Profile URL\nx\n', 'text/csv; charset=klingon', 415, 'unsupported_media_type'],
    ['an empty body', '', 'text/csv', 422, 'invalid_csv'],
    ['a header alone', 'Profile URL,Name\r\n', 'text/csv', 422, 'invalid_csv'],
    [
      'a quote never closed',
      'Profile URL,Name\nhttps://www.linkedin.com/in/a,"Ada\nmore,text\n',
      'text/csv',
      422,
      'invalid_csv',
    ],
  ] as const)('%s', async (_name, body, contentType, status, code) => {
    const workspace = await createWorkspace(app, 'pro', 'Refused');
    const res = await upload(body, { contentType, apiKey: workspace.apiKey });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await storedLeadFiles(app, workspace.workspaceId)).toEqual({ files: 0, rows: 0 });
  });

  it('a body declared over 100 MiB is a 413 before any of it is read', async () => {
    const workspace = await createWorkspace(app, 'pro', 'Too large');
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${app.baseUrl}/v1/lead-files`, {
        method: 'POST',
        headers: {
          'x-api-key': workspace.apiKey,
          'content-type': 'text/csv',
          'content-length': String(LEAD_FILE_LIMITS.maxBytes + 1),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: text });
        });
      });
      request.on('error', reject);
      request.write('Profile URL\n');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ code: 'payload_too_large', details: { maxBytes: 104_857_600 } });
    expect(await storedLeadFiles(app, workspace.workspaceId)).toEqual({ files: 0, rows: 0 });
  });

  it('reads a file in the charset it names', async () => {
    const latin1 = Uint8Array.from([
      ...Buffer.from('Profile URL;Pr', 'latin1'),
      0xe9,
      ...Buffer.from('nom\nhttps://www.linkedin.com/in/z;Zo', 'latin1'),
      0xe9,
      0x0a,
    ]);
    const res = await upload(latin1, { contentType: 'text/csv; charset=windows-1252' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ columns: ['Profile URL', 'Prénom'], preview: [{ Prénom: 'Zoé' }] });
  });
});

describe('an upload with an Idempotency-Key', () => {
  it('is answered the first file again when repeated, without a second file', async () => {
    const workspace = await createWorkspace(app, 'pro', 'Idempotent');
    const key = { 'idempotency-key': 'upload-1' };
    const send = () =>
      fetch(`${app.baseUrl}/v1/lead-files`, {
        method: 'POST',
        headers: { 'x-api-key': workspace.apiKey, 'content-type': 'text/csv', ...key },
        body: 'Profile URL\nhttps://www.linkedin.com/in/a\n',
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as LeadFile).id).toBe(((await first.json()) as LeadFile).id);
    expect(await storedLeadFiles(app, workspace.workspaceId)).toEqual({ files: 1, rows: 1 });
  });
});

describe('who may upload and read files', () => {
  it('members may, clients may not (403, nothing stored)', async () => {
    const workspace = await createWorkspace(app, 'pro', 'Roles');
    const id = asWorkspaceId(workspace.workspaceId);
    const member = await app.db.apiKeys.create(id, { name: 'member', role: 'member' });
    const client = await app.db.apiKeys.create(id, { name: 'client', role: 'client' });
    const text = 'Profile URL\nhttps://www.linkedin.com/in/a\n';
    const uploaded = await upload(text, { apiKey: member.plaintext });
    expect(uploaded.status).toBe(201);
    const refused = await upload(text, { apiKey: client.plaintext });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const read = await ws.api.withKey(client.plaintext).get(`/v1/lead-files/${uploaded.body.id}`);
    expect(read.status).toBe(403);
    expect((await ws.api.withKey(member.plaintext).get(`/v1/lead-files/${uploaded.body.id}`)).status).toBe(
      200,
    );
    expect((await storedLeadFiles(app, workspace.workspaceId)).files).toBe(1);
  });
});
