import type { components } from '@outreach/client';

export type WorkspaceRole = components['schemas']['WorkspaceRole'];
export type AssignableRole = components['schemas']['AssignableRole'];

export const ASSIGNABLE_ROLES: readonly AssignableRole[] = ['admin', 'member', 'client'];

const LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  client: 'Client',
};

/** What each role may do, in the words of the role table (apps/api/README.md). */
const ALLOWS: Record<WorkspaceRole, string> = {
  owner: 'everything, and hands ownership on',
  admin: 'everything but ownership: people, keys, senders, webhooks',
  member: 'runs campaigns: edits, starts, imports leads, replies',
  client: 'reads campaigns and analytics, changes nothing',
};

export function roleLabel(role: WorkspaceRole): string {
  return LABELS[role];
}

export function roleAllows(role: WorkspaceRole): string {
  return ALLOWS[role];
}
