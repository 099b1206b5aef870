import type { LeadImport } from '@outreach/contract';
import { capOf } from '@outreach/domain';
import { toApiLeadImport } from '../../mappers/lead-import.mapper.js';
import type { OperationContext } from '../context.js';
import type { CreateLeadImportBody } from '../inputs.js';
import { jobTotal, planImport, readPartTotals, wholeSearchTotal } from './import-plan.js';

/**
 * Starts a lead import: the request is checked (`planImport`), the source's total read (one result
 * of the sender's budget per part, a file's row count), so the answer already says what LinkedIn's
 * cap on one search leaves out, then the job is stored for the runner, due now. A total the source
 * could not tell now (the day's budget spent, relations that never say) stays null until the runner
 * reads the part.
 */
export async function createLeadImport(
  ctx: OperationContext,
  campaignId: string,
  body: CreateLeadImportBody,
): Promise<LeadImport> {
  const plan = await planImport(ctx, campaignId, body);
  const whole = await wholeSearchTotal(ctx, plan);
  const parts = await readPartTotals(ctx, plan);
  // Under an Idempotency-Key the job takes the key's reserved id: a retry after the first request
  // died answers with the job it stored instead of importing twice.
  const job = await ctx.db.leadImports.create(
    ctx.workspaceId,
    {
      campaignId: plan.campaign.id,
      accountId: plan.account.id,
      source: plan.source,
      split: plan.split,
      dedupe: plan.dedupe,
      total: jobTotal(plan, whole, parts),
      cap: plan.split === null ? null : capOf(plan.source, { kind: 'whole' }),
      parts,
      runAt: ctx.productClock(),
    },
    { id: ctx.creationId('leadImport') },
  );
  ctx.log.info(
    { importId: job.id, campaignId, source: plan.source.type, total: job.total },
    'lead import queued',
  );
  return toApiLeadImport(job);
}
