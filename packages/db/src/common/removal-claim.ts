import { randomUUID } from 'node:crypto';
import type { QueryFilter } from 'mongoose';
import { NotFoundError } from './db-errors.js';
import { leaseFree } from './lease.js';
import type { WorkspaceId } from './public-ids.js';
import type { ScopedModel, TenantRecord } from './scoped-model.js';

/**
 * A record that a request removing several records at once claims first: the claim's token, and
 * until when it holds (real time), so a request that died before removing frees it then.
 */
export interface RemovalClaimable extends TenantRecord {
  removalToken?: string | null;
  removalUntil?: Date | null;
}

/** How long a removal request holds what it claimed; far longer than the removal takes. */
export const REMOVAL_CLAIM_REAL_MS = 60_000;

/** Waits between tries at a record another removal holds: short, doubling, about 2.5 s in all. */
const WAITS_MS = [5, 10, 20, 40, 80, 160, 320, 640, 1_280];

export interface RemovalClaimRequest<T extends RemovalClaimable> {
  /** What the entity is called in a NotFoundError. */
  entity: string;
  /** The set the ids must belong to (a block list, a campaign's leads). */
  scope: QueryFilter<T>;
  ids: readonly string[];
  /** HTTP time: claims last `REMOVAL_CLAIM_REAL_MS` of it. */
  realNow: Date;
  /** Waits between tries; tests shorten them. */
  waitsMs?: readonly number[];
}

/**
 * Claims every record of `ids` in `scope` for one removal, all or nothing, and returns the filter
 * of the claimed records (remove them with it). Throws NotFoundError naming the ids that are not
 * there, having given back whatever it claimed.
 *
 * Uncontended, one conditional `updateMany` claims them all. Otherwise the claim is given back
 * and taken again one id at a time in sorted order, waiting (briefly, a bounded number of times)
 * at an id another removal holds. Every request waiting holds only ids below the one it waits
 * for, so no two wait on each other: of overlapping requests, the one holding the lowest shared
 * id goes through, and the others then find it gone and answer 404, never both giving up (as two
 * bulk claims each taking half of {a, b} would).
 */
export async function claimForRemoval<T extends RemovalClaimable>(
  records: ScopedModel<T>,
  workspaceId: WorkspaceId,
  request: RemovalClaimRequest<T>,
): Promise<QueryFilter<T>> {
  const asked = [...new Set(request.ids)];
  const ids = [...asked].sort();
  const removalToken = randomUUID();
  const removalUntil = new Date(request.realNow.getTime() + REMOVAL_CLAIM_REAL_MS);
  const ours = { ...request.scope, removalToken } as QueryFilter<T>;
  const claim = (idFilter: string | { $in: string[] }) =>
    records.updateMany(
      workspaceId,
      { ...request.scope, _id: idFilter, removalUntil: leaseFree(request.realNow) } as QueryFilter<T>,
      { $set: { removalToken, removalUntil } },
    );
  const giveBack = () =>
    records.updateMany(workspaceId, ours, { $set: { removalToken: null, removalUntil: null } });
  const refuse = async (held: string): Promise<never> => {
    await giveBack();
    const existing = await records.existingIds(workspaceId, ids, request.scope);
    const missing = asked.filter((id) => !existing.has(id));
    // An id that exists but stayed held past every wait is being removed by another request.
    throw new NotFoundError(request.entity, missing.length > 0 ? missing : [held]);
  };

  if ((await claim({ $in: ids })).modified === ids.length) return ours;
  await giveBack();
  for (const id of ids) {
    for (let attempt = 0; ; attempt += 1) {
      if ((await claim(id)).modified === 1) break;
      const wait = (request.waitsMs ?? WAITS_MS)[attempt];
      if (wait === undefined) return refuse(id);
      if (!(await records.exists(workspaceId, { ...request.scope, _id: id } as QueryFilter<T>)))
        return refuse(id);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return ours;
}
