import { calculateObjectSize, Long, type Document } from 'bson';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';

const DEFAULT_FIRST_BATCH = 101;
/** MongoDB caps a batch at 16 MiB of documents; the reply must also fit the serialiser's buffer. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
/** Idle cursors are closed after ten minutes, as on MongoDB. */
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: Document[];
  position: number;
  touchedAt: number;
}

export interface BatchOptions {
  batchSize?: number | undefined;
  /** Return one batch and close (`singleBatch`, or a negative `limit`). */
  single?: boolean;
}

/**
 * Cursors over fully computed result lists. The first batch goes out with the command reply;
 * `getMore` pages through the rest. Ids are int64 on the wire (the driver insists) but stay well
 * inside the safe integer range, because `getMore` ids arrive deserialised as numbers.
 */
export class CursorStore {
  private readonly open = new Map<number, OpenCursor>();
  private nextId = 1_000_001;

  /** The `cursor` field of a find/aggregate/list reply. */
  firstBatch(ns: string, docs: Document[], options: BatchOptions = {}): Document {
    const batch = takeBatch(docs, 0, options.batchSize ?? DEFAULT_FIRST_BATCH);
    const exhausted = batch.length >= docs.length || options.single === true;
    let id = 0;
    if (!exhausted) {
      id = this.nextId++;
      this.open.set(id, { ns, docs, position: batch.length, touchedAt: Date.now() });
    }
    return { firstBatch: batch, id: Long.fromNumber(id), ns };
  }

  /** The `cursor` field of a getMore reply. */
  nextBatch(id: number, ns: string, batchSize: number | undefined): Document {
    const cursor = this.open.get(id);
    if (cursor === undefined || cursor.ns !== ns) {
      throw new MongoCommandError(ErrorCode.CursorNotFound, `cursor id ${id} not found`);
    }
    const size = batchSize !== undefined && batchSize > 0 ? batchSize : Number.MAX_SAFE_INTEGER;
    const batch = takeBatch(cursor.docs, cursor.position, size);
    cursor.position += batch.length;
    cursor.touchedAt = Date.now();
    const exhausted = cursor.position >= cursor.docs.length;
    if (exhausted) this.open.delete(id);
    return { nextBatch: batch, id: Long.fromNumber(exhausted ? 0 : id), ns };
  }

  /** Closes cursors; returns which ids were open. */
  kill(ids: number[]): { killed: number[]; notFound: number[] } {
    const killed = ids.filter((id) => this.open.delete(id));
    return { killed, notFound: ids.filter((id) => !killed.includes(id)) };
  }

  expireIdle(now: number): void {
    for (const [id, cursor] of this.open) {
      if (now - cursor.touchedAt > IDLE_TIMEOUT_MS) this.open.delete(id);
    }
  }

  get size(): number {
    return this.open.size;
  }
}

function takeBatch(docs: Document[], from: number, batchSize: number): Document[] {
  const batch: Document[] = [];
  let bytes = 0;
  for (let i = from; i < docs.length && batch.length < batchSize; i++) {
    const doc = docs[i] as Document;
    bytes += calculateObjectSize(doc);
    if (bytes > MAX_BATCH_BYTES && batch.length > 0) break;
    batch.push(doc);
  }
  return batch;
}
