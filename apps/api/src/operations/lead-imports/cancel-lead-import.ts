import { randomUUID } from 'node:crypto';
import type { LeadImport } from '@outreach/contract';
import { isFinishedImport, leadImportCompletedData, transitionKeys } from '@outreach/domain';
import { toApiLeadImport } from '../../mappers/lead-import.mapper.js';
import type { OperationContext } from '../context.js';
import { requireLeadImport } from './read-lead-imports.js';

/** How long the API holds a job it cancels: its two writes, with room (real time). */
const CANCEL_LEASE_MS = 30_000;

/**
 * Cancels an import. The request is recorded first (the job becomes due at once), so a runner that
 * holds the job stops at its next page. When no runner holds it, the API takes it itself, like a
 * runner would, and ends it: `lead_import_completed` is written before the status (a crash between
 * the two leaves the job to a runner, which writes the same event id and ends it). A finished
 * import is answered as it is.
 */
export async function cancelLeadImport(ctx: OperationContext, importId: string): Promise<LeadImport> {
  await requireLeadImport(ctx, importId);
  const asked = await ctx.db.leadImports.requestCancel(ctx.workspaceId, importId, ctx.productClock());
  if (asked === null || isFinishedImport(asked.status))
    return toApiLeadImport(asked ?? (await requireLeadImport(ctx, importId)));
  const owner = `api:${randomUUID()}`;
  const held = await ctx.db.leadImports.claim(ctx.workspaceId, importId, {
    owner,
    now: ctx.realClock(),
    leaseMs: CANCEL_LEASE_MS,
  });
  if (held === null) return toApiLeadImport(asked);
  const at = ctx.productClock();
  await ctx.db.events.insert(ctx.workspaceId, {
    type: 'lead_import_completed',
    transitionKey: transitionKeys.leadImportCompleted(importId),
    data: { ...leadImportCompletedData(held, { status: 'cancelled' }, at) },
    timestamp: at,
  });
  const ended = await ctx.db.leadImports.finish(ctx.workspaceId, importId, owner, {
    status: 'cancelled',
    at,
  });
  ctx.log.info({ importId }, 'lead import cancelled');
  return toApiLeadImport(ended ?? (await requireLeadImport(ctx, importId)));
}
