/**
 * Who may do what: one role table for people and for API keys (deny by default).
 *
 * Every `/v1` operation names one permission in the contract (`x-permission`). A workspace role
 * grants a fixed set of permissions; `can` is the only check. Two permissions need no workspace
 * role: `public` (no caller at all: the setup link, an invitation's own link) and `signed_in` (a
 * person with a session, in no particular workspace: `/v1/me`, their own sessions).
 */

export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'client'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The roles an API key may carry: a workspace's owner is always a person. */
export const API_KEY_ROLES = ['admin', 'member', 'client'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'client'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Roles in an agency: owners and admins are admins of every workspace of the agency. */
export const AGENCY_ROLES = ['owner', 'admin', 'member'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

export const WORKSPACE_PERMISSIONS = [
  /** Read campaigns, sequences, leads, analytics, conversations, senders, webhooks' list. */
  'workspace:read',
  /** Edit, start and pause campaigns; import and remove leads; reply; tag; block. */
  'campaigns:write',
  /** Connect and reconnect senders, change limits; webhooks; export leads. */
  'workspace:configure',
  /** Invite, remove and change the role of people (never the owner's); API keys; the audit log. */
  'people:manage',
  /** Delete the workspace, transfer its ownership. */
  'workspace:own',
] as const;
export type WorkspacePermission = (typeof WORKSPACE_PERMISSIONS)[number];

export const CALLER_PERMISSIONS = ['public', 'signed_in'] as const;
export type CallerPermission = (typeof CALLER_PERMISSIONS)[number];

export type Permission = WorkspacePermission | CallerPermission;
export const PERMISSIONS: readonly Permission[] = [...CALLER_PERMISSIONS, ...WORKSPACE_PERMISSIONS];

const GRANTS: Readonly<Record<WorkspaceRole, ReadonlySet<WorkspacePermission>>> = {
  owner: new Set(WORKSPACE_PERMISSIONS),
  admin: new Set(['workspace:read', 'campaigns:write', 'workspace:configure', 'people:manage']),
  member: new Set(['workspace:read', 'campaigns:write']),
  client: new Set(['workspace:read']),
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function isWorkspacePermission(value: Permission): value is WorkspacePermission {
  return (WORKSPACE_PERMISSIONS as readonly string[]).includes(value);
}

/** Whether a workspace role grants a workspace permission. */
export function can(role: WorkspaceRole, permission: WorkspacePermission): boolean {
  return GRANTS[role].has(permission);
}

/** Every permission a role grants, for `/v1/me` (the console hides what a role may not use). */
export function permissionsOf(role: WorkspaceRole): WorkspacePermission[] {
  return WORKSPACE_PERMISSIONS.filter((permission) => GRANTS[role].has(permission));
}

/**
 * A person's role in a workspace: the role the workspace gave them, raised to `admin` when they
 * are an owner or admin of the agency that holds it. Null: not a member (the workspace is a 404).
 */
export function effectiveRole(
  workspaceRole: WorkspaceRole | null,
  agencyRole: AgencyRole | null,
): WorkspaceRole | null {
  const agencyAdmin = agencyRole === 'owner' || agencyRole === 'admin';
  if (workspaceRole === 'owner') return 'owner';
  if (agencyAdmin) return 'admin';
  return workspaceRole;
}

/**
 * Whether `actor` may give `target` the role `next` (or remove them, `next` null). Nobody changes
 * or removes the owner: ownership moves only by transfer, which takes `workspace:own`. An admin
 * may not raise anyone above admin.
 */
export function mayChangeMember(
  actor: WorkspaceRole,
  target: WorkspaceRole,
  next: WorkspaceRole | null,
): boolean {
  if (!can(actor, 'people:manage')) return false;
  if (target === 'owner') return false;
  if (next === 'owner') return actor === 'owner';
  return true;
}
