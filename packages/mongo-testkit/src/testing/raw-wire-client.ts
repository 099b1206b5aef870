import { connect, type Socket } from 'node:net';
import { deserialize, serialize, type Document } from 'bson';
import { MessageFramer } from '../emulator/wire/message-framer.js';
import { OpCode, readHeader } from '../emulator/wire/wire-codec.js';

/** Test helpers speaking the wire protocol byte by byte, below any driver. */

function header(length: number, requestId: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(16);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(requestId, 4);
  buffer.writeInt32LE(0, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

export interface OpMsgParts {
  flags?: number;
  /** Kind-1 sections: identifier and documents. */
  sequences?: [string, Document[]][];
  /** Appends four checksum bytes (their value is not checked by the emulator). */
  checksum?: boolean;
}

export function opMsg(requestId: number, body: Document, parts: OpMsgParts = {}): Buffer {
  const flags = Buffer.alloc(4);
  flags.writeUInt32LE(parts.flags ?? 0, 0);
  const sections: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
  for (const [identifier, docs] of parts.sequences ?? []) {
    const payload = Buffer.concat([
      Buffer.from(`${identifier}\0`),
      ...docs.map((doc) => Buffer.from(serialize(doc))),
    ]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4, 0);
    sections.push(Buffer.from([1]), size, payload);
  }
  if (parts.checksum === true) sections.push(Buffer.alloc(4));
  const payload = Buffer.concat([flags, ...sections]);
  return Buffer.concat([header(16 + payload.length, requestId, OpCode.Msg), payload]);
}

export function opQuery(requestId: number, collection: string, query: Document): Buffer {
  const skipAndReturn = Buffer.alloc(8);
  skipAndReturn.writeInt32LE(-1, 4);
  const payload = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from(`${collection}\0`),
    skipAndReturn,
    Buffer.from(serialize(query)),
  ]);
  return Buffer.concat([header(16 + payload.length, requestId, OpCode.Query), payload]);
}

/** A reply's opCode, the request it answers, and its document. */
export function readReply(message: Buffer): { opCode: number; responseTo: number; doc: Document } {
  const { opCode, responseTo } = readHeader(message);
  const offset = opCode === OpCode.Reply ? 16 + 20 : 16 + 5;
  return { opCode, responseTo, doc: deserialize(message.subarray(offset), { promoteLongs: false }) };
}

/** A bare TCP client that sends raw messages and waits for whole replies. */
export class RawWireClient {
  private readonly framer = new MessageFramer();
  private readonly received: Buffer[] = [];
  private waiting: (() => void) | undefined;
  /** Settles when the server (or `close()`) ends the connection. */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => {
      this.received.push(...this.framer.push(chunk));
      this.waiting?.();
    });
  }

  static connect(port: number): Promise<RawWireClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(new RawWireClient(socket)));
      socket.once('error', reject);
    });
  }

  send(message: Buffer): void {
    this.socket.write(message);
  }

  /** The next reply, or an error when none arrives within `timeoutMs`. */
  async nextReply(timeoutMs = 2000): Promise<{ opCode: number; responseTo: number; doc: Document }> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no reply arrived');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, left);
      });
    }
    return readReply(this.received.shift() as Buffer);
  }

  close(): void {
    this.socket.destroy();
  }
}
