/** Workspace members: one membership per person, exactly one owner, transfers that never drop it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlreadyExistsError } from '../common/db-errors.js';
import { isId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
const T0 = new Date('2025-03-03T10:00:00Z');
let now = T0;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
});
afterAll(() => t.db.close());

/** A workspace with an owner and the given other members, added a second apart. */
async function team(others: Record<string, 'admin' | 'member' | 'client'> = {}): Promise<WorkspaceId> {
  const ws = await newWorkspace(t.db);
  await t.db.members.add(ws, { userId: 'owner', role: 'owner' });
  for (const [userId, role] of Object.entries(others)) {
    later(1000);
    await t.db.members.add(ws, { userId, role });
  }
  return ws;
}

async function owners(ws: WorkspaceId): Promise<string[]> {
  return (await t.db.members.list(ws)).filter((m) => m.role === 'owner').map((m) => m.userId);
}

describe('members', () => {
  it('adds a person once: a duplicate add returns the existing membership unchanged', async () => {
    const ws = await newWorkspace(t.db);
    const added = await t.db.members.add(ws, { userId: 'u1', role: 'member' });
    expect(added.created).toBe(true);
    expect(isId('member', added.member.id)).toBe(true);
    expect(added.member).toMatchObject({ workspaceId: ws, userId: 'u1', role: 'member' });
    const again = await t.db.members.add(ws, { userId: 'u1', role: 'admin' });
    expect(again).toEqual({ member: added.member, created: false });
    expect(await t.db.members.get(ws, 'u1')).toEqual(added.member);
    expect(await t.db.members.get(ws, 'nobody')).toBeNull();
  });

  it('lists a workspace’s people earliest first and a person’s workspaces with roles', async () => {
    const one = await team({ alice: 'admin', bob: 'client' });
    const two = await team({ alice: 'member' });
    expect((await t.db.members.list(one)).map((m) => [m.userId, m.role])).toEqual([
      ['owner', 'owner'],
      ['alice', 'admin'],
      ['bob', 'client'],
    ]);
    const alices = await t.db.members.workspacesOf('alice');
    expect(alices).toEqual(
      expect.arrayContaining([
        { workspaceId: one, role: 'admin' },
        { workspaceId: two, role: 'member' },
      ]),
    );
    expect(await t.db.members.workspacesOf('nobody')).toEqual([]);
  });

  it('changes and removes members, never the owner', async () => {
    const ws = await team({ alice: 'member' });
    later(1000);
    const raised = must(await t.db.members.setRole(ws, 'alice', 'admin'));
    expect(raised).toMatchObject({ role: 'admin', updatedAt: now });
    expect(await t.db.members.setRole(ws, 'owner', 'admin')).toBeNull();
    expect(await t.db.members.setRole(ws, 'nobody', 'admin')).toBeNull();
    expect(await t.db.members.remove(ws, 'owner')).toBe(false);
    expect(await t.db.members.remove(ws, 'alice')).toBe(true);
    expect(await t.db.members.remove(ws, 'alice')).toBe(false);
    expect((await t.db.members.list(ws)).map((m) => m.userId)).toEqual(['owner']);
  });

  it('has one owner: a second owner cannot be added', async () => {
    const ws = await team();
    expect((await t.db.members.ownerOf(ws))?.userId).toBe('owner');
    await expect(t.db.members.add(ws, { userId: 'usurper', role: 'owner' })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    // The owner added again is just a duplicate.
    expect((await t.db.members.add(ws, { userId: 'owner', role: 'owner' })).created).toBe(false);
    expect(await owners(ws)).toEqual(['owner']);
    expect(await t.db.members.ownerOf(await newWorkspace(t.db))).toBeNull();
  });
});

describe('transferOwnership', () => {
  it('makes the new owner owner and the previous one admin, leaving one owner', async () => {
    const ws = await team({ alice: 'member' });
    later(1000);
    const transfer = must(await t.db.members.transferOwnership(ws, 'owner', 'alice'));
    expect(transfer.owner).toMatchObject({ userId: 'alice', role: 'owner' });
    expect(transfer.previousOwner).toMatchObject({ userId: 'owner', role: 'admin' });
    expect(await owners(ws)).toEqual(['alice']);
    expect((await t.db.members.ownerOf(ws))?.userId).toBe('alice');
    // The old owner can no longer transfer.
    expect(await t.db.members.transferOwnership(ws, 'owner', 'alice')).toBeNull();
  });

  it('refuses a non-owner, a non-member and a transfer to oneself, changing nothing', async () => {
    const ws = await team({ alice: 'admin' });
    expect(await t.db.members.transferOwnership(ws, 'alice', 'owner')).toBeNull();
    expect(await t.db.members.transferOwnership(ws, 'owner', 'stranger')).toBeNull();
    expect(await t.db.members.transferOwnership(ws, 'owner', 'owner')).toBeNull();
    expect(await owners(ws)).toEqual(['owner']);
    expect((await t.db.members.get(ws, 'alice'))?.role).toBe('admin');
  });

  it('stopped half-way leaves two owners, the older one answered, and completes when called again', async () => {
    const ws = await team({ alice: 'member' });
    later(1000);
    // The first write of a transfer, as if the process stopped right after it.
    await t.raw('workspace_members').updateOne(
      { workspaceId: ws, userId: 'alice' },
      {
        $set: { role: 'owner', updatedAt: now },
      },
    );
    expect((await owners(ws)).sort()).toEqual(['alice', 'owner']);
    expect((await t.db.members.ownerOf(ws))?.userId).toBe('owner');
    later(1000);
    expect(await t.db.members.transferOwnership(ws, 'owner', 'alice')).not.toBeNull();
    expect(await owners(ws)).toEqual(['alice']);
  });

  it('of two transfers racing away from one owner, one wins and one owner remains', async () => {
    const ws = await team({ alice: 'member', bob: 'client' });
    later(1000);
    const [toAlice, toBob] = await Promise.all([
      t.db.members.transferOwnership(ws, 'owner', 'alice'),
      t.db.members.transferOwnership(ws, 'owner', 'bob'),
    ]);
    expect([toAlice, toBob].filter((result) => result !== null)).toHaveLength(1);
    const winner = toAlice ? 'alice' : 'bob';
    expect(await owners(ws)).toEqual([winner]);
    expect((await t.db.members.get(ws, 'owner'))?.role).toBe('admin');
    // The loser's candidate is back to their former role.
    const loser = toAlice ? { userId: 'bob', role: 'client' } : { userId: 'alice', role: 'member' };
    expect((await t.db.members.get(ws, loser.userId))?.role).toBe(loser.role);
  });
});

describe('isolation', () => {
  it('does not read or change another workspace’s members', async () => {
    const a = await team({ alice: 'member' });
    const b = await team();
    expect(await t.db.members.get(b, 'alice')).toBeNull();
    expect((await t.db.members.list(b)).map((m) => m.userId)).toEqual(['owner']);
    expect(await t.db.members.setRole(b, 'alice', 'admin')).toBeNull();
    expect(await t.db.members.remove(b, 'alice')).toBe(false);
    expect(await t.db.members.transferOwnership(b, 'owner', 'alice')).toBeNull();
    expect((await t.db.members.get(a, 'alice'))?.role).toBe('member');
    expect(await owners(a)).toEqual(['owner']);
    // The same person may belong to both, with a role in each.
    expect((await t.db.members.add(b, { userId: 'alice', role: 'client' })).created).toBe(true);
    expect((await t.db.members.get(a, 'alice'))?.role).toBe('member');
  });
});
