import { entryOfFileRow, type ImportEntry } from '@outreach/domain';
import type {
  LeadSourcesNetwork,
  LeadSourcesPort,
  ProviderNetworkPort,
  SourceEntryPage,
} from '@outreach/network';
import type { RunnerImportFile } from '../store/runner-store.port.js';

/**
 * One page of a part: its people as entries, the next cursor (null at the end), the part's total.
 * A file's page has the shape of a network source's (`readSourcePage`).
 */
export type ImportPage = SourceEntryPage;

/** Whether the network implements the lead sources an import reads. */
export function hasLeadSources(
  network: ProviderNetworkPort & Partial<LeadSourcesPort>,
): network is LeadSourcesNetwork {
  return (
    typeof network.searchPeople === 'function' &&
    typeof network.leadListMembers === 'function' &&
    typeof network.postEngagers === 'function'
  );
}

/**
 * Reads up to `limit` rows of an uploaded file from row `fromIndex` (the part's position: the file
 * needs no cursor). The file ends the part when it has no more rows.
 */
export async function readFilePage(
  file: RunnerImportFile,
  fromIndex: number,
  limit: number,
): Promise<ImportPage> {
  const entries: ImportEntry[] = [];
  for await (const rows of file.rowsFrom(fromIndex)) {
    for (const row of rows) {
      if (entries.length >= limit) break;
      entries.push(entryOfFileRow(row));
    }
    if (entries.length >= limit) break;
  }
  const next = fromIndex + entries.length;
  return {
    entries,
    cursor: next < file.rowCount && entries.length > 0 ? String(next) : null,
    totalCount: file.rowCount,
  };
}
