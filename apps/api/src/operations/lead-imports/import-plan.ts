import { openLeadFileLeads, type OpenLeadFile } from '@outreach/contract';
import type { Campaign, SenderAccount } from '@outreach/db';
import {
  assertTierAllows,
  capOf,
  checkLeadSource,
  entryOfFileRow,
  importDedupe,
  sourcePageRequest,
  sourceParts,
  type ImportDedupe,
  type LeadImportSource,
  type LeadSourcePart,
  type SearchSplit,
} from '@outreach/domain';
import { readSourcePage, type LeadSourcesNetwork, type SourceEntryPage } from '@outreach/network';
import type { CreateLeadImportBody } from '../inputs.js';
import { requireCampaign, type OperationContext } from '../context.js';
import {
  providerAccountOf,
  providerFailure,
  requireLeadSources,
  requireUsableAccount,
  searchResultsBudget,
} from './source-access.js';

/** A request to import, checked: everything the dry run and the job start from. */
export interface ImportPlan {
  campaign: Campaign;
  account: SenderAccount;
  source: LeadImportSource;
  split: SearchSplit | null;
  dedupe: ImportDedupe;
  parts: LeadSourcePart[];
  /** The source's network (null for a file). */
  network: LeadSourcesNetwork | null;
  /** The file (null for the network's sources). */
  file: OpenLeadFile | null;
}

/**
 * Checks an import request against the workspace before anything is read: the campaign, a usable
 * sender of the workspace with the tier the source needs, the source's own shape, the split, the
 * file and its mapping, a provider for the network's sources. Each refusal is the error the
 * contract documents; nothing is stored.
 */
export async function planImport(
  ctx: OperationContext,
  campaignId: string,
  body: CreateLeadImportBody,
): Promise<ImportPlan> {
  const campaign = await requireCampaign(ctx, campaignId);
  const account = await requireUsableAccount(ctx, body.accountId);
  const source = body.source as LeadImportSource;
  checkLeadSource(source);
  assertTierAllows(account.tier, source);
  const dedupe = importDedupe(body.dedupe ?? {});
  const split = body.split === undefined ? null : ({ ...body.split } as SearchSplit);
  const parts = sourceParts(source, split ?? undefined);
  if (source.type === 'csv') {
    // Files expire in real time (their upload's clock).
    const file = await openLeadFileLeads(
      ctx.db,
      ctx.workspaceId,
      source.fileId,
      source.mapping,
      ctx.realClock(),
    );
    return { campaign, account, source, split, dedupe, parts, network: null, file };
  }
  return { campaign, account, source, split, dedupe, parts, network: requireLeadSources(ctx), file: null };
}

/** One page of a part of the plan's source, `limit` people from `cursor`, within the day's budget. */
export async function readPlanPage(
  ctx: OperationContext,
  plan: ImportPlan,
  part: LeadSourcePart,
  limit: number,
): Promise<SourceEntryPage & { spent: boolean }> {
  if (plan.file !== null) {
    const entries = [];
    for await (const rows of plan.file.rowsFrom(0)) {
      entries.push(...rows.slice(0, limit - entries.length));
      if (entries.length >= limit) break;
    }
    return {
      entries: entries.map((row) => entryOfFileRow(row)),
      cursor: null,
      totalCount: plan.file.rowCount,
      spent: false,
    };
  }
  const request = sourcePageRequest(plan.source, part);
  if (request.kind === 'file') throw new Error('a file source without its file');
  const network = plan.network as LeadSourcesNetwork;
  const budget = searchResultsBudget(ctx, plan.account);
  // Relations are a list read of the account (its call budget), not search results.
  const units = request.kind === 'relations' ? limit : await budget.take(limit);
  if (units === 0) return { entries: [], cursor: null, totalCount: null, spent: true };
  try {
    const page = await readSourcePage(network, providerAccountOf(plan.account), request, null, units);
    if (request.kind !== 'relations') await budget.giveBack(units - page.entries.length);
    return { ...page, spent: false };
  } catch (error) {
    if (request.kind !== 'relations') await budget.giveBack(units);
    throw providerFailure(error, plan.account.id);
  }
}

/**
 * What a part holds, as its source says (one result of the day's budget; a file's row count): null
 * when the source never says (relations) or the budget is spent.
 */
export async function readPartTotal(
  ctx: OperationContext,
  plan: ImportPlan,
  part: LeadSourcePart,
): Promise<number | null> {
  if (plan.file !== null) return plan.file.rowCount;
  if (sourcePageRequest(plan.source, part).kind === 'relations') return null;
  const page = await readPlanPage(ctx, plan, part, 1);
  return page.totalCount;
}

/** The parts with the caps LinkedIn puts on each and their totals as the source tells them now. */
export async function readPartTotals(
  ctx: OperationContext,
  plan: ImportPlan,
  known: ReadonlyMap<number, number | null> = new Map(),
): Promise<Array<{ part: LeadSourcePart; total: number | null; cap: number | null }>> {
  const parts = [];
  for (const [index, part] of plan.parts.entries()) {
    const total = known.has(index) ? (known.get(index) ?? null) : await readPartTotal(ctx, plan, part);
    parts.push({ part, total, cap: capOf(plan.source, part) });
  }
  return parts;
}

/** A split search's own total (the search before it is split), or null for other sources. */
export function wholeSearchTotal(ctx: OperationContext, plan: ImportPlan): Promise<number | null> {
  if (plan.split === null) return Promise.resolve(null);
  return readPartTotal(ctx, plan, { kind: 'whole' });
}

/** The total a job shows: the split search's own, else the parts' together (null while one is unknown). */
export function jobTotal(
  plan: ImportPlan,
  whole: number | null,
  parts: ReadonlyArray<{ total: number | null }>,
): number | null {
  if (plan.split !== null) return whole;
  return parts.every((part) => part.total !== null)
    ? parts.reduce((sum, part) => sum + (part.total ?? 0), 0)
    : null;
}
