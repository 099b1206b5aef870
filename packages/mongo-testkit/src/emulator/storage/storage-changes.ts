import type { Document } from 'bson';
import type { IndexSpec } from './collection-index.js';

/**
 * Every change to stored data, reported as it is applied. A journal that records these and
 * replays them in order rebuilds the same databases, collections, indexes and documents.
 */
export type StorageChange =
  | { op: 'createCollection'; db: string; coll: string; options: Document }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  | { op: 'put'; db: string; coll: string; doc: Document }
  | { op: 'remove'; db: string; coll: string; id: unknown };

export type StorageListener = (change: StorageChange) => void;
