import { crc32 } from 'node:zlib';
import { deserialize, serialize, type Document } from 'bson';

/**
 * The on-disk record format of the journal and the snapshot: a 4-byte little-endian payload
 * length, the payload's CRC-32, then the payload (one BSON document). A crash can leave the last
 * record cut short; its length or checksum then fails, and reading stops there.
 */
const FRAME_HEADER_BYTES = 8;

export function encodeRecord(record: Document): Buffer {
  const payload = serialize(record);
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  frame.set(payload, FRAME_HEADER_BYTES);
  return frame;
}

export interface DecodedRecords {
  records: Document[];
  /** Bytes of whole, intact records from the start; anything after them is a torn tail. */
  validBytes: number;
}

export function decodeRecords(bytes: Buffer): DecodedRecords {
  const records: Document[] = [];
  let offset = 0;
  while (offset + FRAME_HEADER_BYTES <= bytes.length) {
    const length = bytes.readUInt32LE(offset);
    const end = offset + FRAME_HEADER_BYTES + length;
    if (end > bytes.length) break;
    const payload = bytes.subarray(offset + FRAME_HEADER_BYTES, end);
    if (crc32(payload) !== bytes.readUInt32LE(offset + 4)) break;
    records.push(deserialize(payload));
    offset = end;
  }
  return { records, validBytes: offset };
}
