/** MongoDB's error code for a unique index violation. */
export const DUPLICATE_KEY = 11000;

interface WriteErrorLike {
  code?: unknown;
  index?: unknown;
  err?: { code?: unknown; index?: unknown };
}

function codeOf(error: WriteErrorLike): unknown {
  return error.code ?? error.err?.code;
}

function indexOf(error: WriteErrorLike): unknown {
  return error.index ?? error.err?.index;
}

function writeErrorsOf(error: unknown): WriteErrorLike[] | null {
  if (typeof error !== 'object' || error === null || !('writeErrors' in error)) return null;
  const { writeErrors } = error as { writeErrors: unknown };
  if (Array.isArray(writeErrors)) return writeErrors as WriteErrorLike[];
  return writeErrors ? [writeErrors as WriteErrorLike] : null;
}

export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as WriteErrorLike).code === DUPLICATE_KEY) return true;
  const writeErrors = writeErrorsOf(error);
  return (
    writeErrors !== null && writeErrors.length > 0 && writeErrors.every((e) => codeOf(e) === DUPLICATE_KEY)
  );
}

/**
 * The positions of the documents an unordered bulk insert rejected as duplicates, or null when
 * the error is anything else (then it must be rethrown: a duplicate is expected, a failure is not).
 */
export function duplicatePositions(error: unknown): Set<number> | null {
  const writeErrors = writeErrorsOf(error);
  if (writeErrors === null || writeErrors.length === 0) return null;
  const positions = new Set<number>();
  for (const writeError of writeErrors) {
    const index = indexOf(writeError);
    if (codeOf(writeError) !== DUPLICATE_KEY || typeof index !== 'number') return null;
    positions.add(index);
  }
  return positions;
}
