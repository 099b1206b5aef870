/**
 * A process started while its database cannot be reached waits for it: `connectDbWhenReachable`
 * against a port where nothing listens yet, then a TCP forwarder to the test database opened on
 * that port after two failed tries.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDbWhenReachable, type UnreachableAtStart } from './connect-when-reachable.js';
import { newWorkspace } from './testing/fixtures.js';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Forwards connections on `port` to the test database's first host. */
async function forward(port: number, target: { host: string; port: number }): Promise<void> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  opened.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
}

describe('connectDbWhenReachable', () => {
  it('waits for a database that cannot be reached yet, doubling its waits, and connects once it answers', async () => {
    const uri = new URL(testDatabaseUri());
    const target = { host: uri.hostname, port: Number(uri.port || 27017) };
    const port = await freePort();
    uri.host = `127.0.0.1:${port}`;
    uri.searchParams.set('directConnection', 'true');
    const tries: UnreachableAtStart[] = [];
    const db = await connectDbWhenReachable(uri.toString(), {
      driverOptions: { serverSelectionTimeoutMS: 200 },
      firstWaitMs: 50,
      onUnreachable: (unreachable) => {
        tries.push(unreachable);
        if (tries.length === 2) void forward(port, target);
      },
    });
    opened.push(() => db.close());
    expect(tries.map(({ attempt, retryInMs }) => ({ attempt, retryInMs }))).toEqual([
      { attempt: 1, retryInMs: 50 },
      { attempt: 2, retryInMs: 100 },
    ]);
    // Connected for real: a write and a read go through.
    const workspaceId = await newWorkspace(db);
    expect(await db.workspaces.get(workspaceId)).not.toBeNull();
  });

  it('fails at once on an error that waiting cannot mend', async () => {
    const tries: UnreachableAtStart[] = [];
    await expect(
      connectDbWhenReachable('mongodb://127.0.0.1:1/x?authMechanism=NOT-A-MECHANISM', {
        onUnreachable: (unreachable) => tries.push(unreachable),
      }),
    ).rejects.toThrow();
    expect(tries).toEqual([]);
  });
});
