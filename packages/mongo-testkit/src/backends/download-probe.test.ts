import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { canConnect, downloadEndpoint } from './download-probe.js';

describe('downloadEndpoint', () => {
  it('targets MongoDB downloads, a configured mirror, or the proxy in front of them', () => {
    expect(downloadEndpoint({})).toEqual({ host: 'fastdl.mongodb.org', port: 443 });
    expect(downloadEndpoint({ MONGOMS_DOWNLOAD_MIRROR: 'http://mirror.internal:8080' })).toEqual({
      host: 'mirror.internal',
      port: 8080,
    });
    expect(
      downloadEndpoint({ HTTPS_PROXY: 'http://proxy.internal:3128', MONGOMS_DOWNLOAD_MIRROR: 'https://m' }),
    ).toEqual({
      host: 'proxy.internal',
      port: 3128,
    });
  });
});

describe('canConnect', () => {
  it('is true for a listening port and false for a closed one', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    expect(await canConnect({ host: '127.0.0.1', port }, 1000)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await canConnect({ host: '127.0.0.1', port }, 1000)).toBe(false);
  });
});
