import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Document } from 'bson';
import type { StorageChange } from '../storage/storage-changes.js';
import { StorageEngine } from '../storage/storage-engine.js';
import { applyChange } from './apply-change.js';
import { lockDataDir } from './data-dir-lock.js';
import { decodeRecords, encodeRecord } from './journal-format.js';
import { snapshotChanges } from './snapshot-records.js';

export interface DurableStorageOptions {
  /** Flush each commit to the disk (fdatasync), not only to the operating system. Default true. */
  syncToDisk?: boolean;
  /** Journal size from which a commit folds it into a new snapshot. Default 16 MiB. */
  compactAfterBytes?: number;
}

export interface DurableStorage {
  readonly storage: StorageEngine;
  /** Appends the changes applied since the last commit to the journal and flushes them. */
  commit(): void;
  /** Whether changes wait for a commit, or an earlier commit failed (so every commit throws). */
  needsCommit(): boolean;
  /** Commits, folds the journal into a snapshot and releases the directory. */
  close(): void;
}

const SNAPSHOT = 'snapshot.bin';
const SNAPSHOT_FORMAT = 1;
const WRITE_CHUNK_BYTES = 1 << 20;
const journalName = (generation: number): string => `journal-${generation}.bin`;

/**
 * Storage kept in a directory: a snapshot (the state at some point) plus a journal of every change
 * applied after it. Opening replays both; each commit appends the pending changes and flushes them
 * before the caller acknowledges anything, so an acknowledged write survives the process being
 * killed. When the journal grows, it is folded into a new snapshot (written aside, then renamed
 * into place, so a crash at any point leaves one consistent snapshot and its journal).
 */
export function openDurableStorage(dir: string, options: DurableStorageOptions = {}): DurableStorage {
  const syncToDisk = options.syncToDisk ?? true;
  const compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  let replaying = true;
  let pending: Buffer[] = [];
  const storage = new StorageEngine((change) => {
    if (!replaying) pending.push(encodeRecord(change));
  });
  let generation: number;
  let snapshotBytes: number;
  let fd: number;
  let failure: Error | undefined;
  try {
    ({ generation, snapshotBytes } = replaySnapshot(dir, storage));
    replayJournal(join(dir, journalName(generation)), storage);
    removeStaleJournals(dir, generation);
    fd = openSync(join(dir, journalName(generation)), 'a');
    // A journal created just now must still be found after a power cut: flush its directory entry.
    syncDirectory(dir);
  } catch (error) {
    unlock();
    throw error;
  }
  replaying = false;
  let journalBytes = fstatSync(fd).size;

  const compact = (): void => {
    const next = generation + 1;
    const temporary = join(dir, `${SNAPSHOT}.tmp`);
    snapshotBytes = writeSnapshot(temporary, next, storage);
    const nextFd = openSync(join(dir, journalName(next)), 'w');
    fsyncSync(nextFd);
    renameSync(temporary, join(dir, SNAPSHOT));
    syncDirectory(dir);
    closeSync(fd);
    rmSync(join(dir, journalName(generation)), { force: true });
    fd = nextFd;
    generation = next;
    journalBytes = 0;
  };

  const commit = (): void => {
    if (failure !== undefined) throw failure;
    if (pending.length === 0) return;
    const bytes = Buffer.concat(pending);
    pending = [];
    try {
      writeAll(fd, bytes);
      if (syncToDisk) fdatasyncSync(fd);
      journalBytes += bytes.length;
      if (journalBytes >= Math.max(compactAfterBytes, snapshotBytes)) compact();
    } catch (error) {
      // What is in memory is now ahead of the disk: refuse everything rather than acknowledge it.
      failure = new Error(`the journal in ${dir} could not be written: ${(error as Error).message}`);
      throw failure;
    }
  };

  if (journalBytes > 0) compact();
  return {
    storage,
    commit,
    needsCommit: () => pending.length > 0 || failure !== undefined,
    close: () => {
      try {
        commit();
        compact();
        closeSync(fd);
      } finally {
        unlock();
      }
    },
  };
}

function replaySnapshot(dir: string, storage: StorageEngine): { generation: number; snapshotBytes: number } {
  const path = join(dir, SNAPSHOT);
  if (!existsSync(path)) return { generation: 0, snapshotBytes: 0 };
  const bytes = readFileSync(path);
  const { records, validBytes } = decodeRecords(bytes);
  const header = records[0];
  if (validBytes !== bytes.length || header?.['op'] !== 'snapshot' || header['format'] !== SNAPSHOT_FORMAT) {
    throw new Error(
      `${path} is damaged or not an emulator snapshot; move the directory aside to start empty`,
    );
  }
  for (const record of records.slice(1)) applyChange(storage, record as StorageChange);
  return { generation: Number(header['generation']), snapshotBytes: bytes.length };
}

/** Replays the intact records; a torn last record (a write cut by a crash) was never acknowledged. */
function replayJournal(path: string, storage: StorageEngine): void {
  if (!existsSync(path)) return;
  const bytes = readFileSync(path);
  const { records, validBytes } = decodeRecords(bytes);
  for (const record of records) applyChange(storage, record as StorageChange);
  if (validBytes < bytes.length) truncateSync(path, validBytes);
}

function removeStaleJournals(dir: string, generation: number): void {
  for (const name of readdirSync(dir)) {
    if (/^journal-\d+\.bin$/.test(name) && name !== journalName(generation)) rmSync(join(dir, name));
  }
}

function writeSnapshot(path: string, generation: number, storage: StorageEngine): number {
  const out = openSync(path, 'w');
  let written = 0;
  try {
    let chunk: Buffer[] = [encodeRecord({ op: 'snapshot', format: SNAPSHOT_FORMAT, generation } as Document)];
    let chunkBytes = 0;
    const flushChunk = (): void => {
      const bytes = Buffer.concat(chunk);
      writeAll(out, bytes);
      written += bytes.length;
      chunk = [];
      chunkBytes = 0;
    };
    for (const change of snapshotChanges(storage)) {
      const record = encodeRecord(change);
      chunk.push(record);
      chunkBytes += record.length;
      if (chunkBytes >= WRITE_CHUNK_BYTES) flushChunk();
    }
    flushChunk();
    fsyncSync(out);
  } finally {
    closeSync(out);
  }
  return written;
}

function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
