// De-risks `pnpm start` as a long-running local service: a child process that dies is started
// again by itself (after a pause) instead of taking the whole service down, Ctrl-C still stops
// everything cleanly, the servers listen on loopback only, and webhooks may reach local receivers
// on loopback but no other private address.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from './support/stack.js';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ DEMO_DAY_SECONDS: '3' });
});

afterAll(async () => {
  if (stack) expect(await stack.stop()).toBe(0);
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${stack.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The pids `start.mjs` reported for a child, oldest first. */
function pidsOf(name: string): number[] {
  return [...stack.output().matchAll(new RegExp(`\\[${name}\\] started \\(pid (\\d+)\\)`, 'g'))].map((m) =>
    Number(m[1]),
  );
}

function subscribe(url: string): Promise<Response> {
  return fetch(`${stack.info.apiUrl}/v1/hooks/subscribe`, {
    method: 'POST',
    headers: { 'x-api-key': stack.info.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url, type: 'message_received' }),
  });
}

describe('pnpm start as a local service', () => {
  it('starts a crashed child again by itself, and the service answers again', async () => {
    for (const name of ['api', 'dispatcher']) {
      const [first] = pidsOf(name);
      expect(first, name).toBeGreaterThan(0);
      process.kill(first ?? 0, 'SIGKILL');
      const second = await waitFor(`${name} restarted`, () => Promise.resolve(pidsOf(name)[1]));
      expect(second, name).not.toBe(first);
      expect(stack.output()).toMatch(new RegExp(`\\[${name}\\] exited \\(SIGKILL\\); restarting in`));
    }
    const accounts = await waitFor('the restarted API', async () => {
      const res = await fetch(`${stack.info.apiUrl}/v1/accounts`, {
        headers: { 'x-api-key': stack.info.apiKey },
      });
      return res.ok ? ((await res.json()) as { total: number }) : undefined;
    });
    expect(accounts.total).toBe(2);
  });

  it('accepts webhook URLs on loopback and refuses other private addresses', async () => {
    expect((await subscribe('http://127.0.0.1:9/hook')).status).toBe(201);
    for (const url of ['http://10.0.0.1/hook', 'http://192.168.1.1/hook', 'http://169.254.169.254/']) {
      expect((await subscribe(url)).status, url).toBe(400);
    }
  });

  it('listens on loopback only', async () => {
    expect(new URL(stack.info.apiUrl).hostname).toBe('127.0.0.1');
    const port = new URL(stack.info.apiUrl).port;
    // Any address of this machine other than loopback must not reach the API.
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry?.address);
    for (const address of outside) {
      await expect(fetch(`http://${address}:${port}/healthz`), address).rejects.toThrow();
    }
  });
});
