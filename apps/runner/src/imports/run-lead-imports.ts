import type { RunnerContext } from '../context/runner-context.js';
import type { ImportLease, RunnerLeadImport } from '../store/runner-store.port.js';
import { runImportPage } from './import-page.js';

/** The job this runner holds right now, so that a stopping runner gives it back. */
export interface HeldImport {
  workspaceId: string;
  importId: string;
  owner: string;
}

/**
 * The lead import part of a pass: claims due jobs one at a time (one atomic update: due on the
 * product clock, lease free in real time) and reads them a page at a time, at most
 * `importPagesPerPass` pages in all, so a large import shares the runner with the campaigns. A job
 * still going when the pages are spent is given back due, for the next pass (of any runner).
 * Answers the pages read.
 */
export async function runLeadImports(
  ctx: RunnerContext,
  newOwner: () => string,
  held: { current: HeldImport | null },
  isStopping: () => boolean,
): Promise<number> {
  let pages = 0;
  while (pages < ctx.options.importPagesPerPass && !isStopping() && ctx.haltedBecause() === null) {
    const owner = newOwner();
    const lease = (): ImportLease => ({
      owner,
      now: ctx.realClock(),
      leaseMs: ctx.options.leaseMs,
      dueBy: ctx.clock(),
    });
    let job: RunnerLeadImport | null = await ctx.store.claimLeadImport(lease());
    if (job === null) break;
    held.current = { workspaceId: job.workspaceId, importId: job.id, owner };
    try {
      while (job !== null) {
        pages += 1;
        const result = await runImportPage(ctx, job, lease);
        job = result.kind === 'continue' ? result.job : null;
        if (job !== null && (pages >= ctx.options.importPagesPerPass || isStopping())) {
          await ctx.store.releaseLeadImport(job.workspaceId, job.id, owner);
          job = null;
        }
      }
    } finally {
      held.current = null;
    }
  }
  return pages;
}
