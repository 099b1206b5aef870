import type { Db, NewAuditEntry, WorkspaceId } from '@outreach/db';
import { asWorkspaceId } from '@outreach/db';
import type { Logger } from 'pino';
import { actorOf, type Access } from '../auth/principal.js';

/** What an operation says happened; who, where and from where come from the request's access. */
export interface AuditFact {
  action: string;
  target?: { type: string; id: string } | null;
  outcome?: 'succeeded' | 'refused' | 'failed';
  details?: Record<string, string | number | boolean | null> | null;
}

export interface AuditTrail {
  /** Records one fact in the request's workspace. Never fails the request: a lost entry is logged. */
  record(access: Access, fact: AuditFact): Promise<void>;
  /** Records one fact in a named workspace (an invitation accepted, a setup). */
  recordIn(workspaceId: WorkspaceId | null, access: Access, fact: AuditFact): Promise<void>;
  /**
   * Records a fact about a person in every workspace they may open (a sign-in, a failed one, a
   * sign-out): each owner or admin sees what concerns their own workspace. A fact about no known
   * person is kept outside any workspace.
   */
  recordForPerson(userId: string | null, entry: Omit<NewAuditEntry, 'workspaceId'>): Promise<void>;
}

/** Entries are stamped in HTTP time (real), whatever clock the campaigns run on. */
export function createAuditTrail(db: Db, logger: Logger, realClock: () => Date): AuditTrail {
  async function write(entries: NewAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const at = realClock();
    try {
      await db.auditLog.recordMany(entries.map((entry) => ({ at, ...entry })));
    } catch (error) {
      logger.error(
        { err: error, actions: entries.map((entry) => entry.action) },
        'could not write the audit log',
      );
    }
  }

  function entryOf(workspaceId: WorkspaceId | null, access: Access, fact: AuditFact): NewAuditEntry {
    return {
      workspaceId,
      actor: actorOf(access.principal),
      action: fact.action,
      target: fact.target ?? null,
      outcome: fact.outcome ?? 'succeeded',
      ip: access.ip,
      userAgent: access.userAgent,
      details: fact.details ?? null,
    };
  }

  async function workspacesOfPerson(userId: string): Promise<WorkspaceId[]> {
    const [memberships, agencies] = await Promise.all([
      db.members.workspacesOf(userId),
      db.agencies.membershipsOf(userId),
    ]);
    const ids = new Set(memberships.map((membership) => membership.workspaceId));
    for (const agency of agencies) {
      if (agency.role === 'member') continue;
      for (const workspace of await db.workspaces.listByAgency(agency.agencyId)) ids.add(workspace.id);
    }
    return [...ids].map(asWorkspaceId);
  }

  return {
    record: (access, fact) => write([entryOf(access.workspaceId, access, fact)]),
    recordIn: (workspaceId, access, fact) => write([entryOf(workspaceId, access, fact)]),
    async recordForPerson(userId, entry) {
      const workspaces = userId === null ? [] : await workspacesOfPerson(userId).catch(() => []);
      const targets: Array<WorkspaceId | null> = workspaces.length > 0 ? workspaces : [null];
      await write(targets.map((workspaceId) => ({ ...entry, workspaceId })));
    },
  };
}
