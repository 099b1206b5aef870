import type { Document } from 'bson';
import { getPath } from './storage/bson-values.js';
import type { StorageEngine } from './storage/storage-engine.js';

/**
 * Removes documents whose TTL has passed: the indexed field is a date (or an array holding dates,
 * the earliest counts) older than `expireAfterSeconds`. Like MongoDB's TTL monitor it runs
 * periodically, so expiry is eventual, not instant.
 */
export function removeExpiredDocuments(storage: StorageEngine, now: number): number {
  let removed = 0;
  for (const collection of storage.allCollections()) {
    for (const spec of collection.ttlIndexes()) {
      const field = Object.keys(spec.key)[0] as string;
      const lifetimeMs = (spec.expireAfterSeconds ?? 0) * 1000;
      for (const doc of collection.documents()) {
        const expiresAt = earliestDate(doc, field);
        if (expiresAt !== undefined && expiresAt + lifetimeMs <= now) {
          collection.remove(doc);
          removed += 1;
        }
      }
    }
  }
  return removed;
}

function earliestDate(doc: Document, field: string): number | undefined {
  const value = getPath(doc, field);
  const dates = (Array.isArray(value) ? value : [value]).filter((item): item is Date => item instanceof Date);
  return dates.length === 0 ? undefined : Math.min(...dates.map((date) => date.getTime()));
}
