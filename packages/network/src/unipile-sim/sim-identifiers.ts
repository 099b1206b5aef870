/** LinkedIn's member ids start so; the simulator's are the public identifier in hex after it. */
export const MEMBER_PREFIX = 'ACoAA';

/** Member ids are derived from the public identifier and back, so they survive a restart. */
export function memberIdOf(publicIdentifier: string): string {
  return `${MEMBER_PREFIX}${Buffer.from(publicIdentifier, 'utf8').toString('hex')}`;
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

export function publicIdentifierOf(memberId: string): string | null {
  const hex = memberId.slice(MEMBER_PREFIX.length);
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Buffer.from(hex, 'hex').toString('utf8');
}
