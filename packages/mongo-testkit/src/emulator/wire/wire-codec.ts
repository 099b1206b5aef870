import { deserialize, serialize, type Document } from 'bson';

/**
 * MongoDB wire protocol framing: a 16-byte header (length, requestID, responseTo, opCode), then an
 * OP_MSG (flag bits, sections, optional CRC-32C) or a legacy OP_QUERY, which drivers still use for
 * the first handshake and which is answered with OP_REPLY.
 */

export const OpCode = { Reply: 1, Query: 2004, Compressed: 2012, Msg: 2013 } as const;

export const MsgFlag = {
  ChecksumPresent: 1 << 0,
  MoreToCome: 1 << 1,
  ExhaustAllowed: 1 << 16,
} as const;

const HEADER_BYTES = 16;

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export type IncomingMessage =
  | { kind: 'msg'; header: MessageHeader; flags: number; body: Document; bodyBytes: number }
  | { kind: 'query'; header: MessageHeader; collection: string; query: Document; bodyBytes: number }
  | { kind: 'unsupported'; header: MessageHeader };

export function readHeader(buffer: Buffer): MessageHeader {
  return {
    length: buffer.readInt32LE(0),
    requestId: buffer.readInt32LE(4),
    responseTo: buffer.readInt32LE(8),
    opCode: buffer.readInt32LE(12),
  };
}

/** Decodes one complete message (header included). */
export function decodeMessage(message: Buffer): IncomingMessage {
  const header = readHeader(message);
  if (header.opCode === OpCode.Msg) return decodeOpMsg(header, message);
  if (header.opCode === OpCode.Query) return decodeOpQuery(header, message);
  return { kind: 'unsupported', header };
}

/**
 * OP_MSG: one kind-0 section (the command body) and any number of kind-1 sections (document
 * sequences, such as the `documents` of a large insert), merged into the body under their
 * identifier. A trailing checksum, when flagged, is skipped: TCP already protects the bytes.
 */
function decodeOpMsg(header: MessageHeader, message: Buffer): IncomingMessage {
  const flags = message.readUInt32LE(HEADER_BYTES);
  const end = flags & MsgFlag.ChecksumPresent ? message.length - 4 : message.length;
  let offset = HEADER_BYTES + 4;
  let body: Document = {};
  let bodyBytes = 0;
  const sequences: [string, Document[]][] = [];
  while (offset < end) {
    const kind = message.readUInt8(offset);
    offset += 1;
    if (kind === 0) {
      bodyBytes = message.readInt32LE(offset);
      body = deserialize(message.subarray(offset, offset + bodyBytes));
      offset += bodyBytes;
    } else if (kind === 1) {
      const size = message.readInt32LE(offset);
      sequences.push(readSequence(message.subarray(offset + 4, offset + size)));
      offset += size;
    } else {
      throw new Error(`unknown OP_MSG section kind ${kind}`);
    }
  }
  for (const [identifier, docs] of sequences) {
    const existing: unknown = body[identifier];
    body[identifier] = Array.isArray(existing) ? [...(existing as Document[]), ...docs] : docs;
  }
  return { kind: 'msg', header, flags, body, bodyBytes };
}

function readSequence(section: Buffer): [string, Document[]] {
  const nul = section.indexOf(0);
  const identifier = section.toString('utf8', 0, nul);
  const docs: Document[] = [];
  let offset = nul + 1;
  while (offset < section.length) {
    const size = section.readInt32LE(offset);
    docs.push(deserialize(section.subarray(offset, offset + size)));
    offset += size;
  }
  return [identifier, docs];
}

/** OP_QUERY: flags, full collection name (`admin.$cmd`), skip, return count, the query document. */
function decodeOpQuery(header: MessageHeader, message: Buffer): IncomingMessage {
  let offset = HEADER_BYTES + 4;
  const nul = message.indexOf(0, offset);
  const collection = message.toString('utf8', offset, nul);
  offset = nul + 1 + 8;
  const bodyBytes = message.readInt32LE(offset);
  const query = deserialize(message.subarray(offset, offset + bodyBytes));
  return { kind: 'query', header, collection, query, bodyBytes };
}

function withHeader(requestId: number, responseTo: number, opCode: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeInt32LE(HEADER_BYTES + payload.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, payload]);
}

function serializeReply(doc: Document): Buffer {
  return Buffer.from(serialize(doc, { ignoreUndefined: true }));
}

/** An OP_MSG reply: flag bits 0 and one kind-0 section. */
export function encodeOpMsg(requestId: number, responseTo: number, doc: Document): Buffer {
  const prefix = Buffer.alloc(5);
  return withHeader(requestId, responseTo, OpCode.Msg, Buffer.concat([prefix, serializeReply(doc)]));
}

/** An OP_REPLY: flags 0, cursor id 0, starting from 0, one document. */
export function encodeOpReply(requestId: number, responseTo: number, doc: Document): Buffer {
  const prefix = Buffer.alloc(20);
  prefix.writeInt32LE(1, 16);
  return withHeader(requestId, responseTo, OpCode.Reply, Buffer.concat([prefix, serializeReply(doc)]));
}
