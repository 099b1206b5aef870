/**
 * CSV files for the lead file tests, written the way exports are (a byte order mark, `;`, quoted
 * summaries spanning lines), with the line each row starts on and whether it is meant to be valid;
 * an upload over real HTTP checked against the contract; what a workspace has stored.
 */
import type { LeadFile } from '@outreach/contract';
import { expectMatchesContract } from '@outreach/contract/testing';
import type { TestApp } from './test-app.js';

export interface Upload {
  status: number;
  body: LeadFile & { code?: string; message?: string; details?: unknown };
}

/** `POST /v1/lead-files` with `body` as it is (`text/csv` unless said; `''`: no Content-Type). */
export async function uploadLeadFile(
  app: TestApp,
  apiKey: string,
  body: string | Uint8Array | ReadableStream<Uint8Array>,
  options: { contentType?: string; query?: string } = {},
): Promise<Upload> {
  const headers: Record<string, string> = { 'x-api-key': apiKey };
  if (options.contentType !== '') headers['content-type'] = options.contentType ?? 'text/csv';
  const path = `/v1/lead-files${options.query ?? ''}`;
  const response = await fetch(app.baseUrl + path, {
    method: 'POST',
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const parsed = (await response.json()) as Upload['body'];
  expectMatchesContract({
    method: 'POST',
    path,
    status: response.status,
    body: parsed,
    headers: response.headers,
  });
  return { status: response.status, body: parsed };
}

/** The lead files and row chunks stored for a workspace, read past the repositories. */
export async function storedLeadFiles(app: TestApp, workspaceId: string) {
  const database = app.db.mongoDatabase();
  return {
    files: await database.collection('lead_files').countDocuments({ workspaceId }),
    rows: await database.collection('lead_file_rows').countDocuments({ workspaceId }),
  };
}
export interface ExportRow {
  line: number;
  publicIdentifier: string;
  /** Null for a valid row; else what makes it invalid. */
  invalid: 'email' | 'url' | 'ragged' | 'identifier' | 'long_name' | null;
}

export interface ExportFile {
  text: string;
  rows: ExportRow[];
}

const INVALID_KINDS = ['email', 'url', 'ragged', 'identifier', 'long_name'] as const;

export const SALES_NAVIGATOR_HEADER = [
  'LinkedIn URL',
  'First Name',
  'Last Name',
  'Company',
  'Title',
  'E-mail',
  'Summary',
  'Location',
];

/**
 * `count` rows, every `invalidEvery`-th of them invalid in turn by each kind; every third row's
 * summary is quoted and spans two lines (CRLF inside the quotes), some with `;` and `""` inside.
 */
export function salesNavigatorExport(count: number, invalidEvery = 20): ExportFile {
  const lines: string[] = [SALES_NAVIGATOR_HEADER.join(';')];
  const rows: ExportRow[] = [];
  let line = 2;
  for (let n = 0; n < count; n += 1) {
    const id = `person-${n}`;
    const invalid =
      (n + 1) % invalidEvery === 0
        ? (INVALID_KINDS[((n + 1) / invalidEvery - 1) % INVALID_KINDS.length] ?? null)
        : null;
    const spans = n % 3 === 0;
    const summary = spans
      ? `"Builds payments; ""fast""\r\nand reliable, since ${2000 + (n % 20)}"`
      : `Plain summary ${n}`;
    const url =
      invalid === 'url'
        ? `https://www.linkedin.com/company/${id}`
        : invalid === 'identifier'
          ? ''
          : `https://www.linkedin.com/in/${id}/`;
    const cells = [
      url,
      invalid === 'long_name' ? 'A'.repeat(201) : `First${n}`,
      `Last${n}`,
      `Company ${n}`,
      'Founder',
      invalid === 'email' ? `not-an-email-${n}` : `${id}@example.com`,
      summary,
      'Berlin',
    ];
    lines.push((invalid === 'ragged' ? cells.slice(0, 5) : cells).join(';'));
    rows.push({ line, publicIdentifier: id, invalid });
    line += spans && invalid !== 'ragged' ? 2 : 1;
  }
  return { text: `\uFEFF${lines.join('\r\n')}\r\n`, rows };
}

/** A body that yields `text` in pieces, pausing before each one until `gate` allows it. */
export function streamedBody(
  parts: readonly string[],
  gate: (index: number) => Promise<void> = () => Promise.resolve(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const part = parts[index];
      if (part === undefined) {
        controller.close();
        return;
      }
      await gate(index);
      index += 1;
      controller.enqueue(encoder.encode(part));
    },
  });
}
