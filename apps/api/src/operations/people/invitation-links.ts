import { asWorkspaceId } from '@outreach/db';
import { DomainError } from '@outreach/domain';
import { checkPassword } from '../../auth/password-policy.js';
import type { Access } from '../../auth/principal.js';
import type { OperationContext } from '../context.js';
import { peopleOf } from './people-context.js';

function unknownLink(): DomainError {
  return new DomainError(
    'invitation_not_found',
    'this invitation link is unknown, used, revoked or expired: ask for a new one',
  );
}

async function pendingByToken(ctx: OperationContext, token: string) {
  const invitation = await ctx.db.invitations.findByToken(token, ctx.realClock());
  if (!invitation || invitation.status !== 'pending') throw unknownLink();
  return invitation;
}

/** What an invitation link offers, for its page (`POST /v1/invitation-links/preview`). */
export async function previewInvitation(ctx: OperationContext, body: { token: string }) {
  const invitation = await pendingByToken(ctx, body.token);
  const [workspace, person] = await Promise.all([
    ctx.db.workspaces.get(invitation.workspaceId),
    peopleOf(ctx).directory.byEmail(invitation.email),
  ]);
  if (!workspace) throw unknownLink();
  return {
    email: invitation.email,
    role: invitation.role,
    workspaceName: workspace.name,
    expiresAt: invitation.expiresAt.toISOString(),
    hasAccount: person !== null,
  };
}

/**
 * Joins the invited workspace (`POST /v1/invitation-links/accept`). The link is bound to its
 * e-mail: a signed-in person must be that e-mail; without a session, the account is made for
 * that e-mail (so nobody else can use the link to make one) and signed in. The token is taken with
 * one atomic update, so two requests racing with one link make one member.
 */
export async function acceptInvitation(
  ctx: OperationContext,
  body: { token: string; name?: string | undefined; password?: string | undefined },
) {
  const people = peopleOf(ctx);
  const invitation = await pendingByToken(ctx, body.token);
  const principal = ctx.access.principal;
  let cookies: string[] = [];
  let userId: string;
  if (principal?.kind === 'user') {
    if (principal.email !== invitation.email)
      throw new DomainError(
        'sign_in_as_invitee',
        `this invitation is for ${invitation.email}: sign out, then sign in or sign up with that address`,
      );
    if (!(await ctx.db.invitations.accept(body.token, principal.userId, ctx.realClock())))
      throw unknownLink();
    userId = principal.userId;
  } else {
    if (await people.directory.byEmail(invitation.email))
      throw new DomainError(
        'sign_in_required',
        `${invitation.email} already has an account: sign in with it, then open the link again`,
      );
    if (!body.name || !body.password)
      throw new DomainError('invalid_input', 'a name and a password are needed to create your account');
    const verdict = checkPassword(body.password, { email: invitation.email, name: body.name });
    if (!verdict.ok) throw new DomainError('password_rejected', verdict.message, { reason: verdict.code });
    const person = await people.directory.create({
      email: invitation.email,
      name: body.name,
      password: body.password,
    });
    if (!(await ctx.db.invitations.accept(body.token, person.id, ctx.realClock()))) {
      await people.directory.remove(person.id);
      throw unknownLink();
    }
    userId = person.id;
    cookies = await people.directory.signIn(people.request, invitation.email, body.password);
  }
  const workspaceId = asWorkspaceId(invitation.workspaceId);
  const { member } = await ctx.db.members.add(workspaceId, { userId, role: invitation.role });
  const access: Access = {
    ...ctx.access,
    principal:
      principal ??
      ({
        kind: 'user',
        userId,
        email: invitation.email,
        name: body.name ?? '',
        sessionId: '',
        sessionToken: '',
      } as const),
  };
  await ctx.audit.recordIn(workspaceId, access, {
    action: 'invitation.accepted',
    target: { type: 'invitation', id: invitation.id },
    details: { email: invitation.email, role: member.role },
  });
  return { body: { workspaceId, role: member.role }, cookies };
}
