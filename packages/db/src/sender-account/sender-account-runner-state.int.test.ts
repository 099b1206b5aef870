/**
 * The sender-account state runners share: the session start that names a disconnection, the list
 * of connected accounts whose event feeds are read, the pacing gate (one winner among racing
 * runners) and the feed cursor (never moved back by a runner that read an older page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { servingIndex } from '../testing/index-coverage.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { senderAccountSchema } from './sender-account.schema.js';

let t: TestDb;
let ws: WorkspaceId;
let now = new Date('2025-03-03T10:00:00Z');
const MINUTE = 60_000;
const later = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

let accounts = 0;
function newAccount(workspaceId: WorkspaceId = ws, status: 'connected' | 'disconnected' = 'connected') {
  accounts += 1;
  return t.db.senderAccounts.create(workspaceId, {
    name: `Sender ${accounts}`,
    publicIdentifier: `runner-state-${accounts}`,
    status,
  });
}

describe('connectedAt', () => {
  it('is set at creation and at every reconnection, and kept through a disconnection', async () => {
    const created = now;
    const account = await newAccount();
    expect(account.connectedAt).toEqual(created);
    expect((await newAccount(ws, 'disconnected')).connectedAt).toBeNull();

    now = later(MINUTE);
    const lost = await t.db.senderAccounts.setStatus(ws, account.id, 'disconnected', 'cookie expired');
    expect(lost.account.connectedAt).toEqual(created);

    now = later(MINUTE);
    const back = await t.db.senderAccounts.setStatus(ws, account.id, 'connected');
    expect(back).toMatchObject({ changed: true, account: { connectedAt: now } });
  });

  it('moves only the session it names when asked to', async () => {
    const account = await newAccount();
    const stale = new Date('2000-01-01T00:00:00Z');
    const refused = await t.db.senderAccounts.setStatus(ws, account.id, 'disconnected', 'old', {
      connectedAt: stale,
    });
    expect(refused).toMatchObject({ changed: false, account: { status: 'connected' } });
    const moved = await t.db.senderAccounts.setStatus(ws, account.id, 'disconnected', 'now', {
      connectedAt: account.connectedAt,
    });
    expect(moved).toMatchObject({
      changed: true,
      account: { status: 'disconnected', disconnectReason: 'now' },
    });
  });
});

describe('listConnectedAcrossWorkspaces', () => {
  it('pages through the connected accounts of every workspace in id order', async () => {
    const other = await newWorkspace(t.db);
    const mine = [await newAccount(), await newAccount(other), await newAccount(other)];
    const gone = await newAccount(other);
    await t.db.senderAccounts.setStatus(other, gone.id, 'disconnected', 'logged out');

    const seen: string[] = [];
    for (let afterId: string | undefined; ;) {
      const page = await t.db.senderAccounts.listConnectedAcrossWorkspaces({
        ...(afterId === undefined ? {} : { afterId }),
        limit: 2,
      });
      if (page.length === 0) break;
      seen.push(...page.map((account) => account.id));
      afterId = page.at(-1)?.id;
    }

    expect(seen).toEqual([...seen].sort());
    expect(seen).toEqual(expect.arrayContaining(mine.map((account) => account.id)));
    expect(seen).not.toContain(gone.id);
    const listed = await t.db.senderAccounts.listConnectedAcrossWorkspaces({ limit: 1000 });
    expect(listed.every((account) => account.status === 'connected')).toBe(true);
    expect(listed.find((account) => account.id === mine[1]?.id)?.workspaceId).toBe(other);
  });

  it('is served by an index on status and id', () => {
    expect(servingIndex(senderAccountSchema, { equality: ['status'], range: '_id', sort: ['_id'] })).toBe(
      'status__id',
    );
  });
});

describe('takePacingSlot', () => {
  it('lets one action through per gap and says when the gate opens', async () => {
    const account = await newAccount();
    expect(account.pacedUntil).toBeNull();
    const at = new Date('2025-03-03T11:00:00Z');
    const plus = (ms: number) => new Date(at.getTime() + ms);

    expect(await t.db.senderAccounts.takePacingSlot(ws, account.id, at, 5 * MINUTE)).toEqual({
      taken: true,
      pacedUntil: plus(5 * MINUTE),
    });
    expect(await t.db.senderAccounts.takePacingSlot(ws, account.id, plus(MINUTE), 3 * MINUTE)).toEqual({
      taken: false,
      pacedUntil: plus(5 * MINUTE),
    });
    expect(await t.db.senderAccounts.takePacingSlot(ws, account.id, plus(5 * MINUTE), 3 * MINUTE)).toEqual({
      taken: true,
      pacedUntil: plus(8 * MINUTE),
    });
    expect((await t.db.senderAccounts.get(ws, account.id))?.pacedUntil).toEqual(plus(8 * MINUTE));
  });

  it('gives the gate to one of several runners asking at the same time', async () => {
    const account = await newAccount();
    const at = new Date('2025-03-03T11:00:00Z');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.db.senderAccounts.takePacingSlot(ws, account.id, at, 4 * MINUTE)),
    );
    expect(answers.filter((answer) => answer.taken)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.pacedUntil.toISOString()))).toEqual(
      new Set([new Date(at.getTime() + 4 * MINUTE).toISOString()]),
    );
  });

  it('throws NotFoundError for an account of another workspace', async () => {
    const account = await newAccount();
    const other = await newWorkspace(t.db);
    await expect(t.db.senderAccounts.takePacingSlot(other, account.id, now, MINUTE)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('saveEventCursor', () => {
  it('moves the cursor only from the one the caller read from', async () => {
    const account = await newAccount();
    expect(account.eventCursor).toBeNull();
    expect(await t.db.senderAccounts.saveEventCursor(ws, account.id, '10', null)).toBe(true);
    // A second runner read the same first page and saves after the first: refused.
    expect(await t.db.senderAccounts.saveEventCursor(ws, account.id, '10', null)).toBe(false);
    expect(await t.db.senderAccounts.saveEventCursor(ws, account.id, '25', '10')).toBe(true);
    // A runner that read from the old cursor cannot move it back.
    expect(await t.db.senderAccounts.saveEventCursor(ws, account.id, '10', null)).toBe(false);
    expect((await t.db.senderAccounts.get(ws, account.id))?.eventCursor).toBe('25');
  });

  it('sets the cursor as given when no expected cursor is named', async () => {
    const account = await newAccount();
    await t.db.senderAccounts.saveEventCursor(ws, account.id, '40');
    expect(await t.db.senderAccounts.saveEventCursor(ws, account.id, '0')).toBe(true);
    expect((await t.db.senderAccounts.get(ws, account.id))?.eventCursor).toBe('0');
  });

  it('throws NotFoundError for an account of another workspace', async () => {
    const account = await newAccount();
    const other = await newWorkspace(t.db);
    await expect(t.db.senderAccounts.saveEventCursor(other, account.id, '1', null)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(t.db.senderAccounts.saveEventCursor(other, account.id, '1')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
