import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { MongoCommandError } from '../mongo-error.js';
import { Collection } from './collection.js';
import { normaliseIndexSpec } from './index-specs.js';

function collectionWith(count: number): Collection {
  const collection = new Collection('db', 'things');
  for (let i = 0; i < count; i++)
    collection.insert({ _id: i, email: `user${i}@example.com`, group: i % 10, tags: [`t${i % 3}`] });
  return collection;
}

function duplicateOf(work: () => unknown): MongoCommandError {
  try {
    work();
  } catch (error) {
    if (error instanceof MongoCommandError) return error;
    throw error;
  }
  throw new Error('expected a duplicate key error');
}

describe('Collection lookups', () => {
  it('reads one document for an _id lookup and only the matches for an indexed equality', () => {
    const collection = collectionWith(10_000);
    collection.createIndex(normaliseIndexSpec({ key: { email: 1 } }));
    collection.createIndex(normaliseIndexSpec({ key: { group: 1, email: 1 } }));
    collection.docsExamined = 0;
    expect(collection.find({ _id: 1234 })).toHaveLength(1);
    expect(collection.docsExamined).toBe(1);
    expect(collection.find({ email: 'user77@example.com', group: 7 })).toHaveLength(1);
    expect(collection.docsExamined).toBe(2);
    // Both indexes apply; the compound one pins both fields, so it reads only the match.
    expect(collection.find({ group: { $in: [1, 2] }, email: 'user1@example.com' })).toHaveLength(1);
    expect(collection.docsExamined).toBe(3);
  });

  it('scans when no index answers the filter', () => {
    const collection = collectionWith(100);
    collection.docsExamined = 0;
    expect(collection.find({ group: 3 })).toHaveLength(10);
    expect(collection.docsExamined).toBe(100);
  });

  it('finds array elements through a multikey index', () => {
    const collection = collectionWith(30);
    collection.createIndex(normaliseIndexSpec({ key: { tags: 1 } }));
    collection.docsExamined = 0;
    expect(collection.find({ tags: 't1' })).toHaveLength(10);
    expect(collection.docsExamined).toBe(10);
  });

  it('finds documents by a field inside an array of documents through an index', () => {
    const collection = new Collection('db', 'nested');
    collection.createIndex(normaliseIndexSpec({ key: { 'steps.name': 1 } }));
    collection.insert({ _id: 1, steps: [{ name: 'invite' }, { name: 'message' }] });
    collection.insert({ _id: 2, steps: [{ name: 'visit' }] });
    collection.docsExamined = 0;
    expect(collection.find({ 'steps.name': 'message' }).map((doc) => doc['_id'])).toEqual([1]);
    expect(collection.docsExamined).toBe(1);
  });

  it('keeps index entries in step with replace and remove', () => {
    const collection = collectionWith(5);
    collection.createIndex(normaliseIndexSpec({ key: { email: 1 } }));
    const [doc] = collection.find({ _id: 2 });
    collection.replace(doc ?? {}, { _id: 2, email: 'changed@example.com' });
    expect(collection.find({ email: 'user2@example.com' })).toEqual([]);
    expect(collection.find({ email: 'changed@example.com' })).toHaveLength(1);
    collection.remove({ _id: 2, email: 'changed@example.com' });
    expect(collection.find({ email: 'changed@example.com' })).toEqual([]);
  });

  it('generates an ObjectId _id and stores it first', () => {
    const collection = new Collection('db', 'ids');
    const stored = collection.insert({ name: 'a' });
    expect(stored['_id']).toBeInstanceOf(ObjectId);
    expect(Object.keys(stored)[0]).toBe('_id');
  });
});

describe('Collection unique indexes', () => {
  it('rejects a duplicate _id with keyPattern and keyValue', () => {
    const collection = collectionWith(1);
    const error = duplicateOf(() => collection.insert({ _id: 0 }));
    expect([error.code, error.extra['keyPattern'], error.extra['keyValue']]).toEqual([
      11000,
      { _id: 1 },
      { _id: 0 },
    ]);
  });

  it('compares numbers by value in unique keys', () => {
    const collection = new Collection('db', 'numbers');
    collection.createIndex(normaliseIndexSpec({ key: { n: 1 }, unique: true }));
    collection.insert({ n: 1 });
    expect(duplicateOf(() => collection.insert({ n: 1.0 })).code).toBe(11000);
  });

  it('counts missing fields as null unless the index is sparse', () => {
    const plain = new Collection('db', 'plain');
    plain.createIndex(normaliseIndexSpec({ key: { handle: 1 }, unique: true }));
    plain.insert({ a: 1 });
    expect(duplicateOf(() => plain.insert({ a: 2 })).extra['keyValue']).toEqual({ handle: null });
    const sparse = new Collection('db', 'sparse');
    sparse.createIndex(normaliseIndexSpec({ key: { handle: 1 }, unique: true, sparse: true }));
    sparse.insert({ a: 1 });
    sparse.insert({ a: 2 });
    expect(sparse.count).toBe(2);
  });

  it('constrains only documents matching a partial filter', () => {
    const collection = new Collection('db', 'partial');
    collection.createIndex(
      normaliseIndexSpec({ key: { code: 1 }, unique: true, partialFilterExpression: { active: true } }),
    );
    collection.insert({ code: 'x', active: false });
    collection.insert({ code: 'x', active: false });
    collection.insert({ code: 'x', active: true });
    expect(duplicateOf(() => collection.insert({ code: 'x', active: true })).code).toBe(11000);
  });

  it('rejects a duplicate on any element of an array, but not within one document', () => {
    const collection = new Collection('db', 'multikey');
    collection.createIndex(normaliseIndexSpec({ key: { tags: 1 }, unique: true }));
    collection.insert({ tags: ['a', 'a', 'b'] });
    expect(duplicateOf(() => collection.insert({ tags: ['c', 'b'] })).extra['keyValue']).toEqual({
      tags: 'b',
    });
  });

  it('lets a document keep its own unique key when it is replaced', () => {
    const collection = new Collection('db', 'self');
    collection.createIndex(normaliseIndexSpec({ key: { email: 1 }, unique: true }));
    const stored = collection.insert({ _id: 1, email: 'a' });
    expect(() => collection.replace(stored, { _id: 1, email: 'a', more: true })).not.toThrow();
  });
});
