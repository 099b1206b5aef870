import { asWorkspaceId, isId, type Db, type WorkspaceId } from '@outreach/db';
import {
  can,
  effectiveRole,
  isWorkspacePermission,
  type Permission,
  type WorkspaceRole,
} from '@outreach/domain';
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { CLIENT_IP_HEADER } from './client-ip.js';
import { isSameOrigin, type OriginPolicy } from './origin-policy.js';
import { actorOf, setAccess, type Access, type KeyPrincipal, type Principal } from './principal.js';
import type { SessionReader } from './session-reader.js';

export const API_KEY_HEADER = 'x-api-key';
export const WORKSPACE_HEADER = 'x-workspace-id';

/** Keys are generated with a fixed prefix and a few dozen characters; anything far longer is junk. */
const MAX_KEY_LENGTH = 256;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AccessGuardDeps {
  db: Db;
  sessions: SessionReader;
  /** Resolves a key's plaintext (trimmed) to its principal, or null. */
  resolveKey: (plaintext: string) => Promise<KeyPrincipal | null>;
  origins: OriginPolicy;
  /** Records a refusal (403) in the audit log; never throws. */
  recordDenied: (access: Access, req: Request, details: Record<string, string>) => Promise<void>;
  /** Local runs: where the demo key is, added to 401 messages. */
  demoKeyFile?: string | undefined;
}

function header(req: Request, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The one guard of every `/v1` operation, fed from the operation's `x-permission`:
 * 1. who is calling: an `x-api-key` alone (cookies ignored), else the session cookie;
 * 2. a request that changes something without a key must come from the API's own origin;
 * 3. for a workspace permission, the workspace (the key's, or `x-workspace-id` for a person, 404
 *    unless they are a member) and the role there, which must grant the permission (else 403).
 * Nothing is cached: a revoked key, an ended session, a removal or a role change holds at the
 * very next request.
 */
export function accessGuard(deps: AccessGuardDeps, permission: Permission): RequestHandler {
  const hint =
    deps.demoKeyFile === undefined
      ? ''
      : ` (local run: the demo workspace's key is apiKey in ${deps.demoKeyFile}; after \`pnpm start --fresh\` the database was reset and keys from before no longer exist)`;
  return async (req, res, next) => {
    const access: Access = {
      principal: null,
      workspaceId: null,
      role: null,
      ip: header(req, CLIENT_IP_HEADER),
      userAgent: header(req, 'user-agent'),
    };
    setAccess(res, access);
    const suppliedKey = req.headers[API_KEY_HEADER];
    if (suppliedKey !== undefined) {
      const key = typeof suppliedKey === 'string' ? suppliedKey.trim() : '';
      const principal = key === '' || key.length > MAX_KEY_LENGTH ? null : await deps.resolveKey(key);
      if (principal === null) throw unauthenticated(`invalid API key${hint}`);
      access.principal = principal;
    } else {
      const read = await deps.sessions.read(req);
      access.principal = read.principal;
      for (const cookie of read.setCookies) res.append('set-cookie', cookie);
      const changes = !SAFE_METHODS.has(req.method);
      // A cookie rides along with any request the browser makes, wherever the page that made it
      // came from: only the Origin tells a forged request apart (ASVS 3.5.1). Public operations
      // that sign someone in are held to it too, so no other site can sign a browser in.
      if (
        changes &&
        (access.principal !== null || permission === 'public') &&
        !isSameOrigin(req, deps.origins)
      ) {
        await deps.recordDenied(access, req, { reason: 'cross_origin_request' });
        throw new HttpError(
          403,
          "cross-origin request refused: a signed-in request that changes something must come from this API's own origin",
          { code: 'cross_origin_request' },
        );
      }
    }
    if (permission === 'public') {
      next();
      return;
    }
    if (access.principal === null) {
      throw unauthenticated(
        `not signed in: sign in (POST /api/auth/sign-in/email) or send an API key in the x-api-key header${hint}`,
      );
    }
    if (!isWorkspacePermission(permission)) {
      next();
      return;
    }
    const { workspaceId, role } = await workspaceAccess(deps.db, access.principal, req);
    access.workspaceId = workspaceId;
    access.role = role;
    req.log = req.log.child({ workspaceId, actor: actorOf(access.principal) });
    if (!can(role, permission)) {
      await deps.recordDenied(access, req, { permission, role });
      throw new HttpError(
        403,
        `your role in this workspace (${role}) does not allow this: it needs ${permission}`,
        { code: 'forbidden', details: { role, permission } },
      );
    }
    next();
  };
}

async function workspaceAccess(
  db: Db,
  principal: Principal,
  req: Request,
): Promise<{ workspaceId: WorkspaceId; role: WorkspaceRole }> {
  if (principal.kind === 'key') return { workspaceId: principal.workspaceId, role: principal.role };
  const named = header(req, WORKSPACE_HEADER);
  if (named === null) {
    throw new HttpError(400, 'name the workspace in the x-workspace-id header (GET /v1/me lists yours)', {
      code: 'workspace_required',
    });
  }
  const notFound = new HttpError(404, `workspace not found: ${named}`, { code: 'workspace_not_found' });
  if (!isId('workspace', named)) throw notFound;
  const workspaceId = asWorkspaceId(named);
  const [workspace, member] = await Promise.all([
    db.workspaces.get(workspaceId),
    db.members.get(workspaceId, principal.userId),
  ]);
  if (workspace === null) throw notFound;
  const agencyRole = workspace.agencyId
    ? await db.agencies.roleOf(workspace.agencyId, principal.userId)
    : null;
  const role = effectiveRole(member?.role ?? null, agencyRole);
  if (role === null) throw notFound;
  return { workspaceId, role };
}

function unauthenticated(message: string): HttpError {
  return new HttpError(401, message, { code: 'unauthorized' });
}
