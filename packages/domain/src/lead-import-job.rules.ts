/**
 * A lead import as a background job: what it decides for each person a source lists (added, or
 * skipped and why), how big its next page is, and how it ends. The job itself (reading pages,
 * storing leads, checkpoints) lives in the runner; everything it decides is here, pure.
 *
 * Identity is the normalised public identifier, whatever the source, campaign or sender account:
 * a person is judged against this campaign, the workspace's other active campaigns, what any of
 * its senders sent them lately, the block lists, and the people this import met before.
 */
import { DomainError } from './errors.js';
import type { LeadImportCompletedData } from './event-catalogue.js';
import type { LeadSourceType } from './lead-import-source.rules.js';
import { resolvePublicIdentifier } from './public-identifier.js';

export const LEAD_IMPORT_STATUSES = [
  'queued',
  'running',
  'waiting_budget',
  'completed',
  'capped',
  'cancelled',
  'failed',
] as const;
export type LeadImportStatus = (typeof LEAD_IMPORT_STATUSES)[number];

/** The statuses an import ends in; `lead_import_completed` fires once on reaching one. */
export const FINISHED_LEAD_IMPORT_STATUSES = ['completed', 'capped', 'cancelled', 'failed'] as const;
export type FinishedLeadImportStatus = (typeof FINISHED_LEAD_IMPORT_STATUSES)[number];

export function isFinishedImport(status: LeadImportStatus): status is FinishedLeadImportStatus {
  return (FINISHED_LEAD_IMPORT_STATUSES as readonly string[]).includes(status);
}

/** Why a person the source listed was not added; every one fetched is added or skipped for one. */
export const IMPORT_SKIP_REASONS = [
  'already_in_campaign',
  'in_other_campaign',
  'contacted_recently',
  'blocked',
  'already_connected',
  'invitation_pending',
  'invalid',
  'duplicate_in_source',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
export type ImportSkipCounts = Record<ImportSkipReason, number>;

export function noSkips(): ImportSkipCounts {
  return Object.fromEntries(IMPORT_SKIP_REASONS.map((reason) => [reason, 0])) as ImportSkipCounts;
}

/** What the user chose for people met elsewhere. */
export interface ImportDedupe {
  /** A person in another active campaign of the workspace: skipped, or added here too. */
  otherCampaigns: 'skip' | 'add';
  /** A person any sender of the workspace invited or messaged within this many days is skipped; 0: none. */
  contactedWithinDays: number;
  /** A connection of the sender: skipped, or added to start at the sequence's first message step. */
  connected: 'skip' | 'start_at_message';
}

export const DEFAULT_IMPORT_DEDUPE: Readonly<ImportDedupe> = {
  otherCampaigns: 'skip',
  contactedWithinDays: 30,
  connected: 'skip',
};

export const MAX_CONTACTED_WITHIN_DAYS = 365;

/** The dedupe settings with the defaults filled in; `invalid_input` for a day count out of range. */
export function importDedupe(given: Partial<ImportDedupe> = {}): ImportDedupe {
  const dedupe = {
    otherCampaigns: given.otherCampaigns ?? DEFAULT_IMPORT_DEDUPE.otherCampaigns,
    contactedWithinDays: given.contactedWithinDays ?? DEFAULT_IMPORT_DEDUPE.contactedWithinDays,
    connected: given.connected ?? DEFAULT_IMPORT_DEDUPE.connected,
  };
  const days = dedupe.contactedWithinDays;
  if (!Number.isInteger(days) || days < 0 || days > MAX_CONTACTED_WITHIN_DAYS)
    throw new DomainError(
      'invalid_input',
      `dedupe.contactedWithinDays: a whole number of days from 0 to ${MAX_CONTACTED_WITHIN_DAYS}`,
      { field: 'dedupe.contactedWithinDays' },
    );
  return dedupe;
}

/** One person as a source page lists them, or one row of a CSV file. */
export interface SourceEntry {
  /** The public identifier or a profile URL; null when the source hides it. */
  publicIdentifier: string | null;
  /** 1 for the sender's connections; null when the source does not say. */
  networkDistance?: 1 | 2 | 3 | null | undefined;
  /** True when the sender's invitation to the person is pending, when the source says. */
  invitationPending?: boolean | null | undefined;
  /** A row the file could not read as a lead: why. */
  invalid?: string | undefined;
}

/** What the stores know of a page's people, each set holding normalised identifiers. */
export interface DedupeFacts {
  /** Met by this import on an earlier page (or an earlier part). */
  seenInImport: ReadonlySet<string>;
  inCampaign: ReadonlySet<string>;
  /** A lead in another campaign of the workspace that is active. */
  inOtherActiveCampaign: ReadonlySet<string>;
  /** Invited or messaged by any sender of the workspace within `contactedWithinDays`. */
  contactedRecently: ReadonlySet<string>;
  /** On the workspace's or this campaign's block list. */
  blocked: ReadonlySet<string>;
}

export type EntryVerdict =
  | { outcome: 'added'; publicIdentifier: string; startAtMessage: boolean }
  | { outcome: 'skipped'; reason: ImportSkipReason; publicIdentifier: string | null; detail: string | null };

/** The entry's normalised identifier, or null when it has none that can be read. */
export function identifierOfEntry(entry: SourceEntry): string | null {
  if (entry.invalid !== undefined || entry.publicIdentifier === null) return null;
  try {
    return resolvePublicIdentifier({ publicIdentifier: entry.publicIdentifier });
  } catch {
    return null;
  }
}

export interface JudgeOptions {
  dedupe: ImportDedupe;
  /** The source is the sender's own connections: everyone in it is connected. */
  connectionsSource: boolean;
}

/**
 * Each entry's verdict, in order. A person is skipped for the first reason that holds: no usable
 * identifier (`invalid`); met earlier in this import, this page included (`duplicate_in_source`);
 * already a lead here; blocked (always, whatever the settings); in another active campaign (when
 * the user skips those); invited or messaged lately; an invitation of the sender pending; a
 * connection of the sender (when the user skips those). A connection kept by the user's choice is
 * added to start at the first message step.
 */
export function judgeImportPage(
  entries: readonly SourceEntry[],
  facts: DedupeFacts,
  options: JudgeOptions,
): EntryVerdict[] {
  const seen = new Set<string>();
  return entries.map((entry): EntryVerdict => {
    const id = identifierOfEntry(entry);
    const skip = (reason: ImportSkipReason, detail: string | null = null): EntryVerdict => ({
      outcome: 'skipped',
      reason,
      publicIdentifier: id,
      detail,
    });
    if (id === null) return skip('invalid', entry.invalid ?? 'no public identifier');
    if (facts.seenInImport.has(id) || seen.has(id)) return skip('duplicate_in_source');
    seen.add(id);
    if (facts.inCampaign.has(id)) return skip('already_in_campaign');
    if (facts.blocked.has(id)) return skip('blocked');
    if (options.dedupe.otherCampaigns === 'skip' && facts.inOtherActiveCampaign.has(id))
      return skip('in_other_campaign');
    if (facts.contactedRecently.has(id)) return skip('contacted_recently');
    if (entry.invitationPending === true) return skip('invitation_pending');
    const connected = options.connectionsSource || entry.networkDistance === 1;
    if (connected && options.dedupe.connected === 'skip') return skip('already_connected');
    return { outcome: 'added', publicIdentifier: id, startAtMessage: connected };
  });
}

/** The first step a connection added with `start_at_message` runs: the first message step, else 0. */
export function firstMessageStep(stepTypes: readonly string[]): number {
  const index = stepTypes.indexOf('message');
  return index < 0 ? 0 : index;
}

/** What a capped source holds past its cap: `importable` of `total` can be read, `capped` cannot. */
export interface Capping {
  total: number | null;
  importable: number | null;
  capped: number;
}

/** `total` against the source's cap (null: none); unknown totals cap nothing yet. */
export function capTotal(total: number | null, cap: number | null): Capping {
  if (total === null) return { total: null, importable: null, capped: 0 };
  if (cap === null) return { total, importable: total, capped: 0 };
  return { total, importable: Math.min(total, cap), capped: Math.max(0, total - cap) };
}

/**
 * How many people to ask the source for next: its page maximum, at most what is left of what
 * may be imported (a capped search stops at its cap), at most the budget left today. 0 means the
 * part is done (nothing left to import) or the budget is spent: the caller tells which.
 */
export function nextPageSize(input: {
  pageMax: number;
  importable: number | null;
  fetched: number;
  budgetLeft: number;
}): number {
  const leftToImport = input.importable === null ? input.pageMax : input.importable - input.fetched;
  return Math.max(0, Math.min(input.pageMax, leftToImport, input.budgetLeft));
}

/** A part of the job as the rules read it. */
export interface PartProgress {
  /** The part's total as its source said (null until read, or when the source never says). */
  total: number | null;
  /** The part's cap (null: none). */
  cap: number | null;
  fetched: number;
  /** The part's last page ended the source (no next cursor) or came back empty. */
  exhausted: boolean;
}

/** Whether a part is read to the end: its source ran out, or it reached what may be imported. */
export function partDone(part: PartProgress): boolean {
  if (part.exhausted) return true;
  const { importable } = capTotal(part.total, part.cap);
  return importable !== null && part.fetched >= importable;
}

/**
 * How a job whose parts are all done ends: `capped` with what its sources hold past the caps (each
 * part's own, plus for a split search what the whole search holds beyond its parts), `completed`
 * when nothing was left out. `wholeTotal` is the split search's own total; null otherwise.
 */
export function importEnding(
  parts: readonly PartProgress[],
  wholeTotal: number | null,
): { status: 'completed' | 'capped'; capped: number } {
  const partsCapped = parts.reduce((sum, part) => sum + capTotal(part.total, part.cap).capped, 0);
  const partsTotal = parts.reduce((sum, part) => sum + (part.total ?? 0), 0);
  const outsideParts = wholeTotal === null ? 0 : Math.max(0, wholeTotal - partsTotal);
  const capped = partsCapped + outsideParts;
  return { status: capped > 0 ? 'capped' : 'completed', capped };
}

/**
 * The capped count shown while a job runs: what the parts read so far hold past their caps, and
 * for a split search what the whole search holds past its own cap until the parts tell more.
 */
export function cappedSoFar(
  parts: readonly PartProgress[],
  whole: { total: number | null; cap: number | null } | null,
): number {
  const partsCapped = parts.reduce((sum, part) => sum + capTotal(part.total, part.cap).capped, 0);
  if (whole === null) return partsCapped;
  if (parts.every((part) => part.total !== null)) return importEnding(parts, whole.total).capped;
  return Math.max(partsCapped, capTotal(whole.total, whole.cap).capped);
}

/** A job as the completion event reads it. */
export interface EndingImport {
  id: string;
  campaignId: string;
  accountId: string;
  source: { type: LeadSourceType };
  total: number | null;
  importable: number | null;
  fetched: number;
  added: number;
  skipped: ImportSkipCounts;
  capped: number;
}

/** `lead_import_completed`'s data for a job ending now (`at`) with `status`. */
export function leadImportCompletedData(
  job: EndingImport,
  ending: { status: FinishedLeadImportStatus; error?: string | null },
  at: Date,
): LeadImportCompletedData {
  return {
    importId: job.id,
    campaignId: job.campaignId,
    accountId: job.accountId,
    sourceType: job.source.type,
    status: ending.status,
    total: job.total,
    importable: job.importable,
    fetched: job.fetched,
    added: job.added,
    skipped: { ...job.skipped },
    capped: job.capped,
    error: ending.error ?? null,
    finishedAt: at.toISOString(),
  };
}
