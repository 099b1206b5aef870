import type { Document } from 'bson';
import { ID_INDEX } from '../storage/index-specs.js';
import type { StorageChange } from '../storage/storage-changes.js';
import type { StorageEngine } from '../storage/storage-engine.js';

/** The changes that rebuild the current state from nothing: collections, indexes, documents. */
export function* snapshotChanges(storage: StorageEngine): Generator<StorageChange> {
  for (const db of storage.listDatabases()) {
    for (const collection of storage.listCollections(db)) {
      const coll = collection.name;
      yield { op: 'createCollection', db, coll, options: collection.options as Document };
      for (const spec of collection.listIndexes()) {
        if (spec.name !== ID_INDEX.name) yield { op: 'createIndex', db, coll, spec };
      }
      for (const doc of collection.documents()) yield { op: 'put', db, coll, doc };
    }
  }
}
