import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, stampClientIp } from './client-ip.js';

let server: Server | undefined;

afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
});

/** A real Express app over HTTP that answers with what a later handler sees. */
async function startApp(trustProxy: boolean | string): Promise<string> {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.use(stampClientIp());
  app.get('/ip', (req, res) => {
    res.json({
      header: req.headers[CLIENT_IP_HEADER],
      raw: req.rawHeaders.filter((_, i) => req.rawHeaders[i - 1]?.toLowerCase() === CLIENT_IP_HEADER),
    });
  });
  const running = app.listen(0, '127.0.0.1');
  server = running;
  await new Promise<void>((resolve, reject) => {
    running.once('listening', resolve);
    running.once('error', reject);
  });
  return `http://127.0.0.1:${(running.address() as AddressInfo).port}/ip`;
}

describe('stampClientIp', () => {
  it('ignores a spoofed client-ip header and x-forwarded-for when no proxy is trusted', async () => {
    const url = await startApp(false);
    const res = await fetch(url, {
      headers: { [CLIENT_IP_HEADER]: '6.6.6.6', 'x-forwarded-for': '6.6.6.6' },
    });
    expect(await res.json()).toEqual({ header: '127.0.0.1', raw: ['127.0.0.1'] });
  });

  it('sets the header on a request that sent none', async () => {
    const url = await startApp(false);
    expect(await (await fetch(url)).json()).toEqual({ header: '127.0.0.1', raw: ['127.0.0.1'] });
  });

  it('takes the forwarded address when the peer is a trusted proxy, as Express computes it', async () => {
    const url = await startApp('loopback');
    const res = await fetch(url, {
      headers: { [CLIENT_IP_HEADER]: '6.6.6.6', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(await res.json()).toEqual({ header: '203.0.113.7', raw: ['203.0.113.7'] });
  });
});
