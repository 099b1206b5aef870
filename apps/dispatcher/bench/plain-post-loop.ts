import http from 'node:http';

/** Posts `body` to `url` `total` times from `concurrency` parallel loops over keep-alive sockets. */
export async function plainPostLoop(
  url: string,
  headers: Record<string, string>,
  body: string,
  total: number,
  concurrency: number,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  let issued = 0;
  const loop = async (): Promise<void> => {
    while (issued < total) {
      issued += 1;
      await postOnce(url, headers, body, agent);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  agent.destroy();
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
