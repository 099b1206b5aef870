import {
  entryOfFileRow,
  entryOfListedPerson,
  type ImportEntry,
  type SourcePageRequest,
} from '@outreach/domain';
import type { LeadSourcesPort, ProviderNetworkPort } from '@outreach/network';
import type { RunnerImportFile } from '../store/runner-store.port.js';

/** One page of a part: its people as entries, the next cursor (null at the end), the part's total. */
export interface ImportPage {
  entries: ImportEntry[];
  cursor: string | null;
  totalCount: number | null;
}

export type LeadSourcesNetwork = ProviderNetworkPort & LeadSourcesPort;

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
 * Reads one page of a network source through the sender (`accountId`: the provider's id of it). A
 * source's people are entries as they come; relations are the sender's connections.
 */
export async function readNetworkPage(
  network: LeadSourcesNetwork,
  request: Exclude<SourcePageRequest, { kind: 'file' }>,
  page: { accountId: string; cursor: string | null; limit: number },
): Promise<ImportPage> {
  const common = {
    accountId: page.accountId,
    limit: page.limit,
    ...(page.cursor === null ? {} : { cursor: page.cursor }),
  };
  switch (request.kind) {
    case 'search': {
      const found = await network.searchPeople({ ...common, search: { ...request.search } });
      return {
        entries: found.items.map((person) => entryOfListedPerson(person)),
        cursor: found.cursor,
        totalCount: found.totalCount,
      };
    }
    case 'lead_list': {
      const found = await network.leadListMembers({ ...common, listId: request.listId });
      return {
        entries: found.items.map((person) => entryOfListedPerson(person)),
        cursor: found.cursor,
        totalCount: found.totalCount,
      };
    }
    case 'post_engagers': {
      const found = await network.postEngagers({ ...common, post: request.post, kind: request.engagement });
      return {
        entries: found.items.map((person) => entryOfListedPerson(person)),
        cursor: found.cursor,
        totalCount: found.totalCount,
      };
    }
    case 'relations': {
      const found = await network.listRelations(common);
      const entries = found.items.map((relation) =>
        entryOfListedPerson(
          {
            publicIdentifier: relation.publicIdentifier,
            firstName: relation.firstName ?? null,
            lastName: relation.lastName ?? null,
            headline: relation.headline ?? null,
          },
          true,
        ),
      );
      return { entries, cursor: found.cursor, totalCount: null };
    }
  }
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
