import { DomainError, mayChangeMember, type WorkspaceRole } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { done } from '../context.js';
import { pageOf, peopleOf, roleOf } from './people-context.js';

interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: WorkspaceRole;
  source: 'workspace' | 'agency';
  addedAt: string;
}

const ROLE_ORDER: Record<WorkspaceRole, number> = { owner: 0, admin: 1, member: 2, client: 3 };

/**
 * Everyone who may open the workspace: its own members, and the owners and admins of the agency
 * that holds it (admins here whatever else). A person in both shows once, with the higher role.
 */
async function membersOf(ctx: OperationContext): Promise<MemberView[]> {
  const people = peopleOf(ctx);
  const [workspace, members] = await Promise.all([
    ctx.db.workspaces.get(ctx.workspaceId),
    ctx.db.members.list(ctx.workspaceId),
  ]);
  const agencyAdmins = workspace?.agencyId
    ? (await ctx.db.agencies.listMembers(workspace.agencyId)).filter((member) => member.role !== 'member')
    : [];
  const views = new Map<string, Omit<MemberView, 'email' | 'name'>>();
  for (const admin of agencyAdmins) {
    views.set(admin.userId, {
      userId: admin.userId,
      role: 'admin',
      source: 'agency',
      addedAt: admin.createdAt.toISOString(),
    });
  }
  for (const member of members) {
    const existing = views.get(member.userId);
    if (existing && ROLE_ORDER[existing.role] <= ROLE_ORDER[member.role]) continue;
    views.set(member.userId, {
      userId: member.userId,
      role: member.role,
      source: existing ? 'agency' : 'workspace',
      addedAt: member.createdAt.toISOString(),
    });
  }
  const persons = await people.directory.byIds([...views.keys()]);
  return [...views.values()]
    .flatMap((view) => {
      const person = persons.get(view.userId);
      return person ? [{ ...view, email: person.email, name: person.name }] : [];
    })
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.email.localeCompare(b.email));
}

export async function listMembers(ctx: OperationContext, query: { offset: number; limit: number }) {
  return pageOf(await membersOf(ctx), query);
}

async function requireMember(ctx: OperationContext, userId: string): Promise<MemberView> {
  const member = (await membersOf(ctx)).find((candidate) => candidate.userId === userId);
  if (!member) throw new DomainError('member_not_found', `member not found: ${userId}`, { userId });
  return member;
}

function refuseUnchangeable(member: MemberView): void {
  if (member.role === 'owner')
    throw new DomainError(
      'owner_unchangeable',
      "the workspace's owner cannot be removed or given another role: transfer ownership first",
    );
  if (member.source === 'agency')
    throw new DomainError(
      'agency_admin_unchangeable',
      'this person is an owner or admin of the agency, and so an admin of every workspace it holds: change their agency role instead',
    );
}

/** `PATCH /v1/members/{userId}`: a new role, or the ownership handed on (`owner`). */
export async function updateMember(ctx: OperationContext, userId: string, body: { role: WorkspaceRole }) {
  const actorRole = roleOf(ctx);
  const member = await requireMember(ctx, userId);
  if (!mayChangeMember(actorRole, member.role, body.role)) {
    if (member.role === 'owner') refuseUnchangeable(member);
    throw new DomainError('owner_only', 'only the owner may hand ownership on');
  }
  if (body.role === 'owner') {
    const owner = await ctx.db.members.ownerOf(ctx.workspaceId);
    if (!owner) throw new Error('a workspace without an owner');
    await ctx.db.members.add(ctx.workspaceId, { userId, role: 'member' });
    await ctx.db.members.transferOwnership(ctx.workspaceId, owner.userId, userId);
    await ctx.audit.record(ctx.access, {
      action: 'workspace.ownership_transferred',
      target: { type: 'user', id: userId },
      details: { from: owner.userId },
    });
  } else {
    refuseUnchangeable(member);
    await ctx.db.members.setRole(ctx.workspaceId, userId, body.role);
    await ctx.audit.record(ctx.access, {
      action: 'member.role_changed',
      target: { type: 'user', id: userId },
      details: { from: member.role, to: body.role },
    });
  }
  return requireMember(ctx, userId);
}

/** `DELETE /v1/members/{userId}`: their next request in this workspace answers 404. */
export async function removeMember(ctx: OperationContext, userId: string) {
  const member = await requireMember(ctx, userId);
  refuseUnchangeable(member);
  await ctx.db.members.remove(ctx.workspaceId, userId);
  // Removed from the last place they could open, a person has nothing left to be signed in for:
  // their sessions end, so the very next request of an open page signs them out.
  const [workspaces, agencies] = await Promise.all([
    ctx.db.members.workspacesOf(userId),
    ctx.db.agencies.membershipsOf(userId),
  ]);
  const signedOut = workspaces.length === 0 && agencies.length === 0;
  if (signedOut) await peopleOf(ctx).directory.endAllSessions(userId);
  await ctx.audit.record(ctx.access, {
    action: 'member.removed',
    target: { type: 'user', id: userId },
    details: { role: member.role, email: member.email, signedOut },
  });
  return done(`removed ${member.email} from the workspace`);
}
