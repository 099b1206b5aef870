import {
  importEnding,
  leadImportCompletedData,
  transitionKeys,
  type FinishedLeadImportStatus,
} from '@outreach/domain';
import { applyAccountEffects } from '../accounts/account-safety.js';
import { nextWindowStart } from '../accounts/account-limits.js';
import type { RunnerContext } from '../context/runner-context.js';
import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import { retryDelayMs } from '../network-failures/retry-backoff.js';
import type { RunnerAccount, RunnerLeadImport } from '../store/runner-store.port.js';

/** Every way a page leaves its job once it no longer holds it. */
export type Stopped = { kind: 'stopped' };
const STOPPED: Stopped = { kind: 'stopped' };

/**
 * Ends the job. `completed` means read to its end: it ends `capped` when LinkedIn's cap on one
 * search left people out (each part's cap, and for a split what the whole search holds beyond its
 * parts), so a capped import never reads as complete. `lead_import_completed` is written first,
 * keyed by the job: a runner dying before the status change leaves the job to the next, which
 * writes the same event id (nothing new) and ends it.
 */
export async function endImport(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  owner: string,
  ending: { status: FinishedLeadImportStatus; error?: string },
): Promise<Stopped> {
  const status =
    ending.status === 'completed'
      ? importEnding(job.parts, job.split === null ? null : job.total).status
      : ending.status;
  const at = ctx.clock();
  const error = ending.error ?? null;
  await ctx.store.recordEvent({
    type: 'lead_import_completed',
    transitionKey: transitionKeys.leadImportCompleted(job.id),
    workspaceId: job.workspaceId,
    occurredAt: at,
    data: leadImportCompletedData(job, { status, error }, at),
  });
  const ended = await ctx.store.finishLeadImport(job.workspaceId, job.id, owner, { status, at, error });
  if (ended !== null)
    ctx.logger.info(
      { importId: job.id, status, fetched: job.fetched, added: job.added, capped: job.capped, error },
      'lead import ended',
    );
  return STOPPED;
}

export function failImport(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  owner: string,
  error: string,
): Promise<Stopped> {
  return endImport(ctx, job, owner, { status: 'failed', error });
}

/**
 * Puts the job off and lets go of it. A cancel asked for meanwhile is not put off: the job ends
 * `cancelled` instead.
 */
export async function postponeImport(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  owner: string,
  postponement: { until: Date; status: 'waiting_budget' | 'running'; error?: string },
): Promise<Stopped> {
  const { until, status, error = null } = postponement;
  if (await ctx.store.postponeLeadImport(job.workspaceId, job.id, owner, { until, status, error })) {
    ctx.logger.debug({ importId: job.id, until, status, error }, 'lead import waits');
    return STOPPED;
  }
  const current = await ctx.store.getLeadImport(job.workspaceId, job.id);
  if (current?.leaseOwner === owner && current.cancelRequestedAt !== null)
    return endImport(ctx, current, owner, { status: 'cancelled' });
  return STOPPED;
}

/**
 * A page the network did not give: the account takes the failure's effect first (a limit rests
 * it, a restriction stops it, a lost session disconnects it), then the job waits for what frees it
 * (the window, the budget, a backoff after an unknown outcome, the sender coming back), or fails
 * when the source cannot be read at all. Anything that is no network failure is rethrown: the pass
 * fails and the lease runs out, as for a lead.
 */
export async function readFailure(
  ctx: RunnerContext,
  job: RunnerLeadImport,
  owner: string,
  account: RunnerAccount,
  error: unknown,
): Promise<Stopped> {
  if (error instanceof Error && error.name === 'FileGoneError')
    return failImport(ctx, job, owner, error.message);
  const failure = classifyNetworkFailure(error);
  if (failure === null) throw error;
  const now = ctx.clock();
  await applyAccountEffects(ctx, account, failure, now);
  const later = (ms: number) => new Date(now.getTime() + ms);
  switch (failure.kind) {
    case 'permanent':
      return failImport(ctx, job, owner, `the network cannot read this source: ${failure.message}`);
    case 'configuration':
      await ctx.store.releaseLeadImport(job.workspaceId, job.id, owner);
      return STOPPED;
    case 'budget_exhausted':
      return postponeImport(ctx, job, owner, {
        until: failure.freesAt,
        status: 'waiting_budget',
        error: `the sender's ${failure.callKind} calls of the day are spent`,
      });
    case 'rate_limited':
      return postponeImport(ctx, job, owner, {
        until:
          failure.retryAfterMs === null
            ? nextWindowStart(failure.window, now, account.timezone)
            : later(failure.retryAfterMs),
        status: 'running',
        error: 'the network asked to slow down',
      });
    case 'transient':
      return postponeImport(ctx, job, owner, {
        until: later(retryDelayMs(job.id, job.attempts, ctx.options.retryBaseMs, ctx.options.retryMaxMs)),
        status: 'running',
        error: `the network did not answer: ${failure.message}`,
      });
    default:
      return postponeImport(ctx, job, owner, {
        until: later(ctx.options.recheckMs),
        status: 'running',
        error: `the sender cannot read the source now (${failure.kind})`,
      });
  }
}
