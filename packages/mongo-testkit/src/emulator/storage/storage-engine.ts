import type { Document } from 'bson';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { Collection } from './collection.js';
import type { StorageListener } from './storage-changes.js';

const INVALID_DATABASE_CHARS = /[/\\. "$*<>:|?\0]/;

/**
 * Every database and collection of one emulator, in memory. `onChange` hears every applied change
 * (the durable mode journals them); without it nothing leaves memory.
 */
export class StorageEngine {
  private readonly databases = new Map<string, Map<string, Collection>>();

  constructor(private readonly onChange: StorageListener = () => undefined) {}

  collection(database: string, name: string): Collection | undefined {
    return this.databases.get(database)?.get(name);
  }

  /** The collection, created on first use as MongoDB does for writes and index builds. */
  ensureCollection(database: string, name: string): Collection {
    return this.collection(database, name) ?? this.createCollection(database, name);
  }

  createCollection(database: string, name: string, options: Document = {}): Collection {
    assertDatabaseName(database);
    assertCollectionName(name);
    const collections = this.databases.get(database) ?? new Map<string, Collection>();
    if (collections.has(name)) {
      throw new MongoCommandError(
        ErrorCode.NamespaceExists,
        `Collection ${database}.${name} already exists.`,
      );
    }
    const collection = new Collection(database, name, options, this.onChange);
    collections.set(name, collection);
    this.databases.set(database, collections);
    this.onChange({ op: 'createCollection', db: database, coll: name, options });
    return collection;
  }

  dropCollection(database: string, name: string): Collection | undefined {
    const collections = this.databases.get(database);
    const collection = collections?.get(name);
    collections?.delete(name);
    if (collections?.size === 0) this.databases.delete(database);
    if (collection !== undefined) this.onChange({ op: 'dropCollection', db: database, coll: name });
    return collection;
  }

  dropDatabase(database: string): void {
    if (this.databases.delete(database)) this.onChange({ op: 'dropDatabase', db: database });
  }

  listCollections(database: string): Collection[] {
    return [...(this.databases.get(database)?.values() ?? [])];
  }

  listDatabases(): string[] {
    return [...this.databases.keys()];
  }

  allCollections(): Collection[] {
    return [...this.databases.values()].flatMap((collections) => [...collections.values()]);
  }
}

function assertDatabaseName(name: string): void {
  if (name === '' || name.length > 63 || INVALID_DATABASE_CHARS.test(name)) {
    throw new MongoCommandError(ErrorCode.InvalidNamespace, `Invalid database name: '${name}'`);
  }
}

function assertCollectionName(name: string): void {
  if (name === '' || name.includes('$') || name.includes('\0') || name.startsWith('.')) {
    throw new MongoCommandError(ErrorCode.InvalidNamespace, `Invalid collection name: ${name}`);
  }
}
