import { describe, expect, it } from 'vitest';
import { opMsg } from '../../testing/raw-wire-client.js';
import { MessageFramer } from './message-framer.js';

describe('MessageFramer', () => {
  it('reassembles a message split across many chunks, byte by byte', () => {
    const message = opMsg(1, { ping: 1, $db: 'admin' });
    const framer = new MessageFramer();
    const out: Buffer[] = [];
    for (const byte of message) out.push(...framer.push(Buffer.from([byte])));
    expect(out).toHaveLength(1);
    expect(out[0]?.equals(message)).toBe(true);
  });

  it('cuts several messages out of one chunk and keeps the rest for later', () => {
    const a = opMsg(1, { ping: 1, $db: 'admin' });
    const b = opMsg(2, { hello: 1, $db: 'admin' });
    const framer = new MessageFramer();
    const joined = Buffer.concat([a, b]);
    expect(framer.push(joined.subarray(0, a.length + 3)).map((m) => m.readInt32LE(4))).toEqual([1]);
    expect(framer.push(joined.subarray(a.length + 3)).map((m) => m.readInt32LE(4))).toEqual([2]);
  });

  it('refuses a length that no wire message can have', () => {
    const framer = new MessageFramer();
    const garbage = Buffer.alloc(8);
    garbage.writeInt32LE(2, 0);
    expect(() => framer.push(garbage)).toThrow(/invalid wire message length/);
  });
});
