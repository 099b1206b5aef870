import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDurableStorage } from './durable-storage.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'durable-storage-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const journalOf = (dir: string): string =>
  join(dir, readdirSync(dir).find((name) => name.startsWith('journal-')) ?? 'missing');

describe('durable storage', () => {
  it('finds committed documents, indexes and drops again after reopening, without a clean close', () => {
    const dir = freshDir();
    const first = openDurableStorage(dir, { syncToDisk: false });
    const leads = first.storage.ensureCollection('app', 'leads');
    leads.createIndex({ key: { email: 1 }, name: 'email_1', unique: true });
    leads.insert({ _id: 1, email: 'a@example.com', step: 0 });
    const second = leads.insert({ _id: 2, email: 'b@example.com', step: 0 });
    leads.replace(second, { _id: 2, email: 'b@example.com', step: 3 });
    leads.insert({ _id: 3, email: 'c@example.com' });
    leads.remove({ _id: 3 });
    first.storage.ensureCollection('app', 'scratch').insert({ _id: 'x' });
    first.storage.dropCollection('app', 'scratch');
    first.commit();
    // No close(): the process is gone, only the journal remains (the lock is stale).
    rmSync(join(dir, 'LOCK'));

    const reopened = openDurableStorage(dir, { syncToDisk: false });
    const again = reopened.storage.collection('app', 'leads');
    expect(again?.documents()).toEqual([
      { _id: 1, email: 'a@example.com', step: 0 },
      { _id: 2, email: 'b@example.com', step: 3 },
    ]);
    expect(again?.listIndexes().map((spec) => spec.name)).toEqual(['_id_', 'email_1']);
    expect(reopened.storage.collection('app', 'scratch')).toBeUndefined();
    expect(() => again?.insert({ _id: 9, email: 'a@example.com' })).toThrow(/duplicate key/);
    reopened.close();
  });

  it('forgets changes that were never committed', () => {
    const dir = freshDir();
    const first = openDurableStorage(dir, { syncToDisk: false });
    first.storage.ensureCollection('app', 'leads').insert({ _id: 1 });
    first.commit();
    first.storage.ensureCollection('app', 'leads').insert({ _id: 2 });
    rmSync(join(dir, 'LOCK'));
    const reopened = openDurableStorage(dir, { syncToDisk: false });
    expect(reopened.storage.collection('app', 'leads')?.documents()).toEqual([{ _id: 1 }]);
    reopened.close();
  });

  it('drops a torn last record, as a crash in the middle of a journal write leaves it', () => {
    const dir = freshDir();
    const first = openDurableStorage(dir, { syncToDisk: false });
    first.storage.ensureCollection('app', 'leads').insert({ _id: 1 });
    first.commit();
    first.storage.ensureCollection('app', 'leads').insert({ _id: 2 });
    first.commit();
    rmSync(join(dir, 'LOCK'));
    const journal = journalOf(dir);
    const bytes = readFileSync(journal);
    writeFileSync(journal, bytes.subarray(0, bytes.length - 5));

    const reopened = openDurableStorage(dir, { syncToDisk: false });
    expect(reopened.storage.collection('app', 'leads')?.documents()).toEqual([{ _id: 1 }]);
    reopened.storage.collection('app', 'leads')?.insert({ _id: 3 });
    reopened.close();
    const last = openDurableStorage(dir, { syncToDisk: false });
    expect(last.storage.collection('app', 'leads')?.documents()).toEqual([{ _id: 1 }, { _id: 3 }]);
    last.close();
  });

  it('folds a long journal into a snapshot and keeps every document', () => {
    const dir = freshDir();
    const first = openDurableStorage(dir, { syncToDisk: false, compactAfterBytes: 4096 });
    const counters = first.storage.ensureCollection('app', 'counters');
    for (let i = 0; i < 200; i += 1) {
      const current = counters.byId('hits') ?? counters.insert({ _id: 'hits', n: 0 });
      counters.replace(current, { _id: 'hits', n: Number(current['n']) + 1 });
      first.commit();
    }
    expect(statSync(journalOf(dir)).size).toBeLessThan(4096);
    rmSync(join(dir, 'LOCK'));
    const reopened = openDurableStorage(dir, { syncToDisk: false });
    expect(reopened.storage.collection('app', 'counters')?.documents()).toEqual([{ _id: 'hits', n: 200 }]);
    reopened.close();
  });

  it('refuses a data directory another running process holds, and a damaged snapshot', () => {
    const dir = freshDir();
    const holder = openDurableStorage(dir, { syncToDisk: false });
    expect(() => openDurableStorage(dir)).toThrow(/in use by process/);
    holder.close();
    appendFileSync(join(dir, 'snapshot.bin'), Buffer.from([1, 2, 3]));
    expect(() => openDurableStorage(dir)).toThrow(/damaged/);
  });
});
