import { created, ok } from '../http/route.js';
import { listApiKeys, createApiKey, revokeApiKey } from '../operations/people/api-keys.js';
import { listAuditLog } from '../operations/people/audit-log.js';
import {
  listAgencyMembers,
  removeAgencyMember,
  setAgencyMember,
} from '../operations/people/agency-members.js';
import { getMe } from '../operations/people/get-me.js';
import { createWorkspace, deleteWorkspace } from '../operations/people/workspaces.js';
import { acceptInvitation, previewInvitation } from '../operations/people/invitation-links.js';
import {
  createInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from '../operations/people/invitations.js';
import { listMembers, removeMember, updateMember } from '../operations/people/members.js';
import { endSession, listSessions } from '../operations/people/sessions.js';
import { completeSetup, getSetupStatus } from '../operations/people/setup.js';
import type { Route } from './route-types.js';

export function peopleRoutes(route: Route): void {
  route('getMe', 'get', '/me', async (_input, ctx) => ok(await getMe(ctx)));
  route('createWorkspace', 'post', '/workspaces', async ({ body }, ctx) =>
    created(await createWorkspace(ctx, body)),
  );
  route('listAgencyMembers', 'get', '/agencies/:agencyId/members', async ({ params }, ctx) =>
    ok(await listAgencyMembers(ctx, params.agencyId)),
  );
  route('setAgencyMember', 'put', '/agencies/:agencyId/members/:userId', async ({ params, body }, ctx) =>
    ok(await setAgencyMember(ctx, params.agencyId, params.userId, body)),
  );
  route('removeAgencyMember', 'delete', '/agencies/:agencyId/members/:userId', async ({ params }, ctx) =>
    ok(await removeAgencyMember(ctx, params.agencyId, params.userId)),
  );
  route('deleteWorkspace', 'delete', '/workspace', async ({ body }, ctx) =>
    ok(await deleteWorkspace(ctx, body)),
  );

  route('listMembers', 'get', '/members', async ({ query }, ctx) => ok(await listMembers(ctx, query)));
  route('updateMember', 'patch', '/members/:userId', async ({ params, body }, ctx) =>
    ok(await updateMember(ctx, params.userId, body)),
  );
  route('removeMember', 'delete', '/members/:userId', async ({ params }, ctx) =>
    ok(await removeMember(ctx, params.userId)),
  );

  route('createInvitation', 'post', '/invitations', async ({ body }, ctx) =>
    created(await createInvitation(ctx, body)),
  );
  route('listInvitations', 'get', '/invitations', async ({ query }, ctx) =>
    ok(await listInvitations(ctx, query)),
  );
  route('revokeInvitation', 'delete', '/invitations/:invitationId', async ({ params }, ctx) =>
    ok(await revokeInvitation(ctx, params.invitationId)),
  );
  route('resendInvitation', 'post', '/invitations/:invitationId/resend', async ({ params }, ctx) =>
    created(await resendInvitation(ctx, params.invitationId)),
  );
  route('previewInvitation', 'post', '/invitation-links/preview', async ({ body }, ctx) =>
    ok(await previewInvitation(ctx, body)),
  );
  route('acceptInvitation', 'post', '/invitation-links/accept', async ({ body }, ctx) => {
    const accepted = await acceptInvitation(ctx, body);
    return { ...ok(accepted.body), cookies: accepted.cookies };
  });

  route('getSetupStatus', 'get', '/setup', async (_input, ctx) => ok(await getSetupStatus(ctx)));
  route('completeSetup', 'post', '/setup', async ({ body }, ctx) => {
    const done = await completeSetup(ctx, body);
    return { ...created(done.body), cookies: done.cookies };
  });

  route('createApiKey', 'post', '/api-keys', async ({ body }, ctx) => created(await createApiKey(ctx, body)));
  route('listApiKeys', 'get', '/api-keys', async ({ query }, ctx) => ok(await listApiKeys(ctx, query)));
  route('revokeApiKey', 'delete', '/api-keys/:apiKeyId', async ({ params }, ctx) =>
    ok(await revokeApiKey(ctx, params.apiKeyId)),
  );

  route('listSessions', 'get', '/sessions', async (_input, ctx) => ok(await listSessions(ctx)));
  route('endSession', 'delete', '/sessions/:sessionId', async ({ params }, ctx) =>
    ok(await endSession(ctx, params.sessionId)),
  );

  route('listAuditLog', 'get', '/audit-log', async ({ query }, ctx) => ok(await listAuditLog(ctx, query)));
}
