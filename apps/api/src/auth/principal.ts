import type { WorkspaceId } from '@outreach/db';
import type { WorkspaceRole } from '@outreach/domain';
import type { Response } from 'express';

/** A person signed in with a session cookie. */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  sessionToken: string;
}

/** An integration calling with a workspace API key. */
export interface KeyPrincipal {
  kind: 'key';
  keyId: string;
  name: string;
  workspaceId: WorkspaceId;
  role: WorkspaceRole;
}

export type Principal = UserPrincipal | KeyPrincipal;

/** Who is calling and, for a workspace operation, where and with which role. */
export interface Access {
  principal: Principal | null;
  workspaceId: WorkspaceId | null;
  role: WorkspaceRole | null;
  ip: string | null;
  userAgent: string | null;
}

const ACCESS = 'access';

export function setAccess(res: Response, access: Access): void {
  res.locals[ACCESS] = access;
}

/** The access set by the guard; reaching it on an unguarded route is a programming error. */
export function accessOf(res: Response): Access {
  const access = res.locals[ACCESS] as Access | undefined;
  if (access === undefined) throw new Error('route reached without the access guard');
  return access;
}

/** The principal of an operation that needs one (the guard has answered 401 otherwise). */
export function principalOf(access: Access): Principal {
  if (access.principal === null) throw new Error('operation reached without a caller');
  return access.principal;
}

/** The audit log's `actor` for a principal. */
export function actorOf(principal: Principal): { type: 'user' | 'key'; id: string; label: string };
export function actorOf(principal: Principal | null): {
  type: 'user' | 'key' | 'anonymous';
  id: string | null;
  label: string | null;
};
export function actorOf(principal: Principal | null) {
  if (principal === null) return { type: 'anonymous' as const, id: null, label: null };
  return principal.kind === 'user'
    ? { type: 'user' as const, id: principal.userId, label: principal.email }
    : { type: 'key' as const, id: principal.keyId, label: principal.name };
}

/**
 * Whose requests these are, for the rate limit and idempotency keys: the API key, the person, or
 * (no caller: the public links) the client address.
 */
export function callerKeyOf(access: Access): string {
  const principal = access.principal;
  if (principal === null) return `ip:${access.ip ?? 'unknown'}`;
  return principal.kind === 'key' ? principal.keyId : `user:${principal.userId}`;
}
