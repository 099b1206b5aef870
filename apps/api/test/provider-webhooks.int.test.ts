/**
 * The provider webhook route over real HTTP: it refuses calls without the shared secret, stores
 * each event before answering, once however often the provider delivers it, and keeps sender
 * accounts' status true to the provider's account-status reports.
 */
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { createAccount, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const SECRET = 'whsec-test-7c1f';
const app = useTestApp({ provider: { webhookSecret: SECRET, network: null } });
const ws = useWorkspace(app);

function post(body: unknown, headers: Record<string, string> = { 'x-webhook-secret': SECRET }) {
  return fetch(`${app.baseUrl}/provider-webhooks/unipile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const relation = (account: string, member: string, identifier: string) => ({
  event: 'new_relation',
  account_id: account,
  account_type: 'LINKEDIN',
  user_full_name: 'Ada Lovelace',
  user_provider_id: member,
  user_public_identifier: identifier,
  user_profile_url: `https://www.linkedin.com/in/${identifier}`,
});

const accountStatus = (account: string, message: string) => ({
  AccountStatus: { account_id: account, account_type: 'LINKEDIN', message },
});

describe('authentication', () => {
  it('answers 401 and stores nothing without the secret header or with a wrong one', async () => {
    const body = relation('uni_auth', 'ACoAAauth', 'ada-auth');
    const missing = await post(body, {});
    const wrong = await post(body, { 'x-webhook-secret': `${SECRET}x` });
    for (const response of [missing, wrong]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ statusCode: 401, code: 'invalid_webhook_secret' });
    }
    expect(await app.db.providerEvents.countPending('uni_auth')).toBe(0);
  });
});

describe('ingestion', () => {
  it('stores a new relation once however often it is redelivered', async () => {
    const body = relation('uni_rel', 'ACoAArel', 'ada-rel');
    const answers = [];
    for (let n = 0; n < 4; n += 1) answers.push(await post(body));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<Record<string, unknown>>));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(bodies.map((b) => b['duplicate'])).toEqual([false, true, true, true]);
    expect(new Set(bodies.map((b) => b['eventId']))).toEqual(new Set(['unipile:relation:uni_rel:ACoAArel']));
    expect(await app.db.providerEvents.countPending('uni_rel')).toBe(1);
    expect(await app.db.providerEvents.get('unipile:relation:uni_rel:ACoAArel')).toMatchObject({
      type: 'invitation_accepted',
      data: { providerId: 'ACoAArel', publicIdentifier: 'ada-rel' },
    });
  });

  it('stores concurrent deliveries of one message once', async () => {
    const body = {
      event: 'message_received',
      account_id: 'uni_msg',
      account_type: 'LINKEDIN',
      account_info: { user_id: 'ACoAAowner' },
      chat_id: 'chat_1',
      timestamp: '2026-03-02T10:00:00.000Z',
      message_id: 'msg_1',
      message: 'Happy to talk',
      sender: { attendee_provider_id: 'ACoAAlead' },
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await app.db.providerEvents.countPending('uni_msg')).toBe(1);
    expect(await app.db.providerEvents.get('unipile:message:msg_1')).toMatchObject({
      type: 'message_received',
      data: { senderProviderId: 'ACoAAlead', content: 'Happy to talk', chatId: 'chat_1' },
    });
  });

  it('answers 400 to a body that is no Unipile webhook, and stores nothing', async () => {
    const response = await post({ account_id: 'uni_bad', hello: 'world' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(await app.db.providerEvents.countPending('uni_bad')).toBe(0);
  });

  it('accepts and ignores events the service does not use', async () => {
    const response = await post(accountStatus('uni_ignored', 'SOME_NEW_STATUS'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stored: false, eventId: null, duplicate: false });
  });
});

describe('account status reports', () => {
  async function linkedAccount(providerAccountId: string) {
    const account = await createAccount(ws.api);
    const state = await app.db.providerEvents.record({
      eventId: null,
      provider: 'unipile',
      type: 'account_linked',
      providerAccountId,
      data: {},
      receivedAt: new Date(),
    });
    await app.db.senderAccounts.applyProviderState(asWorkspaceId(ws.workspaceId), account.id, {
      stateId: state.event.id,
      status: 'connected',
      providerAccountId,
    });
    await app.db.providerEvents.markConsumed(state.event.id, new Date());
    return account;
  }

  it('disconnects the account on lost credentials, firing network_account_disconnected once', async () => {
    const account = await linkedAccount('uni_lost');
    expect((await post(accountStatus('uni_lost', 'CREDENTIALS'))).status).toBe(200);
    expect((await post(accountStatus('uni_lost', 'CREDENTIALS'))).status).toBe(200);
    const after = await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), account.id);
    expect(after).toMatchObject({ status: 'disconnected', authenticated: false });
    const events = await app.db.events.listRecentByType(
      asWorkspaceId(ws.workspaceId),
      'network_account_disconnected',
      10,
    );
    expect(events.filter((e) => (e.data as { accountId: string }).accountId === account.id)).toHaveLength(1);
    expect(await app.db.providerEvents.countPending('uni_lost')).toBe(0);
  });

  it('connects the account again when the provider reports it OK, and a later loss fires again', async () => {
    const account = await linkedAccount('uni_back');
    await post(accountStatus('uni_back', 'CREDENTIALS'));
    await post(accountStatus('uni_back', 'OK'));
    const back = await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), account.id);
    expect(back).toMatchObject({ status: 'connected', authenticated: true });
    await post(accountStatus('uni_back', 'CREDENTIALS'));
    const events = await app.db.events.listRecentByType(
      asWorkspaceId(ws.workspaceId),
      'network_account_disconnected',
      10,
    );
    expect(events.filter((e) => (e.data as { accountId: string }).accountId === account.id)).toHaveLength(2);
  });

  it('applies reports about an account registered directly, which the provider knows by its own id', async () => {
    const account = await createAccount(ws.api);
    expect((await post(accountStatus(account.id, 'CREDENTIALS'))).status).toBe(200);
    expect(await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), account.id)).toMatchObject({
      status: 'disconnected',
      authenticated: false,
    });
  });

  it('keeps a report about an account no sender holds yet in the inbox', async () => {
    expect((await post(accountStatus('uni_unknown', 'OK'))).status).toBe(200);
    expect(await app.db.providerEvents.countPending('uni_unknown')).toBe(1);
  });
});

describe('connecting without a provider that offers hosted sign-in', () => {
  it('answers 409 provider_not_configured and registers nothing', async () => {
    const before = await app.db.senderAccounts.list(asWorkspaceId(ws.workspaceId));
    const response = await ws.api.request('POST', '/v1/accounts/connect', { json: { name: 'Nobody' } });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'provider_not_configured' });
    expect(await app.db.senderAccounts.list(asWorkspaceId(ws.workspaceId))).toHaveLength(before.length);
  });
});
