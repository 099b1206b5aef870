/**
 * Connecting sender accounts through the provider's hosted sign-in, end to end over HTTP with the
 * Unipile simulator: the link, the provider's callback (authenticated by the signed state in its
 * URL), account-status webhooks keeping the account true to the provider, and reconnection.
 */
import type { AccountConnection, AccountReconnection, SenderAccount } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import {
  createManualClock,
  createUnipileNetwork,
  createUnipileSimulator,
  type RunningUnipileSimulator,
} from '@outreach/network';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signConnectState } from '../src/provider/connect-state.js';
import { useWorkspace } from './support/fixtures.js';
import { useTestApp, type TestAppOptions } from './support/test-app.js';

const SECRET = 'whsec-connect-test';
const clock = createManualClock('2099-03-02T10:00:00.000Z');
const sim = createUnipileSimulator({
  clock,
  apiKey: 'sim-key',
  webhookSecretHeader: 'X-Webhook-Secret',
  webhookSecret: SECRET,
  webhookRetryDelayMs: 10,
  // Status reports on time and once: these tests follow one change at a time (late and repeated
  // reports are the simulator's own tests, and the API reads the account's state on each report).
  statusWebhookMaxDelayMs: 0,
  statusWebhookDuplicateProbability: 0,
});
let running: RunningUnipileSimulator;
const options: TestAppOptions = { clock };
beforeAll(async () => {
  running = await sim.listen(0);
  const { client: _client, ...network } = createUnipileNetwork({
    dsn: running.url,
    apiKey: 'sim-key',
    clock,
  });
  options.provider = { webhookSecret: SECRET, network, simulatorUrl: running.url };
});
afterAll(() => running.close());
const app = useTestApp(options);
const ws = useWorkspace(app);
beforeAll(() => {
  sim.webhooks.setUrl(`${app.baseUrl}/provider-webhooks/unipile`);
});

/** Opens the sign-in page as a browser would; the simulator completes it by itself. */
async function signIn(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.arrayBuffer();
  expect(response.status).toBeLessThan(400);
  await sim.flush();
}

async function account(id: string): Promise<SenderAccount> {
  const response = await ws.api.request<SenderAccount>('GET', `/v1/accounts/${id}`);
  return response.body;
}

describe('connecting a new account', () => {
  it('registers it waiting for the sign-in, and connects it when the provider calls back', async () => {
    const started = await ws.api.request<AccountConnection>('POST', '/v1/accounts/connect', {
      json: { name: 'Maya Chen', publicIdentifier: 'maya-chen', timezone: 'Europe/Berlin' },
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      type: 'create',
      account: { name: 'Maya Chen', status: 'disconnected', authenticated: false },
      expiresAt: '2099-03-02T11:00:00.000Z',
    });
    await signIn(started.body.url);
    const connected = await account(started.body.account.id);
    expect(connected).toMatchObject({ status: 'connected', authenticated: true, inmailAllowed: true });
    const stored = await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), connected.id);
    expect(stored?.providerAccountId).toMatch(/.+/);
    // The audit log says who started it (the key) and when the provider completed it.
    const audit = await app.db.auditLog.list(asWorkspaceId(ws.workspaceId), { targetId: connected.id });
    expect(audit.items.map((entry) => entry.action)).toContain('account.connected');
    const { items: started_ } = await app.db.auditLog.list(asWorkspaceId(ws.workspaceId), {
      action: 'account.connect_started',
    });
    expect(started_).toHaveLength(1);
  });
});

describe('an account connected through the provider', () => {
  let id: string;
  let providerAccountId: string;
  beforeAll(async () => {
    const started = await ws.api.request<AccountConnection>('POST', '/v1/accounts/connect', {
      json: { name: 'Sam Ortiz' },
    });
    id = started.body.account.id;
    await signIn(started.body.url);
    const stored = await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), id);
    providerAccountId = stored?.providerAccountId ?? '';
  });

  it('is disconnected, not authenticated, with one network_account_disconnected, when the provider loses its session', async () => {
    sim.state.expireSession(providerAccountId);
    await sim.flush();
    expect(await account(id)).toMatchObject({ status: 'disconnected', authenticated: false });
    // The provider reports again: still one event for this lost session.
    sim.state.expireSession(providerAccountId);
    await sim.flush();
    const events = await app.db.events.listRecentByType(
      asWorkspaceId(ws.workspaceId),
      'network_account_disconnected',
      10,
    );
    expect(events.filter((e) => (e.data as { accountId: string }).accountId === id)).toHaveLength(1);
  });

  it('gets a reconnect page from the reconnect route, and is connected again once signed in', async () => {
    const answer = await ws.api.request<AccountReconnection>('POST', `/v1/accounts/${id}/reconnect`);
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({ status: 'disconnected' });
    expect(answer.body.reconnectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await signIn(answer.body.reconnectUrl ?? '');
    expect(await account(id)).toMatchObject({ status: 'connected', authenticated: true });
  });

  it('answers connect with its accountId with a reconnect link', async () => {
    const answer = await ws.api.request<AccountConnection>('POST', '/v1/accounts/connect', {
      json: { accountId: id },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.type).toBe('reconnect');
  });
});

describe('an account registered directly (local runs on the simulator)', () => {
  it("is disconnected by the simulator's status webhook, and reconnected at the simulator by the reconnect route", async () => {
    const created = await ws.api.request<SenderAccount>('POST', '/v1/accounts', { json: { name: 'Direct' } });
    const id = created.body.id;
    sim.state.account(id);
    sim.state.expireSession(id);
    await sim.flush();
    expect(await account(id)).toMatchObject({ status: 'disconnected', authenticated: false });

    const answer = await ws.api.request<AccountReconnection>('POST', `/v1/accounts/${id}/reconnect`);
    expect(answer.body).toMatchObject({
      reconnectUrl: null,
      account: { status: 'connected', authenticated: true },
    });
    expect(sim.state.account(id).status).toBe('OK');
  });
});

describe('the sign-in callback', () => {
  it('refuses a forged state with 401 and changes nothing', async () => {
    const started = await ws.api.request<AccountConnection>('POST', '/v1/accounts/connect', {
      json: { name: 'Lee Park' },
    });
    const response = await fetch(`${app.baseUrl}/provider-webhooks/unipile/accounts?state=abc.def`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 'CREATION_SUCCESS',
        account_id: 'uni_x',
        name: started.body.account.id,
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalid_connect_state' });
    expect(await account(started.body.account.id)).toMatchObject({ status: 'disconnected' });
  });

  it('refuses a valid state used for another account with 400', async () => {
    const [a, b] = await Promise.all(
      ['Kim Lee', 'Ana Ruiz'].map((name) =>
        ws.api.request<AccountConnection>('POST', '/v1/accounts/connect', { json: { name } }),
      ),
    );
    const state = signConnectState(
      {
        workspaceId: ws.workspaceId,
        accountId: a?.body.account.id ?? '',
        expiresAt: Date.parse('2099-03-03'),
      },
      SECRET,
    );
    const response = await fetch(`${app.baseUrl}/provider-webhooks/unipile/accounts?state=${state}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'CREATION_SUCCESS', account_id: 'uni_y', name: b?.body.account.id }),
    });
    expect(response.status).toBe(400);
    expect(await account(b?.body.account.id ?? '')).toMatchObject({ status: 'disconnected' });
    expect(await app.db.senderAccounts.findByProviderAccountIdAcrossWorkspaces('uni_y')).toBeNull();
  });

  it('answers 400 to an unknown body', async () => {
    const response = await ws.api.request('POST', '/v1/accounts/connect', {
      json: { name: 'X', accountId: 'acc_000000000000000000000000' },
    });
    expect(response.status).toBe(400);
  });
});
