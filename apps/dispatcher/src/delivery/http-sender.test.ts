/**
 * The sender against a real HTTP server on 127.0.0.1: what goes on the wire, what counts as an
 * answer, and which targets are never contacted.
 */
import { getEventListeners } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import type { Resolver } from './guarded-lookup.js';
import { HttpSender } from './http-sender.js';
import { waitFor } from '../testing/wait-for.js';

let receiver: TestReceiver;
const local = new HttpSender({ targets: 'any', timeoutMs: 1_000 });
const guarded = new HttpSender({ targets: 'public', timeoutMs: 1_000 });

beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterEach(() => {
  receiver.requests.length = 0;
  receiver.respondWith(() => ({ status: 200, body: 'ok' }));
});
afterAll(async () => {
  local.close();
  guarded.close();
  await receiver.close();
});

const request = (url: string): { url: string; headers: Record<string, string>; body: string } => ({
  url,
  headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' },
  body: '{"hello":"world"}',
});

/** A resolver that answers 127.0.0.1 only once `answer` is called. */
function heldResolver(): { resolver: Resolver; answer: () => void } {
  let release = (): void => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const resolver: Resolver = () => answered.then(() => [{ address: '127.0.0.1', family: 4 }]);
  return { resolver, answer: () => release() };
}

/** Lets the held name resolve, then checks that the request given up on never reached the receiver. */
async function expectDroppedUnsent(answer: () => void, sender: HttpSender): Promise<void> {
  answer();
  await new Promise((resolve) => setTimeout(resolve, 200));
  sender.close();
  expect(receiver.requests).toHaveLength(0);
}

describe('HttpSender.post', () => {
  it('posts the body with the given headers and records the answer', async () => {
    receiver.respondWith(() => ({ status: 202, body: 'accepted' }));
    const outcome = await local.post(request(receiver.url));
    expect(outcome).toMatchObject({ kind: 'response', status: 202, responseBody: 'accepted' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const [seen] = receiver.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.body).toBe('{"hello":"world"}');
    expect(seen?.headers['webhook-id']).toBe('evt_1');
    expect(seen?.headers['content-length']).toBe('17');
  });

  it('does not follow a redirect and reports the 3xx', async () => {
    const target = await startTestReceiver();
    receiver.respondWith(() => ({ status: 302, headers: { location: target.url } }));
    const outcome = await local.post(request(receiver.url));
    expect(outcome).toMatchObject({ kind: 'response', status: 302 });
    expect(target.requests).toHaveLength(0);
    await target.close();
  });

  it('keeps only the first KiB of a long answer', async () => {
    receiver.respondWith(() => ({ status: 500, body: 'x'.repeat(100_000) }));
    const outcome = await local.post(request(receiver.url));
    expect(outcome.kind === 'response' && outcome.responseBody).toBe('x'.repeat(1024));
  });

  it('passes Retry-After on', async () => {
    receiver.respondWith(() => ({ status: 429, headers: { 'retry-after': '30' } }));
    const outcome = await local.post(request(receiver.url));
    expect(outcome).toMatchObject({ kind: 'response', status: 429, retryAfter: '30' });
  });

  it('gives up at the deadline when the receiver is slow', async () => {
    const impatient = new HttpSender({ targets: 'any', timeoutMs: 150 });
    receiver.respondWith(() => ({ status: 200, delayMs: 2_000 }));
    const outcome = await impatient.post(request(receiver.url));
    impatient.close();
    expect(outcome).toMatchObject({ kind: 'error', code: 'timeout' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(140);
    expect(outcome.durationMs).toBeLessThan(1_500);
  });

  it('reports a refused connection as a network error', async () => {
    const gone = await startTestReceiver();
    await gone.close();
    const outcome = await local.post(request(gone.url));
    expect(outcome).toMatchObject({ kind: 'error', code: 'network' });
    expect(outcome.kind === 'error' && outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('sends the credentials of the URL as Basic authorization', async () => {
    const outcome = await local.post(request(receiver.url.replace('http://', 'http://hook%20user:p%40ss@')));
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    const expected = `Basic ${Buffer.from('hook user:p@ss').toString('base64')}`;
    expect(receiver.requests[0]?.headers.authorization).toBe(expected);
  });

  it('gives up at the deadline while the connection is still being made', async () => {
    // The name resolves only when told to, so until then the request has no connection.
    const { resolver, answer } = heldResolver();
    const sender = new HttpSender({ targets: 'loopback', resolver, timeoutMs: 150 });
    const outcome = await sender.post(request(`http://stuck.example.test:${receiver.port}/hook`));
    expect(outcome).toMatchObject({ kind: 'error', code: 'timeout' });
    expect(outcome.durationMs).toBeLessThan(1_500);
    // Resolved after the deadline: the request is dropped before anything is written.
    await expectDroppedUnsent(answer, sender);
  });

  it('checks the certificate of an https receiver, refusing one no authority signed', async () => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
    });
    let reached = 0;
    const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
      reached += 1;
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const outcome = await local.post(request(`https://localhost:${port}/hook`));
      // The TLS handshake got as far as the certificate, and the certificate was refused.
      expect(outcome).toMatchObject({ kind: 'error', code: 'network' });
      expect(outcome.kind === 'error' && outcome.error).toMatch(/self-signed certificate/);
      expect(reached).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rejects URLs that are not http or https', async () => {
    const outcome = await local.post(request('ftp://127.0.0.1/x'));
    expect(outcome).toMatchObject({ kind: 'error', code: 'invalid_url' });
  });
});

describe('HttpSender target safety', () => {
  it.each(['127.0.0.1', '[::ffff:127.0.0.1]', '0x7f.1', '2130706433'])(
    'refuses the loopback literal %s without connecting',
    async (host) => {
      const outcome = await guarded.post(request(`http://${host}:${receiver.port}/hook`));
      expect(outcome).toMatchObject({ kind: 'error', code: 'refused_target' });
      expect(receiver.requests).toHaveLength(0);
    },
  );

  it('refuses a host name that resolves to loopback when connecting', async () => {
    const outcome = await guarded.post(request(`http://localhost:${receiver.port}/hook`));
    expect(outcome).toMatchObject({ kind: 'error', code: 'refused_target' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('resolves the name only when connecting and refuses a private answer (no DNS rebinding)', async () => {
    // A made-up name: only the injected resolver knows it, so reaching the policy check proves the
    // connect path resolved through it, and a single call proves there was no earlier resolution.
    let calls = 0;
    const rebinding: Resolver = () => {
      calls += 1;
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    };
    const sender = new HttpSender({ targets: 'public', resolver: rebinding, timeoutMs: 500 });
    const outcome = await sender.post(request(`http://rebind.example.test:${receiver.port}/hook`));
    sender.close();
    expect(outcome).toMatchObject({ kind: 'error', code: 'refused_target' });
    expect(calls).toBe(1);
    expect(receiver.requests).toHaveLength(0);
  });

  it.each([
    '[::7f00:1]',
    '[::127.0.0.1]',
    '[::ffff:0:127.0.0.1]',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::1]',
    '[::ffff:127.0.0.1]',
    '198.18.0.1',
    '240.0.0.1',
  ])('refuses the IP literal %s before connecting', async (host) => {
    const outcome = await guarded.post(request(`http://${host}:${receiver.port}/hook`));
    expect(outcome).toMatchObject({ kind: 'error', code: 'refused_target' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('reaches loopback, and no other private address, when loopback targets are allowed', async () => {
    const loopbackOnly = new HttpSender({ targets: 'loopback', timeoutMs: 1_000 });
    const tenNet: Resolver = () => Promise.resolve([{ address: '10.0.0.1', family: 4 }]);
    const tenNetSender = new HttpSender({ targets: 'loopback', resolver: tenNet, timeoutMs: 500 });
    try {
      expect(await loopbackOnly.post(request(`http://localhost:${receiver.port}/hook`))).toMatchObject({
        kind: 'response',
        status: 200,
      });
      expect(
        await tenNetSender.post(request(`http://intranet.example.test:${receiver.port}/`)),
      ).toMatchObject({
        kind: 'error',
        code: 'refused_target',
      });
      expect(await loopbackOnly.post(request('http://169.254.169.254/latest'))).toMatchObject({
        kind: 'error',
        code: 'refused_target',
      });
    } finally {
      loopbackOnly.close();
      tenNetSender.close();
    }
  });

  it('reaches loopback when private targets are allowed by config', async () => {
    const outcome = await local.post(request(`http://localhost:${receiver.port}/hook`));
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
  });
});

describe('HttpSender abort', () => {
  it('stops waiting when its signal is aborted', async () => {
    // The receiver would answer long after the test's timeout: only the abort can end the wait.
    receiver.respondWith(() => ({ status: 200, delayMs: 600_000 }));
    const controller = new AbortController();
    const pending = local.post({ ...request(receiver.url), signal: controller.signal });
    await waitFor('the request to arrive', () => receiver.requests.length === 1, 10_000);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'error', code: 'aborted' });
  });

  it('sends nothing when its signal was aborted before the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await local.post({ ...request(receiver.url), signal: controller.signal });
    expect(outcome).toMatchObject({ kind: 'error', code: 'aborted' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('stops waiting at once when aborted while the connection is being made, and sends nothing', async () => {
    const { resolver, answer } = heldResolver();
    const sender = new HttpSender({ targets: 'loopback', resolver, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = sender.post({
      ...request(`http://slow.example.test:${receiver.port}/hook`),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const outcome = await pending;
    expect(outcome).toMatchObject({ kind: 'error', code: 'aborted' });
    expect(outcome.durationMs).toBeLessThan(1_000);
    // The name resolves after the abort: the connection is made, the request dropped unsent.
    await expectDroppedUnsent(answer, sender);
  });

  it('leaves no listener on a signal once the answer is in', async () => {
    const controller = new AbortController();
    const outcome = await local.post({ ...request(receiver.url), signal: controller.signal });
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
