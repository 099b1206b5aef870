/**
 * Lead files and their rows: a file is read back as recorded, only in its workspace and only until
 * it expires; rows are read back in file order from any index, a chunk at a time, and discarded
 * with their file id; both collections expire through TTL indexes. Dates lie in the future because
 * the TTL monitor removes expired records in real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { NewLeadFile } from './lead-file.entity.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
const created = new Date('2099-03-02T10:00:00Z');
const expires = new Date('2099-03-09T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

function file(overrides: Partial<NewLeadFile> = {}): NewLeadFile {
  return {
    id: newId('leadFile'),
    name: 'export.csv',
    rowCount: 2,
    columns: ['Profile URL', 'First Name', 'a.b', '$c'],
    delimiter: ';',
    preview: [
      ['https://www.linkedin.com/in/ada', 'Ada', '1', '2'],
      ['https://www.linkedin.com/in/grace', 'Grace', '3', '4'],
    ],
    suggestedMapping: { profileUrl: 'Profile URL', firstName: 'First Name', customVariables: { aB: 'a.b' } },
    invalidRows: { count: 1, rows: [{ line: 7, reason: 'has 3 cells, the header has 4' }] },
    createdAt: created,
    expiresAt: expires,
    ...overrides,
  };
}

describe('lead files', () => {
  it('read back as recorded, in their workspace only, until they expire', async () => {
    const recorded = await t.db.leadFiles.create(ws, file());
    expect(await t.db.leadFiles.get(ws, recorded.id, created)).toEqual(recorded);
    expect(recorded).toMatchObject({ workspaceId: ws, columns: ['Profile URL', 'First Name', 'a.b', '$c'] });
    expect(await t.db.leadFiles.get(other, recorded.id, created)).toBeNull();
    expect(await t.db.leadFiles.get(ws, recorded.id, expires)).toBeNull();
    expect(await t.db.leadFiles.get(ws, newId('leadFile'), created)).toBeNull();
  });

  it('expire through a TTL index, rows too', async () => {
    const files = await t.raw('lead_files').indexes();
    expect(files.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
    const rows = await t.raw('lead_file_rows').indexes();
    expect(rows.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
    expect(rows.find((index) => index.key['firstIndex'] === 1)).toMatchObject({ unique: true });
  });
});

describe('lead file rows', () => {
  const fileId = newId('leadFile');
  const chunkSize = 3;
  const total = 10;

  beforeAll(async () => {
    for (let first = 0; first < total; first += chunkSize) {
      const rows = Array.from({ length: Math.min(chunkSize, total - first) }, (_, offset) => ({
        line: (first + offset) * 2 + 2,
        cells: [`cell ${first + offset}`, 'x'],
        problem: first + offset === 4 ? 'has 1 cell, the header has 2' : null,
      }));
      await t.db.leadFileRows.append(ws, { fileId, firstIndex: first, rows, expiresAt: expires });
    }
  });

  async function read(workspaceId: WorkspaceId, fromIndex: number) {
    const batches: number[][] = [];
    for await (const batch of t.db.leadFileRows.rowsFrom(workspaceId, fileId, fromIndex)) {
      batches.push(batch.map((row) => row.index));
    }
    return batches;
  }

  it('are read back in file order, a chunk per batch, with their index, line, cells and problem', async () => {
    expect(await read(ws, 0)).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
    const rows = [];
    for await (const batch of t.db.leadFileRows.rowsFrom(ws, fileId, 4)) rows.push(...batch);
    expect(rows[0]).toEqual({
      index: 4,
      line: 10,
      cells: ['cell 4', 'x'],
      problem: 'has 1 cell, the header has 2',
    });
    expect(rows[1]).toEqual({ index: 5, line: 12, cells: ['cell 5', 'x'], problem: null });
  });

  it('resume from any index, mid-chunk included, and end past the last row', async () => {
    expect(await read(ws, 4)).toEqual([[4, 5], [6, 7, 8], [9]]);
    expect(await read(ws, 6)).toEqual([[6, 7, 8], [9]]);
    expect(await read(ws, 9)).toEqual([[9]]);
    expect(await read(ws, 10)).toEqual([]);
  });

  it('are not read from another workspace', async () => {
    expect(await read(other, 0)).toEqual([]);
  });

  it('store a chunk written twice once', async () => {
    await t.db.leadFileRows.append(ws, {
      fileId,
      firstIndex: 0,
      rows: [{ line: 2, cells: ['again'], problem: null }],
      expiresAt: expires,
    });
    expect(await read(ws, 0)).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
  });

  it('are discarded with their file id, and only theirs', async () => {
    const kept = newId('leadFile');
    await t.db.leadFileRows.append(ws, {
      fileId: kept,
      firstIndex: 0,
      rows: [{ line: 2, cells: ['kept'], problem: null }],
      expiresAt: expires,
    });
    expect(await t.db.leadFileRows.discard(other, fileId)).toBe(0);
    expect(await t.db.leadFileRows.discard(ws, fileId)).toBe(4);
    expect(await read(ws, 0)).toEqual([]);
    const left = [];
    for await (const batch of t.db.leadFileRows.rowsFrom(ws, kept, 0)) left.push(...batch);
    expect(left.map((row) => row.cells)).toEqual([['kept']]);
  });
});
