import { DomainError, permissionsOf } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { done } from '../context.js';
import { personOf } from './people-context.js';

/**
 * `POST /v1/workspaces`: a new workspace of one of the caller's agencies, the caller its owner.
 * It takes the plan of the agency's oldest workspace: plans are the operator's to give, not a
 * field a person sets for themselves.
 */
export async function createWorkspace(
  ctx: OperationContext,
  body: { name: string; agencyId?: string | undefined },
) {
  const person = personOf(ctx);
  const memberships = await ctx.db.agencies.membershipsOf(person.userId);
  const administered = memberships.filter((membership) => membership.role !== 'member');
  const agency = body.agencyId
    ? administered.find((membership) => membership.agencyId === body.agencyId)
    : administered[0];
  if (!agency)
    throw new DomainError(
      'agency_role_required',
      body.agencyId
        ? `you are not an owner or admin of agency ${body.agencyId}`
        : 'only an owner or admin of an agency may create workspaces',
    );
  const [oldest] = await ctx.db.workspaces.listByAgency(agency.agencyId);
  const workspace = await ctx.db.workspaces.createWorkspace({
    name: body.name,
    plan: oldest?.plan ?? 'starter',
    agencyId: agency.agencyId,
  });
  await ctx.db.members.add(workspace.id, { userId: person.userId, role: 'owner' });
  await ctx.audit.recordIn(workspace.id, ctx.access, {
    action: 'workspace.created',
    target: { type: 'workspace', id: workspace.id },
    details: { name: workspace.name, agencyId: agency.agencyId },
  });
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    role: 'owner' as const,
    permissions: permissionsOf('owner'),
  };
}

/**
 * `DELETE /v1/workspace`: gone for everyone from this answer on. What would go on acting in its
 * name stops: active campaigns are paused (the runner claims nothing of a paused campaign), keys
 * revoked, webhooks unsubscribed, pending invitations revoked. The records stay for the operator.
 */
export async function deleteWorkspace(ctx: OperationContext, body: { confirmName: string }) {
  const workspace = await ctx.db.workspaces.get(ctx.workspaceId);
  if (!workspace) throw new Error('the guard let a missing workspace through');
  if (body.confirmName.trim() !== workspace.name)
    throw new DomainError('invalid_input', `confirmName must be the workspace's name, "${workspace.name}"`, {
      field: 'confirmName',
    });
  const now = ctx.realClock();
  for (const campaignId of await ctx.db.campaigns.listIdsByStatus(ctx.workspaceId, ['active'])) {
    await ctx.db.campaigns
      .transitionStatus(ctx.workspaceId, campaignId, { from: ['active'], to: 'paused' })
      .catch(() => undefined); // Paused or completed meanwhile: nothing left to stop.
  }
  for (const hook of await ctx.db.webhookSubscriptions.list(ctx.workspaceId))
    await ctx.db.webhookSubscriptions.unsubscribe(ctx.workspaceId, { url: hook.url, type: hook.type });
  for (const invitation of await ctx.db.invitations.listPending(ctx.workspaceId, now))
    await ctx.db.invitations.revoke(ctx.workspaceId, invitation.id, now);
  const keys = await ctx.db.apiKeys.revokeAll(ctx.workspaceId, now);
  await ctx.db.workspaces.markDeleted(ctx.workspaceId, now);
  await ctx.audit.record(ctx.access, {
    action: 'workspace.deleted',
    target: { type: 'workspace', id: ctx.workspaceId },
    details: { name: workspace.name, keysRevoked: keys },
  });
  return done(`workspace ${workspace.name} deleted`);
}
