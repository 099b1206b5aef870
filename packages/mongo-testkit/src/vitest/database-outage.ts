import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test database that a test can cut and restore, to play a database
 * outage: while cut, every open connection is reset and every new one is closed at once, as when
 * the database host drops off the network; once restored, connections pass again.
 */
export interface DatabaseOutage {
  /** `uri` with its host and port replaced by the proxy's (127.0.0.1, an ephemeral port). */
  readonly uri: string;
  /** Resets every open connection and refuses new ones. */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy to the server of `uri` (a `mongodb://host:port/...` connection string). */
export async function startDatabaseOutageProxy(uri: string): Promise<DatabaseOutage> {
  const target = new URL(uri);
  const targetPort = Number(target.port || 27017);
  const sockets = new Set<Socket>();
  let isCut = false;

  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, target.hostname);
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  const proxied = new URL(uri);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(address.port);

  return {
    uri: proxied.toString(),
    cut() {
      isCut = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
