// De-risks the proxy `pnpm start --apis N` puts in front of the API instances: requests must reach
// every instance in turn, with their headers (cookies both ways) intact; a large upload must be
// streamed, not buffered (the upstream reads it while the client still sends); a stopped instance
// must be skipped without failing requests; and `--apis`/`--runners`/`--dispatchers` must parse.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { processCounts } from '../../scripts/process-counts.mjs';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../scripts/round-robin-proxy.mjs';

const servers: Server[] = [];
let proxy: RoundRobinProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An upstream that answers its name, the cookie it got, and how many body bytes it read. */
async function upstream(name: string, onRequest?: (req: IncomingMessage) => void): Promise<number> {
  const server = createServer((req, res) => {
    onRequest?.(req);
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      res.setHeader('set-cookie', [`seen=${name}; Path=/`, 'second=yes; Path=/']);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, cookie: req.headers.cookie ?? null, bytes }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function get(
  port: number,
): Promise<{ status: number; body: Record<string, unknown>; cookies: string[] }> {
  const res = await fetch(`http://127.0.0.1:${port}/any?x=1`, { headers: { cookie: 'session=abc' } });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    cookies: res.headers.getSetCookie(),
  };
}

describe('the round-robin proxy', () => {
  it('sends requests to each upstream in turn, cookies passing both ways', async () => {
    const ports = [await upstream('one'), await upstream('two')];
    proxy = await startRoundRobinProxy({ upstreams: ports.map((port) => ({ host: '127.0.0.1', port })) });
    const answers = [
      await get(proxy.port),
      await get(proxy.port),
      await get(proxy.port),
      await get(proxy.port),
    ];
    expect(answers.map((a) => a.body['name'])).toEqual(['one', 'two', 'one', 'two']);
    for (const answer of answers) {
      expect(answer.body['cookie']).toBe('session=abc');
      expect(answer.cookies).toHaveLength(2);
    }
    expect([...proxy.served.values()]).toEqual([2, 2]);
  });

  it('streams an upload: the upstream reads it before the client has sent it all', async () => {
    let firstChunkAt = 0;
    const port = await upstream('one', (req) => req.once('data', () => (firstChunkAt = Date.now())));
    proxy = await startRoundRobinProxy({ upstreams: [{ host: '127.0.0.1', port }] });
    const chunk = Buffer.alloc(64 * 1024, 97);
    const chunks = 160; // 10 MiB
    let lastSentAt = 0;
    const answer = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: proxy?.port,
          method: 'POST',
          path: '/upload',
          headers: { 'content-type': 'text/csv' },
        },
        (res) => {
          let text = '';
          res.on('data', (part: Buffer) => (text += part.toString()));
          res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const sendMore = () => {
        while (sent < chunks) {
          sent += 1;
          if (!req.write(chunk)) {
            req.once('drain', () => setTimeout(sendMore, 2));
            return;
          }
        }
        lastSentAt = Date.now();
        req.end();
      };
      sendMore();
    });
    expect(answer['bytes']).toBe(chunk.length * chunks);
    expect(firstChunkAt).toBeGreaterThan(0);
    expect(firstChunkAt).toBeLessThan(lastSentAt);
  });

  it('skips an upstream that refuses connections, and every request is answered', async () => {
    const live = await upstream('live');
    const deadServer = createServer();
    await new Promise<void>((resolve) => deadServer.listen(0, '127.0.0.1', resolve));
    const dead = (deadServer.address() as AddressInfo).port;
    await new Promise((resolve) => deadServer.close(resolve));
    proxy = await startRoundRobinProxy({
      upstreams: [
        { host: '127.0.0.1', port: dead },
        { host: '127.0.0.1', port: live },
      ],
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(proxy?.port ?? 0)));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(6).fill(200));
    expect(answers.every((a) => a.body['name'] === 'live')).toBe(true);
  });

  it('answers 502 in the API error shape when no upstream accepts the connection', async () => {
    const deadServer = createServer();
    await new Promise<void>((resolve) => deadServer.listen(0, '127.0.0.1', resolve));
    const dead = (deadServer.address() as AddressInfo).port;
    await new Promise((resolve) => deadServer.close(resolve));
    proxy = await startRoundRobinProxy({ upstreams: [{ host: '127.0.0.1', port: dead }] });
    const res = await fetch(`http://127.0.0.1:${proxy.port}/v1/campaigns`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ statusCode: 502, code: 'bad_gateway' });
  });
});

describe('process counts', () => {
  const variables = {
    apis: 'API_PROCESSES',
    runners: 'RUNNER_PROCESSES',
    dispatchers: 'DISPATCHER_PROCESSES',
  };

  it('reads flags first, then the environment, and defaults to one of each', () => {
    expect(
      processCounts(
        ['--runners', '3', '--apis=2'],
        { DISPATCHER_PROCESSES: '2', RUNNER_PROCESSES: '5' },
        variables,
      ),
    ).toEqual({
      apis: 2,
      runners: 3,
      dispatchers: 2,
    });
    expect(processCounts([], {}, variables)).toEqual({ apis: 1, runners: 1, dispatchers: 1 });
  });

  it('refuses a count that is not a whole number from 1 to 16, naming where it came from', () => {
    expect(() => processCounts(['--runners', '0'], {}, variables)).toThrow(/--runners/);
    expect(() => processCounts([], { API_PROCESSES: 'two' }, variables)).toThrow(/API_PROCESSES/);
    expect(() => processCounts(['--dispatchers', '17'], {}, variables)).toThrow(/1 to 16/);
  });
});
