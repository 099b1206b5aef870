import { asWorkspaceId, type Db } from '@outreach/db';

/** No workspace has this id; looking it up is one indexed round trip to the database. */
const PROBE_WORKSPACE = asWorkspaceId(`ws_${'0'.repeat(24)}`);

/** Resolves when the database answers a trivial indexed query (the readiness probe). */
export function databasePing(db: Db): () => Promise<void> {
  return async () => {
    await db.workspaces.get(PROBE_WORKSPACE);
  };
}
