import http from 'node:http';
import { Agent, request } from 'undici';

/** Posts `body` to `url` `total` times from `concurrency` parallel loops over keep-alive sockets. */
export async function plainPostLoop(
  url: string,
  headers: Record<string, string>,
  body: string,
  total: number,
  concurrency: number,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  await inParallel(total, concurrency, () => postOnce(url, headers, body, agent));
  agent.destroy();
}

/** Runs `send` `total` times, from `concurrency` loops each waiting for its last send. */
async function inParallel(total: number, concurrency: number, send: () => Promise<void>): Promise<void> {
  let issued = 0;
  const loop = async (): Promise<void> => {
    while (issued < total) {
      issued += 1;
      await send();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
}

function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  agent: http.Agent,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
      );
    });
    req.end(body);
  });
}

/**
 * The same loop over undici, the dispatcher's own HTTP client (its `request` API, each answer read
 * to the end): what sending costs with that client and no delivery machinery. Informative; the
 * benchmark's target is set against the loop above.
 */
export const undiciPostLoop: typeof plainPostLoop = async (url, headers, body, total, concurrency) => {
  const agent = new Agent();
  await inParallel(total, concurrency, async () => {
    const answer = await request(url, { method: 'POST', headers, body, dispatcher: agent });
    await answer.body.dump();
    if (answer.statusCode !== 200) throw new Error(`status ${answer.statusCode}`);
  });
  await agent.close();
};
