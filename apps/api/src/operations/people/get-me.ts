import { asWorkspaceId } from '@outreach/db';
import { effectiveRole, permissionsOf, type AgencyRole, type WorkspaceRole } from '@outreach/domain';
import { principalOf } from '../../auth/principal.js';
import type { OperationContext } from '../context.js';

interface WorkspaceSummary {
  id: string;
  name: string;
  plan: string;
}

function myWorkspace(workspace: WorkspaceSummary, role: WorkspaceRole) {
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    role,
    permissions: permissionsOf(role),
  };
}

/** The caller and every workspace they may open, with their role there (`GET /v1/me`). */
export async function getMe(ctx: OperationContext) {
  const principal = principalOf(ctx.access);
  if (principal.kind === 'key') {
    const workspace = await ctx.db.workspaces.get(principal.workspaceId);
    return {
      kind: 'key' as const,
      user: null,
      key: { id: principal.keyId, name: principal.name, role: principal.role },
      agencies: [],
      workspaces: workspace ? [myWorkspace(workspace, principal.role)] : [],
    };
  }
  const [memberships, agencyMemberships] = await Promise.all([
    ctx.db.members.workspacesOf(principal.userId),
    ctx.db.agencies.membershipsOf(principal.userId),
  ]);
  const own = new Map(memberships.map((membership) => [membership.workspaceId, membership.role]));
  const agencyRoles = new Map<string, AgencyRole>(
    agencyMemberships.map((membership) => [membership.agencyId, membership.role]),
  );
  const agencies = await Promise.all(
    agencyMemberships.map(async (membership) => ({
      agency: await ctx.db.agencies.get(membership.agencyId),
      role: membership.role,
    })),
  );
  const reachable = new Map<string, WorkspaceSummary & { agencyId: string | null }>();
  for (const workspace of await ctx.db.workspaces.listByIds([...own.keys()]))
    reachable.set(workspace.id, workspace);
  for (const { agency, role } of agencies) {
    if (!agency || role === 'member') continue;
    for (const workspace of await ctx.db.workspaces.listByAgency(agency.id))
      reachable.set(workspace.id, workspace);
  }
  const workspaces = [...reachable.values()].flatMap((workspace) => {
    const agencyRole = workspace.agencyId ? (agencyRoles.get(workspace.agencyId) ?? null) : null;
    const role = effectiveRole(own.get(asWorkspaceId(workspace.id)) ?? null, agencyRole);
    return role === null ? [] : [myWorkspace(workspace, role)];
  });
  workspaces.sort((a, b) => a.name.localeCompare(b.name));
  return {
    kind: 'user' as const,
    user: { id: principal.userId, email: principal.email, name: principal.name },
    key: null,
    agencies: agencies.flatMap(({ agency, role }) =>
      agency ? [{ id: agency.id, name: agency.name, role }] : [],
    ),
    workspaces,
  };
}
