import { ID_PREFIXES, isPublicId, publicId } from '@outreach/domain';
import { Types } from 'mongoose';

/**
 * What storage adds to the id rules of `@outreach/domain` (prefixes, `<prefix>_<24 hex>`,
 * conversation URNs, event ids). Public ids are stored directly as `_id`, so a record's id never
 * needs a second lookup or a translation table. New ids take an ObjectId's hex string as their
 * suffix: it sorts by creation time, which the lead list relies on for its order.
 */
export type IdKind = keyof typeof ID_PREFIXES;

declare const workspaceIdBrand: unique symbol;

/**
 * A workspace id that came from a trusted place (an authenticated API key, a claimed work item,
 * a created workspace). Every repository method asks for one, and a bare string does not compile,
 * so no query can be written without deciding whose data it reads.
 */
export type WorkspaceId = string & { readonly [workspaceIdBrand]: true };

export function newId(kind: IdKind): string {
  return publicId(ID_PREFIXES[kind], new Types.ObjectId().toHexString());
}

/**
 * The id of kind `kind` on an ObjectId's hex chosen beforehand: what a request under an
 * Idempotency-Key creates takes the id its claim reserved (`IdempotencyRepository.claim`).
 */
export function reservedId(kind: IdKind, objectIdHex: string): string {
  return publicId(ID_PREFIXES[kind], objectIdHex);
}

export function isId(kind: IdKind, value: string): boolean {
  return isPublicId(value, ID_PREFIXES[kind]);
}

/** Brands a string as a workspace id after checking its shape. */
export function asWorkspaceId(value: string): WorkspaceId {
  if (!isId('workspace', value)) {
    throw new TypeError(`not a workspace id: "${value}"`);
  }
  return value as WorkspaceId;
}
