import type { Socket } from 'node:net';
import type { Document } from 'bson';
import { runCommand } from '../commands/command-dispatcher.js';
import type { CursorStore } from '../commands/cursor-store.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { MessageFramer } from './message-framer.js';
import { decodeMessage, encodeOpMsg, encodeOpReply, MsgFlag, type IncomingMessage } from './wire-codec.js';

/** MongoDB accepts a command body up to 16 MiB plus 16 KiB of command overhead. */
const MAX_COMMAND_BYTES = 16 * 1024 * 1024 + 16 * 1024;

export interface ServerState {
  storage: StorageEngine;
  cursors: CursorStore;
  nextRequestId(): number;
  /**
   * Calls `send` once the changes applied so far are durable (at once in memory), or `fail` when
   * they could not be made durable.
   */
  afterCommit(send: () => void, fail: () => void): void;
}

/**
 * Serves one client connection. Messages are handled synchronously as they complete, in arrival
 * order, so each command finishes before the next starts, on this connection and across all of
 * them (Node runs one callback at a time).
 */
export function serveConnection(socket: Socket, connectionId: number, state: ServerState): void {
  socket.setNoDelay(true);
  const framer = new MessageFramer();
  socket.on('data', (chunk: Buffer) => {
    try {
      const replies: Buffer[] = [];
      for (const raw of framer.push(chunk)) {
        const reply = answer(decodeMessage(raw), connectionId, state);
        if (reply !== undefined) replies.push(reply);
      }
      // Nothing is acknowledged before the writes it reports (or was computed after) are durable;
      // a write that cannot be made durable is never acknowledged: the connection closes.
      state.afterCommit(
        () => {
          for (const reply of replies) socket.write(reply);
        },
        () => socket.destroy(),
      );
    } catch {
      // A malformed frame leaves the stream unusable; MongoDB closes the connection too.
      socket.destroy();
    }
  });
  // Clients resetting connections at shutdown is normal; there is nobody to report it to.
  socket.on('error', () => socket.destroy());
}

function answer(message: IncomingMessage, connectionId: number, state: ServerState): Buffer | undefined {
  if (message.kind === 'unsupported') throw new Error(`unsupported opCode ${message.header.opCode}`);
  const { database, body } =
    message.kind === 'msg'
      ? { database: String(message.body['$db'] ?? 'admin'), body: message.body }
      : legacyCommand(message.collection, message.query);
  const reply =
    message.bodyBytes > MAX_COMMAND_BYTES
      ? tooLarge(message.bodyBytes, body)
      : runCommand({ database, body, storage: state.storage, cursors: state.cursors, connectionId });
  if (message.kind === 'query') return encodeOpReply(state.nextRequestId(), message.header.requestId, reply);
  // moreToCome: the client (a w:0 write, endSessions) does not read a reply.
  if (message.flags & MsgFlag.MoreToCome) return undefined;
  return encodeOpMsg(state.nextRequestId(), message.header.requestId, reply);
}

/** OP_QUERY on `<db>.$cmd`, the body possibly wrapped as `{ $query: {...} }`. */
function legacyCommand(collection: string, query: Document): { database: string; body: Document } {
  const database = collection.slice(0, collection.indexOf('.'));
  const inner: unknown = query['$query'];
  const body = inner !== null && typeof inner === 'object' ? (inner as Document) : query;
  return { database, body };
}

function tooLarge(bytes: number, body: Document): Document {
  const first = Object.keys(body)[0] ?? '';
  return new MongoCommandError(
    ErrorCode.BSONObjectTooLarge,
    `BSONObj size: ${bytes} (0x${bytes.toString(16).toUpperCase()}) is invalid. Size must be between 0 and ${MAX_COMMAND_BYTES}(16MB) First element: ${first}: ${JSON.stringify(body[first])}`,
  ).toReply();
}
