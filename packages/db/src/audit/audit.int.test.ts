/** The audit log: append-only, kept at least a year, listed newest first with filters and a cursor. */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { InvalidCursorError } from '../common/db-errors.js';
import { isId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { AuditLogRepository, NewAuditEntry } from './audit.repository.js';
import { MAX_AUDIT_STRING_LENGTH } from './audit.schema.js';

let t: TestDb;
// In the future: the TTL monitor would otherwise purge these records (purge dates follow T0) mid-test.
const T0 = new Date('2099-03-03T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(T0.getTime() + ms);
const person = { type: 'user', id: 'user-1', label: 'Ada' } as const;

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
});
afterAll(() => t.db.close());

function entry(workspaceId: WorkspaceId | null, overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  return { workspaceId, actor: person, action: 'member.invited', outcome: 'succeeded', ...overrides };
}

describe('record', () => {
  it('stores an entry with its defaults and a purge date 400 days on', async () => {
    const ws = await newWorkspace(t.db);
    const recorded = await t.db.auditLog.record(entry(ws, { target: { type: 'invitation', id: 'inv_1' } }));
    expect(isId('auditEntry', recorded.id)).toBe(true);
    expect(recorded).toEqual({
      id: recorded.id,
      workspaceId: ws,
      at: T0,
      actor: person,
      action: 'member.invited',
      target: { type: 'invitation', id: 'inv_1' },
      outcome: 'succeeded',
      ip: null,
      userAgent: null,
      details: null,
    });
    const raw = await t.raw('audit_entries').findOne({ _id: recorded.id as never });
    expect(raw?.['purgeAt']).toEqual(at(400 * DAY));
    const ttl = (await t.raw('audit_entries').indexes()).find((index) => 'purgeAt' in index.key);
    expect(ttl).toMatchObject({ expireAfterSeconds: 0 });
  });

  it('cuts long strings in details, the actor label and the user agent to 512 characters', async () => {
    const ws = await newWorkspace(t.db);
    const long = 'x'.repeat(2000);
    const recorded = await t.db.auditLog.record(
      entry(ws, {
        actor: { type: 'key', id: 'key_1', label: long },
        userAgent: long,
        ip: '203.0.113.7',
        details: { note: long, count: 3, flag: true, none: null },
      }),
    );
    expect(recorded.actor.label).toHaveLength(MAX_AUDIT_STRING_LENGTH);
    expect(recorded.userAgent).toHaveLength(MAX_AUDIT_STRING_LENGTH);
    expect(recorded.details).toEqual({ note: 'x'.repeat(512), count: 3, flag: true, none: null });
    const [listed] = (await t.db.auditLog.list(ws, { limit: 1 })).items;
    expect(listed).toEqual(recorded);
  });

  it('records entries of no workspace, which no workspace lists', async () => {
    const ws = await newWorkspace(t.db);
    const [outside] = await t.db.auditLog.recordMany([
      entry(null, {
        actor: { type: 'anonymous', id: null, label: null },
        action: 'setup.refused',
        outcome: 'refused',
      }),
    ]);
    expect(outside?.workspaceId).toBeNull();
    expect((await t.db.auditLog.list(ws, { limit: 10 })).items).toEqual([]);
  });
});

describe('append-only', () => {
  it('offers no way to update or delete an entry', () => {
    expectTypeOf<keyof AuditLogRepository>().toEqualTypeOf<'record' | 'recordMany' | 'list'>();
    const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(t.db.auditLog) as object);
    expect(methods.sort()).toEqual(['constructor', 'list', 'record', 'recordMany']);
    expect(methods.filter((name) => /update|delete|remove|replace|purge|set/i.test(name))).toEqual([]);
  });
});

describe('list', () => {
  let ws: WorkspaceId;
  beforeAll(async () => {
    ws = await newWorkspace(t.db);
    // 120 entries, newest last; every third shares its time with the one before (ties by id).
    const entries = Array.from({ length: 120 }, (_, n) =>
      entry(ws, {
        at: at((n - (n % 3 === 2 ? 1 : 0)) * 1000),
        action: n % 2 === 0 ? 'campaign.started' : 'api_key.created',
        actor: { type: 'user', id: n % 4 === 0 ? 'user-a' : 'user-b', label: null },
        target: { type: 'campaign', id: `cmp_${n % 5}` },
        details: { n },
      }),
    );
    await t.db.auditLog.recordMany(entries);
  });

  it('pages newest first through 120 entries in pages of 50 without loss or repeat', async () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await t.db.auditLog.list(ws, { limit: 50, ...(after === undefined ? {} : { after }) });
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.details?.['n'] as number));
      if (page.nextCursor === null) break;
      after = page.nextCursor;
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
    const times = (await t.db.auditLog.list(ws, { limit: 100 })).items.map((item) => item.at.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('filters by action, actor, target and time', async () => {
    const started = await t.db.auditLog.list(ws, { action: 'campaign.started', limit: 100 });
    expect(started.items).toHaveLength(60);
    expect(started.items.every((item) => item.action === 'campaign.started')).toBe(true);
    const byA = await t.db.auditLog.list(ws, { actorId: 'user-a', limit: 100 });
    expect(byA.items).toHaveLength(30);
    const onTarget = await t.db.auditLog.list(ws, { targetId: 'cmp_0', limit: 100 });
    expect(onTarget.items.map((item) => item.details?.['n'] as number).every((n) => n % 5 === 0)).toBe(true);
    expect(onTarget.items).toHaveLength(24);
    const window = await t.db.auditLog.list(ws, { since: at(10_000), until: at(20_000), limit: 100 });
    expect(window.items.every((item) => item.at >= at(10_000) && item.at < at(20_000))).toBe(true);
    // Seconds 10 to 19: entries 10 to 19, and entry 20, which shares second 19 with entry 19.
    expect(window.items.map((item) => item.details?.['n'] as number).sort((x, y) => x - y)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
  });

  it('pages a filtered list with its cursor', async () => {
    const first = await t.db.auditLog.list(ws, { action: 'api_key.created', limit: 50 });
    const second = await t.db.auditLog.list(ws, {
      action: 'api_key.created',
      limit: 50,
      after: first.nextCursor ?? '',
    });
    expect(second.items).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(60);
  });

  it('refuses a cursor it did not make', async () => {
    await expect(t.db.auditLog.list(ws, { after: 'garbage', limit: 10 })).rejects.toBeInstanceOf(
      InvalidCursorError,
    );
  });

  it('does not show another workspace’s entries', async () => {
    const other = await newWorkspace(t.db);
    expect((await t.db.auditLog.list(other, { limit: 100 })).items).toEqual([]);
    expect((await t.db.auditLog.list(other, { action: 'campaign.started', limit: 100 })).items).toEqual([]);
  });
});
