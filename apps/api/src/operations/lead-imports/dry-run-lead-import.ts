import type { LeadImportPreview } from '@outreach/contract';
import {
  capOf,
  capTotal,
  DomainError,
  identifierOfEntry,
  importEnding,
  judgeImportPage,
  noSkips,
  pageMaxOf,
  usagePeriods,
} from '@outreach/domain';
import { toApiLeadImportPart } from '../../mappers/lead-import.mapper.js';
import type { OperationContext } from '../context.js';
import type { CreateLeadImportBody } from '../inputs.js';
import { jobTotal, planImport, readPartTotals, readPlanPage, wholeSearchTotal } from './import-plan.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What an import would do, without doing it: the first page of the first part judged as the job
 * would judge it (the same dedupe reads, the same verdicts), the source's totals and caps (each
 * part's for a split), and nothing stored. The page spends the sender's search results as a job's
 * page would; a split reads each part's total too (one result each). The day's budget spent
 * answers 409 `search_budget_spent` with when it frees.
 */
export async function dryRunLeadImport(
  ctx: OperationContext,
  campaignId: string,
  body: CreateLeadImportBody,
): Promise<LeadImportPreview> {
  const plan = await planImport(ctx, campaignId, body);
  const [first] = plan.parts;
  if (first === undefined) throw new Error('a source with no part');
  const whole = await wholeSearchTotal(ctx, plan);
  const wholeCapping = capTotal(whole, capOf(plan.source, { kind: 'whole' }));
  const page = await readPlanPage(ctx, plan, first, pageMaxOf(plan.source, first));
  if (page.spent) {
    const until = usagePeriods(ctx.productClock(), plan.account.timezone).day.end;
    throw new DomainError(
      'search_budget_spent',
      `the search results of sender account ${plan.account.id} are spent for today; try again after ${until.toISOString()}`,
      { accountId: plan.account.id, until: until.toISOString() },
    );
  }
  const parts = await readPartTotals(ctx, plan, new Map([[0, page.totalCount]]));
  const identifiers = page.entries.flatMap(({ entry }) => identifierOfEntry(entry) ?? []);
  const now = ctx.productClock();
  const facts = await ctx.db.leadIntake.dedupeFacts(ctx.workspaceId, {
    campaignId: plan.campaign.id,
    identifiers,
    importId: null,
    beforeSeq: 0,
    contactedSince:
      plan.dedupe.contactedWithinDays === 0
        ? null
        : new Date(now.getTime() - plan.dedupe.contactedWithinDays * DAY_MS),
  });
  const verdicts = judgeImportPage(
    page.entries.map(({ entry }) => entry),
    facts,
    { dedupe: plan.dedupe, connectionsSource: plan.source.type === 'connections' },
  );
  const skipped = noSkips();
  for (const verdict of verdicts) if (verdict.outcome === 'skipped') skipped[verdict.reason] += 1;
  const cappings = parts.map((part) => capTotal(part.total, part.cap));
  const known = cappings.every((capping) => capping.importable !== null);
  const ending = importEnding(
    parts.map((part) => ({ ...part, fetched: 0, exhausted: false })),
    plan.split === null ? null : whole,
  );
  return {
    dryRun: true,
    total: jobTotal(plan, whole, parts),
    importable: known
      ? cappings.reduce((sum, capping) => sum + (capping.importable ?? 0), 0)
      : plan.split === null
        ? null
        : wholeCapping.importable,
    capped: known ? ending.capped : wholeCapping.capped,
    fetched: page.entries.length,
    added: verdicts.filter((verdict) => verdict.outcome === 'added').length,
    skipped,
    parts: parts.map((part, index) => {
      const capping = cappings[index] ?? { importable: null, capped: 0 };
      return toApiLeadImportPart(
        {
          ...part,
          importable: capping.importable,
          capped: capping.capped,
          fetched: index === 0 ? page.entries.length : 0,
          exhausted: false,
        },
        false,
      );
    }),
    preview: verdicts.map((verdict, position) => {
      const entry = page.entries[position];
      return {
        position,
        ...(entry?.line === null || entry?.line === undefined ? {} : { line: entry.line }),
        publicIdentifier: verdict.publicIdentifier,
        name: entry?.profile.name ?? null,
        outcome: verdict.outcome,
        reason: verdict.outcome === 'skipped' ? verdict.reason : null,
        detail: verdict.outcome === 'skipped' ? verdict.detail : null,
      };
    }),
  };
}
