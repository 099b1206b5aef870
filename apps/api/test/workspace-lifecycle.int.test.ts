// De-risks the owner's own powers over a workspace: an agency owner makes a client workspace and
// owns it; deleting a workspace (its name typed again) makes it gone for everyone at once, stops
// its active campaign, revokes its keys and its pending invitation, and is in the audit log.
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { addLeads, createAccount, createCampaignWithSteps, createWorkspace } from './support/fixtures.js';
import { addPerson, call, invite, setupOwner } from './support/people.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

describe('the workspaces of an agency', () => {
  it('are made by an agency owner, who owns them; deleted by their owner, they are gone for everyone', async () => {
    const demo = await createWorkspace(app, 'agency', 'Demo');
    const owner = await setupOwner(app);
    const asOwner = { cookie: owner.cookie };

    const made = await call<{ id: string; role: string; plan: string }>(
      app,
      asOwner,
      'POST',
      '/v1/workspaces',
      {
        json: { name: 'Brand Co outreach' },
      },
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ role: 'owner', plan: 'agency' });
    const me = await call<{ workspaces: Array<{ id: string; role: string }> }>(app, asOwner, 'GET', '/v1/me');
    expect(me.body.workspaces.map((w) => w.id).sort()).toEqual([demo.workspaceId, made.body.id].sort());

    // A member of the client workspace is no agency admin: they may not make workspaces.
    const inClient = { ...asOwner, workspaceId: made.body.id };
    const member = await addPerson(app, inClient, 'member');
    const refused = await call(app, { cookie: member.cookie }, 'POST', '/v1/workspaces', {
      json: { name: 'Mine' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'agency_role_required' });

    // The demo workspace has a running campaign, a key and a pending invitation.
    const account = await createAccount(demo.api);
    const { campaign } = await createCampaignWithSteps(demo.api, ['invitation']);
    await demo.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(demo.api, campaign.id, ['ada-lovelace']);
    expect((await demo.api.put(`/v1/campaigns/${campaign.id}/start`)).status).toBe(200);
    const asDemoOwner = { ...asOwner, workspaceId: demo.workspaceId };
    const pending = await invite(app, asDemoOwner, 'client');

    const wrongName = await call(app, asDemoOwner, 'DELETE', '/v1/workspace', {
      json: { confirmName: 'demo' },
    });
    expect(wrongName.status).toBe(400);
    const asAdmin = await addPerson(app, asDemoOwner, 'admin');
    const notOwner = await call(
      app,
      { cookie: asAdmin.cookie, workspaceId: demo.workspaceId },
      'DELETE',
      '/v1/workspace',
      {
        json: { confirmName: 'Demo' },
      },
    );
    expect(notOwner.status).toBe(403);

    const deleted = await call(app, asDemoOwner, 'DELETE', '/v1/workspace', {
      json: { confirmName: 'Demo' },
    });
    expect(deleted.status).toBe(200);
    expect((await call(app, asDemoOwner, 'GET', '/v1/campaigns')).status).toBe(404);
    expect((await demo.api.get('/v1/campaigns')).status).toBe(401);
    const after = await call<{ workspaces: Array<{ id: string }> }>(app, asOwner, 'GET', '/v1/me');
    expect(after.body.workspaces.map((w) => w.id)).toEqual([made.body.id]);
    const preview = await call(app, {}, 'POST', '/v1/invitation-links/preview', {
      json: { token: pending.token },
    });
    expect(preview.status).toBe(404);

    const ws = asWorkspaceId(demo.workspaceId);
    expect((await app.db.campaigns.get(ws, campaign.id))?.status).toBe('paused');
    const audit = await app.db.auditLog.list(ws, { action: 'workspace.deleted' });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]?.actor).toMatchObject({ type: 'user', id: owner.userId });
  });
});
