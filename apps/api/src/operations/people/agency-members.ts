import { DomainError, type AgencyRole } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { done } from '../context.js';
import { peopleOf, personOf } from './people-context.js';

/**
 * The agency's people. Seen by its owners and admins; to anyone else the agency does not exist
 * (404), as a workspace one is not a member of does not.
 */
async function requireAgency(ctx: OperationContext, agencyId: string, needs: 'admin' | 'owner') {
  const person = personOf(ctx);
  const role = await ctx.db.agencies.roleOf(agencyId, person.userId);
  const agency = role ? await ctx.db.agencies.get(agencyId) : null;
  if (!agency || role === null || role === 'member')
    throw new DomainError('agency_not_found', `agency not found: ${agencyId}`, { agencyId });
  if (needs === 'owner' && role !== 'owner')
    throw new DomainError('owner_only', "only the agency's owner gives or takes agency roles");
  return { agency, person };
}

const ORDER: Record<AgencyRole, number> = { owner: 0, admin: 1, member: 2 };

async function listOf(ctx: OperationContext, agencyId: string) {
  const members = await ctx.db.agencies.listMembers(agencyId);
  const persons = await peopleOf(ctx).directory.byIds(members.map((member) => member.userId));
  return members
    .flatMap((member) => {
      const person = persons.get(member.userId);
      return person
        ? [
            {
              userId: member.userId,
              email: person.email,
              name: person.name,
              role: member.role,
              addedAt: member.createdAt.toISOString(),
            },
          ]
        : [];
    })
    .sort((a, b) => ORDER[a.role] - ORDER[b.role] || a.email.localeCompare(b.email));
}

export async function listAgencyMembers(ctx: OperationContext, agencyId: string) {
  await requireAgency(ctx, agencyId, 'admin');
  return { items: await listOf(ctx, agencyId) };
}

/** Every workspace of the agency, for the audit entries an agency role change concerns. */
async function recordInAgency(
  ctx: OperationContext,
  agencyId: string,
  action: string,
  userId: string,
  role: string,
) {
  for (const workspace of await ctx.db.workspaces.listByAgency(agencyId))
    await ctx.audit.recordIn(workspace.id, ctx.access, {
      action,
      target: { type: 'user', id: userId },
      details: { agencyId, role },
    });
}

export async function setAgencyMember(
  ctx: OperationContext,
  agencyId: string,
  userId: string,
  body: { role: 'admin' | 'member' },
) {
  await requireAgency(ctx, agencyId, 'owner');
  const target = await peopleOf(ctx).directory.byId(userId);
  if (!target) throw new DomainError('person_not_found', `person not found: ${userId}`, { userId });
  const current = await ctx.db.agencies.roleOf(agencyId, userId);
  if (current === 'owner') throw new DomainError('owner_unchangeable', "the agency's owner keeps their role");
  if (current === null) await ctx.db.agencies.addMember(agencyId, userId, body.role);
  else await ctx.db.agencies.setRole(agencyId, userId, body.role);
  await recordInAgency(ctx, agencyId, 'agency.role_changed', userId, body.role);
  const member = (await listOf(ctx, agencyId)).find((candidate) => candidate.userId === userId);
  if (!member) throw new Error('agency member just set is missing');
  return member;
}

export async function removeAgencyMember(ctx: OperationContext, agencyId: string, userId: string) {
  await requireAgency(ctx, agencyId, 'owner');
  const current = await ctx.db.agencies.roleOf(agencyId, userId);
  if (current === null) throw new DomainError('person_not_found', `not in the agency: ${userId}`, { userId });
  if (current === 'owner')
    throw new DomainError('owner_unchangeable', "the agency's owner cannot be removed");
  await ctx.db.agencies.removeMember(agencyId, userId);
  await recordInAgency(ctx, agencyId, 'agency.member_removed', userId, current);
  return done(`${userId} is no longer in the agency`);
}
