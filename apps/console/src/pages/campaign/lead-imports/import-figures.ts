import type { components } from '@outreach/client';
import { dateTime } from '../../../lib/format.js';

type LeadImport = components['schemas']['LeadImport'];
type LeadImportStatus = components['schemas']['LeadImportStatus'];
type LeadImportSource = components['schemas']['LeadImportSource'];
export type SkipReason = components['schemas']['LeadImportSkipReason'];
type Skipped = components['schemas']['LeadImportSkipped'];

/** Each status in words, with the badge tone it is shown in and whether the import is over. */
const STATUSES: Record<LeadImportStatus, { label: string; tone: string; final: boolean }> = {
  queued: { label: 'Queued', tone: 'neutral', final: false },
  running: { label: 'Running', tone: 'info', final: false },
  waiting_budget: { label: "Waiting for tomorrow's search budget", tone: 'warn', final: false },
  completed: { label: 'Completed', tone: 'good', final: true },
  capped: { label: "Ended at LinkedIn's cap", tone: 'warn', final: true },
  cancelled: { label: 'Cancelled', tone: 'neutral', final: true },
  failed: { label: 'Failed', tone: 'bad', final: true },
};

export function importStatusLabel(status: LeadImportStatus): string {
  return STATUSES[status].label;
}

export function importStatusTone(status: LeadImportStatus): string {
  return STATUSES[status].tone;
}

/** Whether the import is over (nothing will change any more: polling stops). */
export function importIsFinal(status: LeadImportStatus): boolean {
  return STATUSES[status].final;
}

/** Why people were skipped, in words, in the order the API judges them. */
export const SKIP_REASONS: Record<SkipReason, string> = {
  invalid: 'not a lead (no public identifier, or a row that is no lead)',
  duplicate_in_source: 'met earlier in this import',
  already_in_campaign: 'already in this campaign',
  blocked: 'on a block list',
  in_other_campaign: 'in another active campaign',
  contacted_recently: 'contacted recently by a sender of the workspace',
  invitation_pending: 'invitation already pending',
  already_connected: 'already a connection of the sender',
};

/** The reasons people were skipped for, most first, leaving out those nobody was skipped for. */
export function skippedByReason(
  skipped: Skipped,
): Array<{ reason: SkipReason; count: number; label: string }> {
  return (Object.keys(SKIP_REASONS) as SkipReason[])
    .map((reason) => ({ reason, count: skipped[reason], label: SKIP_REASONS[reason] }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count);
}

export function skippedTotal(skipped: Skipped): number {
  return (Object.values(skipped) as number[]).reduce((sum, n) => sum + n, 0);
}

export interface ImportProgressFigures {
  /** People read so far, at most `max` (a search that shifted between pages reads a few twice). */
  value: number;
  /** What the import will read in all, or null while the source has not said (the bar is indeterminate). */
  max: number | null;
  /** The same in words, for the bar's text alternative and beside it. */
  text: string;
}

/**
 * How far an import got. It reads what LinkedIn lets it read (`importable`), else what the source
 * holds (`total`); a source that never says (the sender's connections) has no end to show while it
 * runs. A completed or capped import read everything it could: its bar is full whatever it read. A
 * cancelled or failed one stays where it stopped.
 */
export function importProgress(
  job: Pick<LeadImport, 'status' | 'fetched' | 'total' | 'importable'>,
): ImportProgressFigures {
  const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
  if (job.status === 'completed' || job.status === 'capped') {
    const max = Math.max(job.fetched, 1);
    return { value: max, max, text: `${people(job.fetched)} read, all there was to read` };
  }
  const target = job.importable ?? job.total;
  const stopped = importIsFinal(job.status) ? `, ${importStatusLabel(job.status).toLowerCase()}` : '';
  if (target === null)
    return { value: job.fetched, max: null, text: `${people(job.fetched)} read${stopped || ' so far'}` };
  const max = Math.max(target, 1);
  const read = Math.min(job.fetched, target);
  return { value: Math.min(job.fetched, max), max, text: `${read} of ${people(target)} read${stopped}` };
}

/**
 * What LinkedIn's cap on one search leaves out, in words, or null when it leaves nobody out.
 * LinkedIn shows at most 1,000 results of a classic search and 2,500 of a Sales Navigator or
 * Recruiter one, whatever the search holds.
 */
export function capNotice(counts: {
  total: number | null;
  importable: number | null;
  capped: number;
}): string | null {
  if (counts.capped === 0) return null;
  const of = counts.total === null ? '' : ` of ${counts.total}`;
  const readable = counts.importable === null ? '' : ` Only ${counts.importable} can be read.`;
  return `LinkedIn shows a limited number of results of one search: ${counts.capped}${of} people are left out.${readable}`;
}

/** Until when an import waits for the sender's search budget, in words, or null when it does not wait. */
export function budgetWait(job: Pick<LeadImport, 'status' | 'waitingForBudgetUntil'>): string | null {
  if (job.status !== 'waiting_budget') return null;
  return job.waitingForBudgetUntil === null
    ? "The sender's search results for today are spent: it goes on by itself tomorrow."
    : `The sender's search results for today are spent: it goes on by itself at ${dateTime(job.waitingForBudgetUntil)}.`;
}

/** Where an import reads its people from, in words. */
export function sourceLabel(source: LeadImportSource, fileName?: string | null): string {
  switch (source.type) {
    case 'linkedin_search':
      if ('url' in source) return `Search ${source.url}`;
      return `Search by filters (${source.api.replace('_', ' ')}): ${Object.entries(source.filters)
        .map(([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(', ')}`;
    case 'sales_navigator_list':
      return `Sales Navigator list ${source.listId}`;
    case 'post_engagers': {
      const kinds = source.kinds.join(' and ');
      return `${kinds.charAt(0).toUpperCase()}${kinds.slice(1)} of ${source.postUrl}`;
    }
    case 'connections':
      return "The sender's connections";
    case 'csv':
      return `File ${fileName ?? source.fileId}`;
  }
}
