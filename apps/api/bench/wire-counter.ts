import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a MongoDB server that counts the messages clients send (each wire
 * message starts with its length), so a benchmark can report database round trips per request
 * whatever driver or library sent them.
 */
export interface WireCounter {
  /** `host:port` to put in the connection string instead of the server's. */
  address: string;
  /** Messages sent to the server since the last `reset`. */
  count(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startWireCounter(target: { host: string; port: number }): Promise<WireCounter> {
  let messages = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = pending.readInt32LE(0);
        if (pending.length < length) break;
        messages += 1;
        pending = pending.subarray(length);
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    address: `127.0.0.1:${port}`,
    count: () => messages,
    reset: () => {
      messages = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
