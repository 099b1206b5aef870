import type { IndexSpec } from '../storage/collection-index.js';
import type { StorageChange } from '../storage/storage-changes.js';
import type { StorageEngine } from '../storage/storage-engine.js';

/** Applies one journalled change again, as it was applied the first time. */
export function applyChange(storage: StorageEngine, change: StorageChange): void {
  switch (change.op) {
    case 'createCollection':
      if (storage.collection(change.db, change.coll) === undefined) {
        storage.createCollection(change.db, change.coll, change.options);
      }
      return;
    case 'dropCollection':
      storage.dropCollection(change.db, change.coll);
      return;
    case 'dropDatabase':
      storage.dropDatabase(change.db);
      return;
    case 'createIndex':
      storage.ensureCollection(change.db, change.coll).createIndex(change.spec as IndexSpec);
      return;
    case 'dropIndex':
      storage.collection(change.db, change.coll)?.dropIndex(change.name);
      return;
    case 'put': {
      const collection = storage.ensureCollection(change.db, change.coll);
      const current = collection.byId(change.doc['_id']);
      if (current === undefined) collection.insert(change.doc);
      else collection.replace(current, change.doc);
      return;
    }
    case 'remove': {
      const collection = storage.collection(change.db, change.coll);
      const current = collection?.byId(change.id);
      if (current !== undefined) collection?.remove(current);
      return;
    }
  }
}
