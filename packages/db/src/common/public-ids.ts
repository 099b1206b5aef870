import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/**
 * Public ids are prefixed strings stored directly as `_id`, so a record's id never needs a second
 * lookup or a translation table. The suffix is an ObjectId's hex string: 24 lowercase hex
 * characters that sort by creation time, which the lead list relies on for its order.
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
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

declare const workspaceIdBrand: unique symbol;

/**
 * A workspace id that came from a trusted place (an authenticated API key, a claimed work item,
 * a created workspace). Every repository method asks for one, and a bare string does not compile,
 * so no query can be written without deciding whose data it reads.
 */
export type WorkspaceId = string & { readonly [workspaceIdBrand]: true };

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${new Types.ObjectId().toHexString()}`;
}

export function isId(kind: IdKind, value: string): boolean {
  return new RegExp(`^${ID_PREFIXES[kind]}_[0-9a-f]{24}$`).test(value);
}

/** Brands a string as a workspace id after checking its shape. */
export function asWorkspaceId(value: string): WorkspaceId {
  if (!isId('workspace', value)) {
    throw new TypeError(`not a workspace id: "${value}"`);
  }
  return value as WorkspaceId;
}

const CONVERSATION_URN_PREFIX = 'urn:outreach:conversation:';

export function conversationUrn(conversationId: string): string {
  return `${CONVERSATION_URN_PREFIX}${conversationId}`;
}

/** The conversation id inside a URN, or null when the URN is not one of ours. */
export function conversationIdFromUrn(urn: string): string | null {
  if (!urn.startsWith(CONVERSATION_URN_PREFIX)) return null;
  const id = urn.slice(CONVERSATION_URN_PREFIX.length);
  return isId('conversation', id) ? id : null;
}

/**
 * Event ids are derived from the transition they report (`<type>:<transition key>`), so firing
 * the same transition twice produces the same id and the outbox's `_id` index turns the second
 * insert into a no-op.
 */
export function eventIdFor(type: string, transitionKey: string): string {
  const digest = createHash('sha256').update(`${type}:${transitionKey}`).digest('hex');
  return `${ID_PREFIXES.event}_${digest.slice(0, 24)}`;
}
