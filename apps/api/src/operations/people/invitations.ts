import type { Invitation } from '@outreach/db';
import { DomainError, type AssignableRole } from '@outreach/domain';
import { consoleLink } from '../../auth/people-services.js';
import { actorOf, principalOf } from '../../auth/principal.js';
import type { OperationContext } from '../context.js';
import { pageOf, peopleOf } from './people-context.js';

/** An invitation's link is valid this long (7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function toInvitationView(invitation: Invitation) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: invitation.status,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    createdBy: invitation.createdBy,
  };
}

/** Makes the invitation and its link, e-mails it when a mail server is configured, and says so. */
async function send(ctx: OperationContext, input: { email: string; role: AssignableRole }, resent: boolean) {
  const people = peopleOf(ctx);
  await ctx.db.invitations.revokePendingFor(ctx.workspaceId, input.email, ctx.realClock());
  const { invitation, token } = await ctx.db.invitations.create(ctx.workspaceId, {
    email: input.email,
    role: input.role,
    createdBy: actorOf(principalOf(ctx.access)),
    ttlMs: INVITATION_TTL_MS,
    now: ctx.realClock(),
  });
  const link = consoleLink(people, `/invitations?token=${encodeURIComponent(token)}`);
  let emailSent = false;
  if (people.mailer.configured) {
    const workspace = await ctx.db.workspaces.get(ctx.workspaceId);
    try {
      await people.mailer.send({
        to: invitation.email,
        subject: `You are invited to ${workspace?.name ?? 'a workspace'}`,
        text: `You are invited to join ${workspace?.name ?? 'a workspace'} as ${invitation.role}. The link works once, for 7 days, and only for ${invitation.email}:\n\n${link}\n`,
      });
      emailSent = true;
    } catch (error) {
      ctx.log.warn(
        { err: error, invitationId: invitation.id },
        'invitation e-mail not sent; the link is in the answer',
      );
    }
  }
  await ctx.audit.record(ctx.access, {
    action: 'invitation.sent',
    target: { type: 'invitation', id: invitation.id },
    details: { email: invitation.email, role: invitation.role, resent, emailSent },
  });
  return { ...toInvitationView(invitation), link, emailSent };
}

export async function createInvitation(ctx: OperationContext, body: { email: string; role: AssignableRole }) {
  const person = await peopleOf(ctx).directory.byEmail(body.email);
  if (person && (await ctx.db.members.get(ctx.workspaceId, person.id)))
    throw new DomainError('already_member', `${body.email} is already a member of this workspace`);
  return send(ctx, body, false);
}

export async function listInvitations(ctx: OperationContext, query: { offset: number; limit: number }) {
  const pending = await ctx.db.invitations.listPending(ctx.workspaceId, ctx.realClock());
  return pageOf(pending.map(toInvitationView), query);
}

async function requireInvitation(ctx: OperationContext, id: string): Promise<Invitation> {
  const invitation = await ctx.db.invitations.get(ctx.workspaceId, id, ctx.realClock());
  if (!invitation) throw new DomainError('invitation_not_found', `invitation not found: ${id}`, { id });
  return invitation;
}

export async function revokeInvitation(ctx: OperationContext, id: string) {
  await requireInvitation(ctx, id);
  const revoked = await ctx.db.invitations.revoke(ctx.workspaceId, id, ctx.realClock());
  if (!revoked || revoked.status !== 'revoked')
    throw new DomainError('invitation_not_found', `no pending invitation: ${id}`, { id });
  await ctx.audit.record(ctx.access, {
    action: 'invitation.revoked',
    target: { type: 'invitation', id },
    details: { email: revoked.email },
  });
  return toInvitationView(revoked);
}

/** A new link, valid 7 days from now; the old one ends. Accepted invitations are not resent. */
export async function resendInvitation(ctx: OperationContext, id: string) {
  const invitation = await requireInvitation(ctx, id);
  if (invitation.status === 'accepted')
    throw new DomainError('invitation_not_found', `invitation already accepted: ${id}`, { id });
  return send(ctx, { email: invitation.email, role: invitation.role }, true);
}
