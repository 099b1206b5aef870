/** Agencies and their people: membership is idempotent and keeps its role. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isId } from '../common/public-ids.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
const T0 = new Date('2025-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
});
afterAll(() => t.db.close());

describe('agencies', () => {
  it('creates and reads an agency', async () => {
    const agency = await t.db.agencies.create({ name: 'Northwind' });
    expect(isId('agency', agency.id)).toBe(true);
    expect(agency).toEqual({ id: agency.id, name: 'Northwind', createdAt: T0 });
    expect(await t.db.agencies.get(agency.id)).toEqual(agency);
    expect(await t.db.agencies.get('agc_000000000000000000000000')).toBeNull();
  });

  it('adds a member once: a second add keeps the first role and returns the same membership', async () => {
    const agency = await t.db.agencies.create({ name: 'Once' });
    const first = await t.db.agencies.addMember(agency.id, 'user-1', 'admin');
    expect(isId('member', first.id)).toBe(true);
    expect(first).toMatchObject({ agencyId: agency.id, userId: 'user-1', role: 'admin', createdAt: T0 });
    const again = await t.db.agencies.addMember(agency.id, 'user-1', 'owner');
    expect(again).toEqual(first);
    expect(await t.db.agencies.roleOf(agency.id, 'user-1')).toBe('admin');
    expect(await t.raw('agency_members').countDocuments({ agencyId: agency.id })).toBe(1);
  });

  it('settles concurrent adds of the same person on one membership', async () => {
    const agency = await t.db.agencies.create({ name: 'Race' });
    const added = await Promise.all(
      Array.from({ length: 5 }, () => t.db.agencies.addMember(agency.id, 'racer', 'member')),
    );
    expect(new Set(added.map((member) => member.id)).size).toBe(1);
    expect(await t.raw('agency_members').countDocuments({ agencyId: agency.id })).toBe(1);
  });

  it('lists a person’s agencies with their roles, answers a role, removes a member', async () => {
    const one = await t.db.agencies.create({ name: 'One' });
    const two = await t.db.agencies.create({ name: 'Two' });
    await t.db.agencies.addMember(one.id, 'shared', 'owner');
    await t.db.agencies.addMember(two.id, 'shared', 'member');
    await t.db.agencies.addMember(two.id, 'someone-else', 'admin');
    expect(await t.db.agencies.membershipsOf('shared')).toEqual([
      { agencyId: one.id, role: 'owner' },
      { agencyId: two.id, role: 'member' },
    ]);
    expect(await t.db.agencies.membershipsOf('nobody')).toEqual([]);
    expect(await t.db.agencies.roleOf(two.id, 'shared')).toBe('member');
    expect(await t.db.agencies.roleOf(two.id, 'nobody')).toBeNull();

    expect(await t.db.agencies.removeMember(two.id, 'shared')).toBe(true);
    expect(await t.db.agencies.removeMember(two.id, 'shared')).toBe(false);
    expect(await t.db.agencies.roleOf(two.id, 'shared')).toBeNull();
    expect(await t.db.agencies.membershipsOf('shared')).toEqual([{ agencyId: one.id, role: 'owner' }]);
    expect(await t.db.agencies.roleOf(two.id, 'someone-else')).toBe('admin');
  });
});
