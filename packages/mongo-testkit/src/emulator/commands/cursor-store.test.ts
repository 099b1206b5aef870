import { describe, expect, it } from 'vitest';
import { MongoCommandError } from '../mongo-error.js';
import { CursorStore } from './cursor-store.js';

const docs = (count: number) => Array.from({ length: count }, (_, i) => ({ i }));

describe('CursorStore', () => {
  it('sends 101 documents first, then the rest on getMore, then closes', () => {
    const cursors = new CursorStore();
    const first = cursors.firstBatch('db.c', docs(150));
    expect(first['firstBatch']).toHaveLength(101);
    const id = Number(first['id']);
    expect(id).toBeGreaterThan(0);
    const next = cursors.nextBatch(id, 'db.c', undefined);
    expect(next['nextBatch']).toHaveLength(49);
    expect(Number(next['id'])).toBe(0);
    expect(cursors.size).toBe(0);
  });

  it('closes at once when everything fits or a single batch is asked for', () => {
    const cursors = new CursorStore();
    expect(Number(cursors.firstBatch('db.c', docs(3))['id'])).toBe(0);
    expect(Number(cursors.firstBatch('db.c', docs(300), { single: true, batchSize: 5 })['id'])).toBe(0);
    expect(cursors.size).toBe(0);
  });

  it('keeps a cursor open with an empty first batch for batchSize 0', () => {
    const cursors = new CursorStore();
    const first = cursors.firstBatch('db.c', docs(3), { batchSize: 0 });
    expect(first['firstBatch']).toEqual([]);
    expect(cursors.nextBatch(Number(first['id']), 'db.c', 2)['nextBatch']).toHaveLength(2);
  });

  it('forgets killed and idle cursors and reports unknown ids with code 43', () => {
    const cursors = new CursorStore();
    const a = Number(cursors.firstBatch('db.c', docs(5), { batchSize: 1 })['id']);
    const b = Number(cursors.firstBatch('db.c', docs(5), { batchSize: 1 })['id']);
    expect(cursors.kill([a, 999])).toEqual({ killed: [a], notFound: [999] });
    cursors.expireIdle(Date.now() + 11 * 60 * 1000);
    expect(() => cursors.nextBatch(b, 'db.c', 1)).toThrow(MongoCommandError);
    expect(() => cursors.nextBatch(a, 'db.c', 1)).toThrow(/cursor id/);
  });
});
