import type { NewLead } from '@outreach/db';
import {
  capTotal,
  firstMessageStep,
  identifierOfEntry,
  judgeImportPage,
  nextPageSize,
  noSkips,
  pageMaxOf,
  partDone,
  SEARCH_RESULTS_PER_DAY,
  sourcePageRequest,
  spendsSearchResults,
  usagePeriods,
  type EntryVerdict,
  type ImportEntry,
} from '@outreach/domain';
import { readSourcePage } from '@outreach/network';
import { actFor } from '../accounts/call-meter.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import type { RunnerContext } from '../context/runner-context.js';
import { isLeaseLost } from '../store/lease-lost.js';
import type {
  ImportLease,
  ImportRow,
  LeadImportPartRecord,
  RunnerAccount,
  RunnerCampaign,
  RunnerLeadImport,
} from '../store/runner-store.port.js';
import { endImport, failImport, postponeImport, readFailure } from './import-ending.js';
import { hasLeadSources, readFilePage, type ImportPage } from './read-import-page.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** After a page: the job is still held and has more to read now, or it is no longer held. */
export type PageResult = { kind: 'continue'; job: RunnerLeadImport } | { kind: 'stopped' };

/**
 * One page of a lead import, under the job's lease:
 *
 * 1. a cancel asked for ends the job (`cancelled`); a job read to its end ends `completed` or
 *    `capped` (`importEnding`);
 * 2. a sender that cannot act now (disconnected, restricted, resting) puts the job off;
 * 3. the page's size is taken from the sender's search results of the day before the call (what
 *    is left of it, down to 0: the job then waits for the account's next day), and what the page
 *    did not return is given back;
 * 4. the page's people are judged against the workspace (`judgeImportPage` over `dedupeFacts`);
 * 5. their rows are stored, keyed by position (`<importId>|<seq>`): a page read again after its
 *    runner died before step 7 keeps the rows stored first, so each position is decided once;
 * 6. the added rows' leads are stored as `POST …/leads` stores them (`addImportedLeads`); a lead
 *    this import stored before (the same death) counts as its own, one stored by someone else
 *    since the judgement turns its row into `already_in_campaign`;
 * 7. the checkpoint moves the job past the page with the page's counts, once: it applies only at
 *    the position the page started from, under the lease.
 *
 * So a runner killed anywhere in a page neither adds anyone twice nor loses anyone: the next one
 * reads the page again (from the same cursor), keeps the stored decisions and leads, and counts
 * the page once.
 */
export async function runImportPage(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  lease: () => ImportLease,
): Promise<PageResult> {
  const owner = lease().owner;
  if (job.cancelRequestedAt !== null) return endImport(ctx, job, owner, { status: 'cancelled' });
  const partIndex = firstOpenPart(job);
  const part = job.parts[partIndex];
  if (part === undefined) return endImport(ctx, job, owner, { status: 'completed' });
  const [account, campaign] = await Promise.all([
    ctx.store.getAccount(job.workspaceId, job.accountId),
    ctx.store.getCampaign(job.workspaceId, job.campaignId),
  ]);
  if (account === null) return failImport(ctx, job, owner, 'the sender account no longer exists');
  if (campaign === null) return failImport(ctx, job, owner, 'the campaign no longer exists');
  const now = ctx.clock();
  const unusable = whyUnusable(account, now);
  if (unusable !== null) {
    const until =
      account.cooldownUntil !== null && account.cooldownUntil > now
        ? account.cooldownUntil
        : new Date(now.getTime() + ctx.options.recheckMs);
    return postponeImport(ctx, job, owner, { until, status: 'running', error: `sender account ${unusable}` });
  }

  const cursor = partIndex === job.partIndex ? job.cursor : null;
  const wanted = nextPageSize({
    pageMax: pageMaxOf(job.source, part.part),
    importable: capTotal(part.total, part.cap).importable,
    fetched: part.fetched,
    budgetLeft: Number.POSITIVE_INFINITY,
  });
  const budget = searchResultsOf(ctx, job, account, now);
  const units = budget === null ? wanted : await budget.take(wanted);
  if (units === 0) {
    const until = usagePeriods(now, account.timezone).day.end;
    return postponeImport(ctx, job, owner, { until, status: 'waiting_budget' });
  }
  let page: ImportPage;
  try {
    page = await readPage(ctx, job, account, part, cursor, units);
  } catch (error) {
    await budget?.giveBack(units);
    return readFailure(ctx, job, owner, account, error);
  }
  await budget?.giveBack(units - page.entries.length);

  const rows = await judgedRows(ctx, job, campaign, partIndex, page.entries, now);
  const stored = await ctx.store.storeImportRows(job.workspaceId, rows);
  const final = await storeLeads(ctx, job, campaign, stored);
  const progress = moveParts(job, partIndex, {
    ...part,
    total: page.totalCount ?? part.total,
    fetched: part.fetched + final.length,
    exhausted: page.cursor === null || final.length === 0,
  });
  try {
    const moved = await ctx.store.checkpointLeadImport(job.workspaceId, job.id, lease(), {
      fromSeq: job.seq,
      seq: job.seq + final.length,
      partIndex: progress.partIndex,
      cursor: progress.partIndex === partIndex ? page.cursor : null,
      parts: progress.parts,
      total: progress.total,
      ...countsOf(final),
    });
    if (moved.partIndex >= moved.parts.length) return endImport(ctx, moved, owner, { status: 'completed' });
    return { kind: 'continue', job: moved };
  } catch (error) {
    // Taken over (the lease ran out during the page): the next holder reads it again from the
    // same position and keeps what this one stored.
    if (isLeaseLost(error)) return { kind: 'stopped' };
    throw error;
  }
}

/** The first part not read to its end, from the job's own part on. */
function firstOpenPart(job: RunnerLeadImport): number {
  let index = job.partIndex;
  while (index < job.parts.length && partDone(job.parts[index] as LeadImportPartRecord)) index += 1;
  return index;
}

function whyUnusable(account: RunnerAccount, now: Date): string | null {
  if (account.status !== 'connected') return `${account.id} is ${account.status}`;
  if (!account.authenticated) return `${account.id} is not authenticated`;
  if (!account.active) return `${account.id} is inactive`;
  if (account.cooldownUntil !== null && account.cooldownUntil > now) return `${account.id} rests`;
  return null;
}

/** The sender's search results of the day, for sources that spend them (null otherwise). */
function searchResultsOf(ctx: RunnerContext, job: RunnerLeadImport, account: RunnerAccount, now: Date) {
  if (!spendsSearchResults(job.source)) return null;
  const day = usagePeriods(now, account.timezone).day;
  const slot = { accountId: account.id, period: `day:${day.key}` };
  return {
    take: (units: number) =>
      ctx.store.consumeSearchResults(job.workspaceId, {
        ...slot,
        units,
        cap: SEARCH_RESULTS_PER_DAY[account.tier],
        expiresAt: new Date(day.end.getTime() + DAY_MS),
      }),
    giveBack: (units: number) => ctx.store.releaseSearchResults(job.workspaceId, { ...slot, units }),
  };
}

async function readPage(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  account: RunnerAccount,
  part: LeadImportPartRecord,
  cursor: string | null,
  limit: number,
): Promise<ImportPage> {
  const request = sourcePageRequest(job.source, part.part);
  if (request.kind === 'file') {
    if (job.source.type !== 'csv')
      throw new Error(`import ${job.id}: a file request for a ${job.source.type} source`);
    // Files expire in real time, the clock of their upload.
    const file = await ctx.store.openImportFile(
      job.workspaceId,
      request.fileId,
      job.source.mapping,
      ctx.realClock(),
    );
    if (file === null) throw new FileGoneError(request.fileId);
    return readFilePage(file, part.fetched, limit);
  }
  const network = ctx.network;
  if (!hasLeadSources(network)) throw new Error('the network provider reads no lead sources');
  return actFor(account, () => readSourcePage(network, providerAccountOf(account), request, cursor, limit));
}

/** The uploaded file of a CSV import is gone (expired or deleted): the import fails. */
export class FileGoneError extends Error {
  constructor(fileId: string) {
    super(`the lead file ${fileId} is gone (files are kept 7 days)`);
    this.name = 'FileGoneError';
  }
}

const contactedSince = (now: Date, days: number): Date | null =>
  days === 0 ? null : new Date(now.getTime() - days * DAY_MS);

/** The page's rows: each entry's verdict at its position, with the lead an added one is stored as. */
async function judgedRows(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  campaign: RunnerCampaign,
  part: number,
  entries: readonly ImportEntry[],
  now: Date,
): Promise<ImportRow[]> {
  const facts = await ctx.store.importDedupeFacts(job.workspaceId, {
    campaignId: campaign.id,
    identifiers: entries.flatMap(({ entry }) => identifierOfEntry(entry) ?? []),
    importId: job.id,
    beforeSeq: job.seq,
    contactedSince: contactedSince(now, job.dedupe.contactedWithinDays),
  });
  const verdicts = judgeImportPage(
    entries.map(({ entry }) => entry),
    facts,
    { dedupe: job.dedupe, connectionsSource: job.source.type === 'connections' },
  );
  const messageStep = firstMessageStep(campaign.steps.map((step) => step.type));
  return verdicts.map((verdict, offset) => {
    const entry = entries[offset] as ImportEntry;
    return {
      importId: job.id,
      seq: job.seq + offset,
      part,
      line: entry.line,
      publicIdentifier: verdict.publicIdentifier,
      name: entry.profile.name ?? '',
      outcome: verdict.outcome,
      reason: verdict.outcome === 'skipped' ? verdict.reason : null,
      detail: verdict.outcome === 'skipped' ? verdict.detail : null,
      lead: verdict.outcome === 'added' ? newLeadOf(verdict, entry, messageStep) : null,
    };
  });
}

function newLeadOf(
  verdict: Extract<EntryVerdict, { outcome: 'added' }>,
  entry: ImportEntry,
  messageStep: number,
): NewLead {
  const { customVariables, ...profile } = entry.profile;
  return {
    ...profile,
    publicIdentifier: verdict.publicIdentifier,
    ...(customVariables === undefined ? {} : { customVariables }),
    ...(verdict.startAtMessage && messageStep > 0 ? { currentStep: messageStep } : {}),
  };
}

/**
 * Stores the added rows' leads and answers the page's rows as they end: an added row whose lead
 * someone else stored since the judgement is a skip (`already_in_campaign`), its row changed too.
 */
async function storeLeads(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  campaign: RunnerCampaign,
  stored: readonly ImportRow[],
): Promise<ImportRow[]> {
  const added = stored.filter((row) => row.outcome === 'added' && row.lead !== null);
  const { theirs } = await ctx.store.addImportedLeads(
    job.workspaceId,
    campaign.id,
    job.id,
    added.map((row) => row.lead as NewLead),
  );
  const lost = new Set(
    added
      .filter((row) => row.publicIdentifier !== null && theirs.has(row.publicIdentifier))
      .map((row) => row.seq),
  );
  if (lost.size === 0) return [...stored];
  await ctx.store.markImportRowsSkipped(job.workspaceId, job.id, [...lost], 'already_in_campaign');
  return stored.map((row) =>
    lost.has(row.seq) ? { ...row, outcome: 'skipped', reason: 'already_in_campaign', lead: null } : row,
  );
}

function countsOf(rows: readonly ImportRow[]) {
  const skipped = noSkips();
  let added = 0;
  for (const row of rows) {
    if (row.outcome === 'added') added += 1;
    else if (row.reason !== null) skipped[row.reason] += 1;
  }
  return { fetched: rows.length, added, skipped };
}

/** The parts once this page moved `partIndex`, the part to read next, and the job's total. */
function moveParts(job: RunnerLeadImport, partIndex: number, part: LeadImportPartRecord) {
  const parts = job.parts.map((each, index) => {
    const record: LeadImportPartRecord = {
      part: each.part,
      total: each.total,
      cap: each.cap,
      fetched: each.fetched,
      exhausted: each.exhausted,
    };
    return index === partIndex ? part : record;
  });
  const next = partDone(part) ? partIndex + 1 : partIndex;
  // A split search shows its own total; other sources the total of their parts, once all told it.
  const total =
    job.split !== null
      ? job.total
      : parts.every((each) => each.total !== null)
        ? parts.reduce((sum, each) => sum + (each.total ?? 0), 0)
        : job.total;
  return { parts, partIndex: next, total };
}
