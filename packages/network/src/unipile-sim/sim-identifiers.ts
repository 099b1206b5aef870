import { createHash } from 'node:crypto';

/** LinkedIn's member ids start so; the simulator's are the public identifier in hex after it. */
export const MEMBER_PREFIX = 'ACoAA';

/**
 * Member ids are derived from the public identifier and back, so they survive a restart. The id
 * of a person differs per viewing account (LinkedIn gives each account its own ids for the same
 * member, so a provider id stored for one sender is not another sender's): a viewer's ids end with
 * `_` and a tag of its account id. The public identifier is the identity across accounts.
 */
export function memberIdOf(publicIdentifier: string, viewerAccountId?: string): string {
  const hex = Buffer.from(publicIdentifier, 'utf8').toString('hex');
  return viewerAccountId === undefined
    ? `${MEMBER_PREFIX}${hex}`
    : `${MEMBER_PREFIX}${hex}_${viewerTag(viewerAccountId)}`;
}

function viewerTag(accountId: string): string {
  return createHash('sha256').update(accountId).digest('hex').slice(0, 8);
}

/**
 * The public identifier as LinkedIn spells it: URL-decoded and lower case, whatever case the user
 * typed (profile URLs are case-insensitive).
 */
export function linkedinSpelling(identifier: string): string {
  let decoded = identifier;
  try {
    decoded = decodeURIComponent(identifier);
  } catch {
    // A lone `%` is part of the identifier as typed.
  }
  return decoded.toLowerCase();
}

/** The person behind a member id, whichever account's id it is. */
export function publicIdentifierOf(memberId: string): string | null {
  const hex = memberId.slice(MEMBER_PREFIX.length).split('_')[0] ?? '';
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Buffer.from(hex, 'hex').toString('utf8');
}
