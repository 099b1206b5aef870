import { entryOfListedPerson, type ImportEntry, type SourcePageRequest } from '@outreach/domain';
import type { LeadSourcesPort, SourcePage } from './lead-sources.port.js';
import type { ProviderNetworkPort } from './provider-network.port.js';

/** A provider's network with the lead sources an import reads. */
export type LeadSourcesNetwork = ProviderNetworkPort & LeadSourcesPort;

/** The calls `readSourcePage` makes: the lead sources, and the sender's relations. */
export type SourcePageNetwork = Pick<
  LeadSourcesNetwork,
  'searchPeople' | 'leadListMembers' | 'postEngagers' | 'listRelations'
>;

/** Every page request of an import that the network answers (all but an uploaded file's). */
export type NetworkSourceRequest = Exclude<SourcePageRequest, { kind: 'file' }>;

/**
 * One page of a network source: its people as import entries, the next cursor (null at the end),
 * and the source's total when it says.
 */
export interface SourceEntryPage {
  entries: ImportEntry[];
  cursor: string | null;
  totalCount: number | null;
}

/**
 * Reads one page of a network source through the sender (`accountId`: the provider's id of it),
 * at most `limit` people from `cursor` (null: the first page). The API's dry run and totals and
 * the runner's import jobs read sources this one way, so both judge the same entries: a source's
 * people as they come, the sender's relations as connected (they never say their total).
 */
export async function readSourcePage(
  network: SourcePageNetwork,
  accountId: string,
  request: NetworkSourceRequest,
  cursor: string | null,
  limit: number,
): Promise<SourceEntryPage> {
  const common = { accountId, limit, ...(cursor === null ? {} : { cursor }) };
  switch (request.kind) {
    case 'search':
      return listedPage(await network.searchPeople({ ...common, search: { ...request.search } }));
    case 'lead_list':
      return listedPage(await network.leadListMembers({ ...common, listId: request.listId }));
    case 'post_engagers':
      return listedPage(
        await network.postEngagers({ ...common, post: request.post, kind: request.engagement }),
      );
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

function listedPage(found: SourcePage): SourceEntryPage {
  return {
    entries: found.items.map((person) => entryOfListedPerson(person)),
    cursor: found.cursor,
    totalCount: found.totalCount,
  };
}
