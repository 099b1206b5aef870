// De-risks agency roles: the agency's owner makes a colleague an agency admin, who then is admin
// of every workspace of the agency, current and future, on their very next request; taking the
// role away takes those workspaces away; nobody else gives agency roles or sees the agency.
import { describe, expect, it } from 'vitest';
import { createWorkspace } from './support/fixtures.js';
import { addPerson, call, setupOwner } from './support/people.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

interface Me {
  agencies: Array<{ id: string; role: string }>;
  workspaces: Array<{ id: string; role: string }>;
}

describe('agency roles', () => {
  it('make a person admin of every workspace of the agency, and take it back', async () => {
    const first = await createWorkspace(app, 'agency', 'First client');
    const owner = await setupOwner(app);
    const asOwner = { cookie: owner.cookie };
    const me = await call<Me>(app, asOwner, 'GET', '/v1/me');
    const agencyId = me.body.agencies[0]?.id ?? '';
    const second = await call<{ id: string }>(app, asOwner, 'POST', '/v1/workspaces', {
      json: { name: 'Second client' },
    });
    expect(second.status).toBe(201);

    const colleague = await addPerson(app, { ...asOwner, workspaceId: first.workspaceId }, 'member');
    const other = await addPerson(app, { ...asOwner, workspaceId: first.workspaceId }, 'client');
    const asColleague = { cookie: colleague.cookie };
    const before = await call<Me>(app, asColleague, 'GET', '/v1/me');
    expect(before.body.workspaces).toEqual([
      expect.objectContaining({ id: first.workspaceId, role: 'member' }),
    ]);

    const made = await call(app, asOwner, 'PUT', `/v1/agencies/${agencyId}/members/${colleague.userId}`, {
      json: { role: 'admin' },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ userId: colleague.userId, role: 'admin' });
    const after = await call<Me>(app, asColleague, 'GET', '/v1/me');
    expect(after.body.workspaces.map((w) => [w.id, w.role]).sort()).toEqual(
      [
        [first.workspaceId, 'admin'],
        [second.body.id, 'admin'],
      ].sort(),
    );
    const listed = await call<{ items: Array<{ userId: string; role: string }> }>(
      app,
      asColleague,
      'GET',
      `/v1/agencies/${agencyId}/members`,
    );
    expect(listed.body.items.map((item) => item.role)).toEqual(['owner', 'admin']);

    // Only the owner gives agency roles; a person outside the agency does not see it at all.
    const byAdmin = await call(app, asColleague, 'PUT', `/v1/agencies/${agencyId}/members/${other.userId}`, {
      json: { role: 'admin' },
    });
    expect(byAdmin.status).toBe(403);
    expect(
      (await call(app, { cookie: other.cookie }, 'GET', `/v1/agencies/${agencyId}/members`)).status,
    ).toBe(404);
    const onOwner = await call(app, asOwner, 'PUT', `/v1/agencies/${agencyId}/members/${owner.userId}`, {
      json: { role: 'member' },
    });
    expect(onOwner.status).toBe(409);

    const removed = await call(
      app,
      asOwner,
      'DELETE',
      `/v1/agencies/${agencyId}/members/${colleague.userId}`,
    );
    expect(removed.status).toBe(200);
    const back = await call<Me>(app, asColleague, 'GET', '/v1/me');
    expect(back.body.workspaces).toEqual([
      expect.objectContaining({ id: first.workspaceId, role: 'member' }),
    ]);
    const audit = await call<{ items: Array<{ action: string }> }>(
      app,
      { ...asOwner, workspaceId: first.workspaceId },
      'GET',
      '/v1/audit-log?action=agency.role_changed',
    );
    expect(audit.body.items).toHaveLength(1);
  });
});
