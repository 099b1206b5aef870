import { openLeadFileLeads } from '@outreach/contract';
import { addImportedLeads, asWorkspaceId, type Db } from '@outreach/db';
import { isDomainError } from '@outreach/domain';
import type { RunnerImportStore } from './import-store.port.js';

/** The lead import part of the runner's store over `@outreach/db` (see `db-runner.store.ts`). */
export function createDbImportStore(db: Db): RunnerImportStore {
  const ws = asWorkspaceId;
  return {
    getLeadImport: (workspaceId, importId) => db.leadImports.get(ws(workspaceId), importId),
    claimLeadImport: (lease) => db.leadImports.claimDueAcrossWorkspaces(lease),
    checkpointLeadImport: (workspaceId, importId, lease, page) =>
      db.leadImports.checkpoint(ws(workspaceId), importId, lease, page),
    postponeLeadImport: (workspaceId, importId, owner, postponement) =>
      db.leadImports.postpone(ws(workspaceId), importId, owner, postponement),
    finishLeadImport: (workspaceId, importId, owner, ending) =>
      db.leadImports.finish(ws(workspaceId), importId, owner, ending),
    releaseLeadImport: (workspaceId, importId, owner) =>
      db.leadImports.release(ws(workspaceId), importId, owner),
    storeImportRows: (workspaceId, rows) => db.leadImportRows.storePage(ws(workspaceId), rows),
    markImportRowsSkipped: (workspaceId, importId, seqs, reason) =>
      db.leadImportRows.markSkipped(ws(workspaceId), importId, seqs, reason),
    importDedupeFacts: (workspaceId, query) => db.leadIntake.dedupeFacts(ws(workspaceId), query),
    addImportedLeads: (workspaceId, campaignId, importId, leads) =>
      addImportedLeads(db, ws(workspaceId), campaignId, importId, leads),
    consumeSearchResults: (workspaceId, slot) =>
      db.accountUsage.consumeUpTo(ws(workspaceId), { ...slot, kind: 'searchResults' }),
    async releaseSearchResults(workspaceId, slot) {
      if (slot.units > 0) await db.accountUsage.release(ws(workspaceId), { ...slot, kind: 'searchResults' });
    },
    async openImportFile(workspaceId, fileId, mapping, now) {
      try {
        const file = await openLeadFileLeads(db, ws(workspaceId), fileId, mapping, now);
        return { rowCount: file.rowCount, rowsFrom: (fromIndex) => file.rowsFrom(fromIndex) };
      } catch (error) {
        if (isDomainError(error) && error.code === 'lead_file_not_found') return null;
        throw error;
      }
    },
  };
}
