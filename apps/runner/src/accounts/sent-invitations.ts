import { normalizePublicIdentifier } from '@outreach/domain';
import type { SentInvitationsPort } from '@outreach/network';

/** Pages of sent invitations read at most to find the id of an invitation sent before ids were kept. */
const MAX_LIST_PAGES = 5;
const PAGE_SIZE = 100;

/** The network's withdrawal operations, when it offers them. */
export function withdrawalPort(network: Partial<SentInvitationsPort>): SentInvitationsPort | null {
  const { listSentInvitations, withdrawInvitation } = network;
  if (typeof listSentInvitations !== 'function' || typeof withdrawInvitation !== 'function') return null;
  return network as SentInvitationsPort;
}

/** The id of the pending invitation to this person, among the account's first pages of them. */
export async function findInvitationId(
  port: SentInvitationsPort,
  accountId: string,
  lead: { providerId: string | null; publicIdentifier: string },
): Promise<string | null> {
  const identifier = normalizePublicIdentifier(lead.publicIdentifier);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await port.listSentInvitations({
      accountId,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    const match = result.items.find(
      (item) =>
        (lead.providerId !== null && item.providerId === lead.providerId) ||
        (item.publicIdentifier !== null && normalizePublicIdentifier(item.publicIdentifier) === identifier),
    );
    if (match) return match.invitationId;
    if (result.cursor === null) return null;
    cursor = result.cursor;
  }
  return null;
}
