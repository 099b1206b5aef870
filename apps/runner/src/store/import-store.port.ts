import type { LeadFileEntry } from '@outreach/contract';
import type { ImportPageProgress, ImportRow, LeadImport, LeadImportPartRecord, NewLead } from '@outreach/db';
import type { DedupeFacts, ImportSkipReason, LeadFileMapping } from '@outreach/domain';

/** A lead import as the runner works on it (the data layer's own view: its position and counts). */
export type RunnerLeadImport = LeadImport;
export type { ImportPageProgress, ImportRow, LeadImportPartRecord };

/** A job's claim: who, now (real time, the lease's clock), for how long, due by (product time). */
export interface ImportLease {
  owner: string;
  now: Date;
  leaseMs: number;
  dueBy?: Date;
}

/** An uploaded file, its rows as leads (`openLeadFileLeads`), from a row's index on. */
export interface RunnerImportFile {
  rowCount: number;
  rowsFrom(fromIndex: number): AsyncIterable<LeadFileEntry[]>;
}

/** A day's units of the account's search results (counted per result). */
export interface SearchResultsSlot {
  accountId: string;
  /** `day:YYYY-MM-DD` in the account's time zone. */
  period: string;
  units: number;
}

/** Lead imports: the jobs, their rows, what a page's people are known as, and their leads. */
export interface RunnerImportStore {
  getLeadImport(workspaceId: string, importId: string): Promise<RunnerLeadImport | null>;
  /** Claims the most overdue due import of any workspace (atomic: lease, attempt, running). */
  claimLeadImport(lease: ImportLease): Promise<RunnerLeadImport | null>;
  /** Moves the job past one page, once (conditional on the lease and on `fromSeq`); renews the lease. */
  checkpointLeadImport(
    workspaceId: string,
    importId: string,
    lease: ImportLease,
    page: ImportPageProgress,
  ): Promise<RunnerLeadImport>;
  /** Puts the job off until `until` and lets go of it; false when a cancel was asked for meanwhile. */
  postponeLeadImport(
    workspaceId: string,
    importId: string,
    owner: string,
    postponement: { until: Date; status: 'waiting_budget' | 'running'; error?: string | null },
  ): Promise<boolean>;
  /** Ends the job (after its `lead_import_completed` is recorded); null when the lease is lost. */
  finishLeadImport(
    workspaceId: string,
    importId: string,
    owner: string,
    ending: { status: 'completed' | 'capped' | 'cancelled' | 'failed'; at: Date; error?: string | null },
  ): Promise<RunnerLeadImport | null>;
  /** Gives a held job back untouched (a runner stopping, a pass out of pages). */
  releaseLeadImport(workspaceId: string, importId: string, owner: string): Promise<boolean>;
  /** Stores a page's rows; answers the page as stored (a position stored before keeps its row). */
  storeImportRows(workspaceId: string, rows: readonly ImportRow[]): Promise<ImportRow[]>;
  /** Turns rows judged `added` into skips for `reason`. */
  markImportRowsSkipped(
    workspaceId: string,
    importId: string,
    seqs: readonly number[],
    reason: ImportSkipReason,
  ): Promise<void>;
  /** What the workspace knows of a page's people (a few indexed reads). */
  importDedupeFacts(
    workspaceId: string,
    query: {
      campaignId: string;
      identifiers: readonly string[];
      importId: string;
      beforeSeq: number;
      contactedSince: Date | null;
    },
  ): Promise<DedupeFacts>;
  /** Stores an import's leads as `POST …/leads` does; `theirs`: found stored by someone else. */
  addImportedLeads(
    workspaceId: string,
    campaignId: string,
    importId: string,
    leads: readonly NewLead[],
  ): Promise<{ ours: Set<string>; theirs: Set<string> }>;
  /** Takes up to `units` of the day's search results under `cap`; answers what it took. */
  consumeSearchResults(
    workspaceId: string,
    slot: SearchResultsSlot & { cap: number; expiresAt: Date },
  ): Promise<number>;
  releaseSearchResults(workspaceId: string, slot: SearchResultsSlot): Promise<void>;
  /** The workspace's file read with the mapping, or null when it is gone (expired by `now`, real time). */
  openImportFile(
    workspaceId: string,
    fileId: string,
    mapping: LeadFileMapping,
    now: Date,
  ): Promise<RunnerImportFile | null>;
}
