/**
 * Options shared by every schema. Records carry their own string `_id`; indexes are built only
 * by `ensureIndexes()` (never as a side effect of a first query); unknown fields in a write throw
 * instead of being dropped silently; empty maps are kept so a record reads back as it was written.
 */
export function recordOptions(collection: string) {
  return {
    collection,
    versionKey: false,
    minimize: false,
    autoIndex: false,
    autoCreate: false,
    id: false,
    strict: 'throw' as const,
    strictQuery: false,
  } as const;
}

/** The workspace every tenant record belongs to; immutable so no update can move a record. */
export const workspaceIdField = { type: String, required: true, immutable: true } as const;
