/**
 * Public ids: a type prefix, an underscore and 24 lowercase hex characters (an ObjectId's hex string
 * fits). The prefix tells a reader what an id points at, and a wrong kind of id fails validation.
 */

export const ID_PREFIXES = {
  workspace: 'ws',
  apiKey: 'key',
  account: 'acc',
  campaign: 'cmp',
  step: 'stp',
  variant: 'var',
  lead: 'led',
  block: 'blk',
  conversation: 'cnv',
  message: 'msg',
  action: 'act',
  subscription: 'sub',
  event: 'evt',
  delivery: 'dlv',
  agency: 'agc',
  member: 'mem',
  invitation: 'inv',
  auditEntry: 'aud',
  leadFile: 'lfl',
  leadImport: 'imp',
} as const;
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

const HEX_24 = /^[0-9a-f]{24}$/;
const URN_PREFIX = 'urn:outreach:conversation:';

/** Builds `<prefix>_<hex>`; the hex part must be 24 lowercase hex characters. */
export function publicId(prefix: IdPrefix, hex: string): string {
  if (!HEX_24.test(hex)) throw new RangeError(`an id suffix must be 24 lowercase hex characters`);
  return `${prefix}_${hex}`;
}

export function isPublicId(value: unknown, prefix: IdPrefix): value is string {
  return (
    typeof value === 'string' && value.startsWith(`${prefix}_`) && HEX_24.test(value.slice(prefix.length + 1))
  );
}

export function conversationUrn(conversationId: string): string {
  return `${URN_PREFIX}${conversationId}`;
}

/** The `cnv_` id inside a conversation URN, or null when the text is not one. */
export function conversationIdFromUrn(urn: string): string | null {
  if (!urn.startsWith(URN_PREFIX)) return null;
  const id = urn.slice(URN_PREFIX.length);
  return isPublicId(id, ID_PREFIXES.conversation) ? id : null;
}
