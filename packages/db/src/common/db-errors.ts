/**
 * Typed failures of the data layer. The API maps `code` to a status (not_found -> 404, the
 * conflicts -> 409, lease_lost is the runner's own business), so no caller parses messages.
 */
export type DbErrorCode =
  | 'not_found'
  | 'already_exists'
  | 'ambiguous_match'
  | 'version_conflict'
  | 'status_conflict'
  | 'lease_lost'
  | 'invalid_cursor';

export abstract class DbError extends Error {
  abstract readonly code: DbErrorCode;
}

/** Some ids do not exist in the caller's workspace (another workspace's ids included). */
export class NotFoundError extends DbError {
  readonly code = 'not_found';

  constructor(
    readonly entity: string,
    readonly missingIds: readonly string[],
  ) {
    super(`${entity} not found: ${missingIds.join(', ')}`);
    this.name = 'NotFoundError';
  }
}

/** A unique key (other than an idempotent one) is already taken. */
export class AlreadyExistsError extends DbError {
  readonly code = 'already_exists';

  constructor(
    readonly entity: string,
    readonly key: string,
  ) {
    super(`${entity} already exists: ${key}`);
    this.name = 'AlreadyExistsError';
  }
}

/**
 * A key that is unique within a workspace only matched records of several workspaces, so an
 * operation across workspaces refuses to pick one; `workspaceIds` names them so the caller can.
 */
export class AmbiguousMatchError extends DbError {
  readonly code = 'ambiguous_match';

  constructor(
    readonly entity: string,
    readonly key: string,
    readonly workspaceIds: readonly string[],
  ) {
    super(`${entity} ${key} matches records of several workspaces: ${workspaceIds.join(', ')}`);
    this.name = 'AmbiguousMatchError';
  }
}

/** A sequence edit was computed from a version that is no longer the stored one. */
export class VersionConflictError extends DbError {
  readonly code = 'version_conflict';

  constructor(
    readonly campaignId: string,
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(
      `campaign ${campaignId} was changed concurrently: edit based on version ${expectedVersion}, now ${currentVersion}`,
    );
    this.name = 'VersionConflictError';
  }
}

/** A conditional status transition found the record in a status it does not start from. */
export class StatusConflictError extends DbError {
  readonly code = 'status_conflict';

  constructor(
    readonly entity: string,
    readonly id: string,
    readonly currentStatus: string,
    readonly allowedFrom: readonly string[],
  ) {
    super(`${entity} ${id} is ${currentStatus}; expected one of ${allowedFrom.join(', ')}`);
    this.name = 'StatusConflictError';
  }
}

/** The caller no longer holds the lease it claimed (it expired and someone else claimed). */
export class LeaseLostError extends DbError {
  readonly code = 'lease_lost';

  constructor(
    readonly entity: string,
    readonly id: string,
    readonly owner: string,
  ) {
    super(`${entity} ${id} is no longer leased by ${owner}`);
    this.name = 'LeaseLostError';
  }
}

/** A list's `after` cursor that this list did not hand out (mangled, or from another list). */
export class InvalidCursorError extends DbError {
  readonly code = 'invalid_cursor';

  constructor() {
    super('after is not a cursor of this list; pass the nextCursor of a previous page');
    this.name = 'InvalidCursorError';
  }
}
