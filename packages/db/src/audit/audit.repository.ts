import type { Model, QueryFilter } from 'mongoose';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { ScopedModel } from '../common/scoped-model.js';
import { toAuditEntry, type AuditEntry } from './audit.entity.js';
import {
  AUDIT_RETENTION_DAYS,
  MAX_AUDIT_STRING_LENGTH,
  type AuditActor,
  type AuditDetails,
  type AuditEntryRecord,
  type AuditOutcome,
  type AuditTarget,
} from './audit.schema.js';

export interface NewAuditEntry {
  /** Null for events outside any workspace (first-user setup, a refused sign-in). */
  workspaceId: WorkspaceId | null;
  /** When it happened (HTTP time); the repository's clock by default. */
  at?: Date;
  actor: AuditActor;
  action: string;
  target?: AuditTarget | null;
  outcome: AuditOutcome;
  ip?: string | null;
  userAgent?: string | null;
  details?: AuditDetails | null;
}

export interface AuditListQuery {
  action?: string;
  actorId?: string;
  targetId?: string;
  /** Entries at or after this time. */
  since?: Date;
  /** Entries before this time. */
  until?: Date;
  /** The `nextCursor` of the previous page. */
  after?: string;
  /** Page size, 1 to the API's maximum page size. */
  limit?: number;
}

export interface AuditPage {
  items: AuditEntry[];
  /** Where the next page starts (`after`), or null on the last page. */
  nextCursor: string | null;
}

const AUDIT_ORDER: KeysetOrder = {
  list: 'audit',
  keys: [
    ['at', -1],
    ['_id', -1],
  ],
};

const RETENTION_MS = AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** A record read through the workspace's scope, where `workspaceId` is never null. */
type ScopedAuditEntryRecord = AuditEntryRecord & { workspaceId: string };

function cut(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.length > MAX_AUDIT_STRING_LENGTH ? value.slice(0, MAX_AUDIT_STRING_LENGTH) : value;
}

function cutDetails(details: AuditDetails | null | undefined): AuditDetails | null {
  if (!details) return null;
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [key, typeof value === 'string' ? cut(value) : value]),
  );
}

function toRecord(entry: NewAuditEntry, at: Date): AuditEntryRecord {
  return {
    _id: newId('auditEntry'),
    workspaceId: entry.workspaceId,
    at,
    actor: { type: entry.actor.type, id: entry.actor.id, label: cut(entry.actor.label) },
    action: entry.action,
    target: entry.target ? { type: entry.target.type, id: entry.target.id } : null,
    outcome: entry.outcome,
    ip: entry.ip ?? null,
    userAgent: cut(entry.userAgent),
    details: cutDetails(entry.details),
    purgeAt: new Date(at.getTime() + RETENTION_MS),
  };
}

/**
 * The audit log: who did what, when, from where, with what outcome. Append-only by design: this
 * class has no method that updates or deletes an entry, so no code path of the service can
 * rewrite history; entries leave only through the TTL index, `AUDIT_RETENTION_DAYS` after `at`.
 */
export class AuditLogRepository {
  private readonly records: ScopedModel<ScopedAuditEntryRecord>;

  constructor(
    model: Model<AuditEntryRecord>,
    private readonly clock: () => Date,
  ) {
    // Reads go through the workspace's scope like any tenant collection; only the scope's type
    // needs the narrower record (a scoped read never meets a null workspace).
    this.records = new ScopedModel(model as unknown as Model<ScopedAuditEntryRecord>);
  }

  async record(entry: NewAuditEntry): Promise<AuditEntry> {
    const [recorded] = await this.recordMany([entry]);
    if (!recorded) throw new Error('audit entry not recorded');
    return recorded;
  }

  /**
   * Appends entries in one round trip, in order. Across workspaces by nature: each entry names
   * its own workspace, or none (events before any workspace), and is written as given.
   */
  async recordMany(entries: readonly NewAuditEntry[]): Promise<AuditEntry[]> {
    if (entries.length === 0) return [];
    const records = entries.map((entry) => toRecord(entry, entry.at ?? this.clock()));
    await this.records.acrossWorkspaces.insertMany(records as ScopedAuditEntryRecord[], { ordered: true });
    return records.map(toAuditEntry);
  }

  /**
   * A workspace's entries, newest first, one page at a time: `nextCursor` names the last entry
   * read, so entries written meanwhile never shift or repeat a page.
   */
  async list(workspaceId: WorkspaceId, query: AuditListQuery = {}): Promise<AuditPage> {
    const filter: QueryFilter<ScopedAuditEntryRecord> = {};
    if (query.action !== undefined) filter.action = query.action;
    if (query.actorId !== undefined) filter['actor.id'] = query.actorId;
    if (query.targetId !== undefined) filter['target.id'] = query.targetId;
    if (query.since !== undefined || query.until !== undefined) {
      filter.at = {
        ...(query.since === undefined ? {} : { $gte: query.since }),
        ...(query.until === undefined ? {} : { $lt: query.until }),
      };
    }
    const { limit } = pageBounds(query);
    const page = await this.records.page(workspaceId, filter, {
      order: AUDIT_ORDER,
      after: query.after,
      skip: 0,
      limit,
    });
    return { items: page.records.map(toAuditEntry), nextCursor: page.nextCursor };
  }
}
