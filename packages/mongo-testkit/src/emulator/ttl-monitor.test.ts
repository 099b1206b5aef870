import { describe, expect, it } from 'vitest';
import { normaliseIndexSpec } from './storage/index-specs.js';
import { StorageEngine } from './storage/storage-engine.js';
import { removeExpiredDocuments } from './ttl-monitor.js';

describe('removeExpiredDocuments', () => {
  it('removes documents whose date plus expireAfterSeconds has passed, and nothing else', () => {
    const storage = new StorageEngine();
    const sessions = storage.ensureCollection('db', 'sessions');
    sessions.createIndex(normaliseIndexSpec({ key: { createdAt: 1 }, expireAfterSeconds: 60 }));
    const now = 1_000_000;
    sessions.insert({ _id: 'old', createdAt: new Date(now - 61_000) });
    sessions.insert({ _id: 'fresh', createdAt: new Date(now - 59_000) });
    sessions.insert({ _id: 'array', createdAt: [new Date(now), new Date(now - 120_000)] });
    sessions.insert({ _id: 'not-a-date', createdAt: 'yesterday' });
    sessions.insert({ _id: 'missing' });
    expect(removeExpiredDocuments(storage, now)).toBe(2);
    expect(sessions.documents().map((doc) => doc['_id'])).toEqual(['fresh', 'not-a-date', 'missing']);
  });
});
