import {
  capTotal,
  cappedSoFar,
  noSkips,
  type ImportDedupe,
  type ImportSkipCounts,
  type LeadImportSource,
  type LeadImportStatus,
  type LeadSourcePart,
  type SearchSplit,
} from '@outreach/domain';
import type { LeadImportPartRecord, LeadImportRecord } from './lead-import.schema.js';

export interface LeadImportPart {
  part: LeadSourcePart;
  total: number | null;
  cap: number | null;
  importable: number | null;
  capped: number;
  fetched: number;
  exhausted: boolean;
}

export interface LeadImport {
  id: string;
  workspaceId: string;
  campaignId: string;
  accountId: string;
  source: LeadImportSource;
  split: SearchSplit | null;
  dedupe: ImportDedupe;
  status: LeadImportStatus;
  total: number | null;
  /** The whole search's cap (split searches), else null. */
  cap: number | null;
  /** What may be read: each part's total within its cap, once every part told its total. */
  importable: number | null;
  /** What the source holds past LinkedIn's cap for one search (see `cappedSoFar`). */
  capped: number;
  parts: LeadImportPart[];
  partIndex: number;
  cursor: string | null;
  seq: number;
  fetched: number;
  added: number;
  skipped: ImportSkipCounts;
  waitingForBudgetUntil: Date | null;
  nextRunAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  attempts: number;
  cancelRequestedAt: Date | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

function toPart(record: LeadImportPartRecord): LeadImportPart {
  const { importable, capped } = capTotal(record.total, record.cap);
  return {
    part: record.part,
    total: record.total,
    cap: record.cap,
    importable,
    capped,
    fetched: record.fetched,
    exhausted: record.exhausted,
  };
}

export function toLeadImport(record: LeadImportRecord): LeadImport {
  const parts = record.parts.map(toPart);
  const whole = record.split === null ? null : { total: record.total, cap: record.cap };
  const known = parts.every((part) => part.importable !== null);
  const importable = known
    ? parts.reduce((sum, part) => sum + (part.importable ?? 0), 0)
    : whole === null
      ? null
      : capTotal(whole.total, whole.cap).importable;
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    campaignId: record.campaignId,
    accountId: record.accountId,
    source: record.source,
    split: record.split,
    dedupe: record.dedupe,
    status: record.status,
    total: record.total,
    cap: record.cap,
    importable,
    capped: cappedSoFar(record.parts, whole),
    parts,
    partIndex: record.partIndex,
    cursor: record.cursor,
    seq: record.seq,
    fetched: record.fetched,
    added: record.added,
    skipped: { ...noSkips(), ...record.skipped },
    waitingForBudgetUntil: record.waitingForBudgetUntil,
    nextRunAt: record.nextRunAt ?? null,
    leaseOwner: record.leaseOwner,
    leaseUntil: record.leaseUntil,
    attempts: record.attempts,
    cancelRequestedAt: record.cancelRequestedAt,
    error: record.error,
    createdAt: record.createdAt,
    startedAt: record.startedAt ?? null,
    finishedAt: record.finishedAt,
  };
}
