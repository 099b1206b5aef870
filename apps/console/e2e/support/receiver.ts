import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on loopback that fails its first delivery (HTTP 500) and accepts the others,
 * so the delivery log has a failed attempt to show and a retry to make.
 */
export async function startFlakyReceiver(): Promise<{
  url: string;
  received: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      if (count === 1) res.writeHead(500).end('receiver warming up');
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
