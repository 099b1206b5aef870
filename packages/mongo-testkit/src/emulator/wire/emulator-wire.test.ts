/**
 * The emulator at the byte level, below any driver: the legacy handshake, OP_MSG sections, the
 * checksum flag, moreToCome, int64 cursor ids and error replies.
 */
import { Long } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opMsg, opQuery, RawWireClient } from '../../testing/raw-wire-client.js';
import { startEmulator, type RunningEmulator } from '../start-emulator.js';
import { MsgFlag, OpCode } from './wire-codec.js';

let emulator: RunningEmulator;
let client: RawWireClient;

beforeAll(async () => {
  emulator = await startEmulator();
  client = await RawWireClient.connect(emulator.port);
});

afterAll(async () => {
  client.close();
  await emulator.stop();
});

describe('emulator wire protocol', () => {
  it('answers the legacy OP_QUERY ismaster handshake with an OP_REPLY offering helloOk', async () => {
    client.send(
      opQuery(7, 'admin.$cmd', {
        ismaster: 1,
        helloOk: true,
        client: { driver: { name: 'raw' } },
        compression: [],
      }),
    );
    const reply = await client.nextReply();
    expect(reply.opCode).toBe(OpCode.Reply);
    expect(reply.responseTo).toBe(7);
    expect(reply.doc).toMatchObject({ ismaster: true, helloOk: true, ok: 1 });
    expect(Number(reply.doc['maxWireVersion'])).toBeGreaterThanOrEqual(9);
    expect(reply.doc).not.toHaveProperty('topologyVersion');
  });

  it('answers OP_MSG hello with an OP_MSG for the same request', async () => {
    client.send(opMsg(8, { hello: 1, $db: 'admin' }));
    const reply = await client.nextReply();
    expect([reply.opCode, reply.responseTo]).toEqual([OpCode.Msg, 8]);
    expect(reply.doc).toMatchObject({ isWritablePrimary: true, ok: 1 });
  });

  it('merges kind-1 document sequences into the command and accepts a trailing checksum', async () => {
    const docs = [{ _id: 1 }, { _id: 2 }, { _id: 3 }];
    client.send(
      opMsg(
        9,
        { insert: 'wire', $db: 'wiretest' },
        { sequences: [['documents', docs]], flags: MsgFlag.ChecksumPresent, checksum: true },
      ),
    );
    expect((await client.nextReply()).doc).toMatchObject({ n: 3, ok: 1 });
  });

  it('sends no reply when moreToCome is set', async () => {
    client.send(
      opMsg(10, { insert: 'wire', documents: [{ _id: 4 }], $db: 'wiretest' }, { flags: MsgFlag.MoreToCome }),
    );
    client.send(opMsg(11, { count: 'wire', $db: 'wiretest' }));
    const reply = await client.nextReply();
    expect(reply.responseTo).toBe(11);
    expect(reply.doc['n']).toBe(4);
  });

  it('returns cursor ids as int64 and pages with getMore', async () => {
    client.send(opMsg(12, { find: 'wire', batchSize: 2, $db: 'wiretest' }));
    const first = (await client.nextReply()).doc['cursor'] as { id: unknown; firstBatch: unknown[] };
    expect(first.id).toBeInstanceOf(Long);
    expect(first.firstBatch).toHaveLength(2);
    client.send(opMsg(13, { getMore: first.id, collection: 'wire', $db: 'wiretest' }));
    const next = (await client.nextReply()).doc['cursor'] as { id: Long; nextBatch: unknown[] };
    expect(next.nextBatch).toHaveLength(2);
    expect(next.id.isZero()).toBe(true);
  });

  it('answers an unknown command with ok 0, code 59 and codeName', async () => {
    client.send(opMsg(14, { frobnicate: 1, $db: 'admin' }));
    expect((await client.nextReply()).doc).toEqual({
      ok: 0,
      errmsg: "no such command: 'frobnicate'",
      code: 59,
      codeName: 'CommandNotFound',
    });
  });

  it('refuses transactions, as a standalone server does', async () => {
    client.send(
      opMsg(15, {
        find: 'wire',
        txnNumber: Long.fromNumber(1),
        startTransaction: true,
        autocommit: false,
        $db: 'wiretest',
      }),
    );
    expect((await client.nextReply()).doc).toMatchObject({ ok: 0, code: 20 });
  });

  it('closes the connection on a malformed frame and keeps serving others', async () => {
    const broken = await RawWireClient.connect(emulator.port);
    const garbage = Buffer.alloc(16);
    garbage.writeInt32LE(3, 0);
    broken.send(garbage);
    await broken.closed;
    client.send(opMsg(16, { ping: 1, $db: 'admin' }));
    expect((await client.nextReply()).doc).toEqual({ ok: 1 });
  });
});
