/**
 * A sender account's session: lost when the network reports it (the runner records the loss),
 * after which the account is not authenticated and cannot be assigned to a campaign; restored
 * through `POST /v1/accounts/{id}/reconnect`, which re-establishes the session at the Unipile
 * simulator (local runs: `NETWORK_PROVIDER=sandbox`, `UNIPILE_DSN`) and makes the leads that waited
 * for the account due again.
 */
import type { AccountReconnection, Campaign, SenderAccount } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { createManualClock, createUnipileSimulator, type RunningUnipileSimulator } from '@outreach/network';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin-main.js';
import { addLeads, createAccount, createCampaign, unknownId, useWorkspace } from './support/fixtures.js';
import { useTestApp, type TestAppOptions } from './support/test-app.js';

const simulator = createUnipileSimulator({ clock: createManualClock('2099-03-02T10:00:00.000Z') });
let running: RunningUnipileSimulator;
// Accounts registered directly (no provider account id): the simulator is where their session lives.
const provider = { webhookSecret: 'account-sessions-secret', network: null, simulatorUrl: '' };
const options: TestAppOptions = { provider };
beforeAll(async () => {
  running = await simulator.listen(0);
  provider.simulatorUrl = running.url;
});
afterAll(() => running.close());
const app = useTestApp(options);
const ws = useWorkspace(app);

/** What the runner records when the network reports the account's session lost. */
async function loseSession(accountId: string): Promise<void> {
  simulator.state.expireSession(accountId, 'cookie expired');
  await app.db.senderAccounts.setStatus(
    asWorkspaceId(ws.workspaceId),
    accountId,
    'disconnected',
    'cookie expired',
  );
}

describe('a sender account whose session was lost', () => {
  it('is not authenticated until the session is restored', async () => {
    const account = await createAccount(ws.api);
    await loseSession(account.id);

    const res = await ws.api.get<SenderAccount>(`/v1/accounts/${account.id}`);
    expect(res.body).toMatchObject({ status: 'disconnected', authenticated: false });
  });

  it('cannot be assigned to a campaign: 422 naming it, and nothing changes', async () => {
    const usable = await createAccount(ws.api);
    const lost = await createAccount(ws.api);
    await loseSession(lost.id);
    const campaign = await createCampaign(ws.api);

    const res = await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, {
      accountIds: [usable.id, lost.id],
    });

    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ statusCode: 422, code: 'account_not_usable' });
    expect((res.body as { message: string }).message).toContain(lost.id);
    expect((res.body as { message: string }).message).not.toContain(usable.id);
    const after = await ws.api.get<Campaign>(`/v1/campaigns/${campaign.id}`);
    expect(after.body.networkAccounts).toEqual([]);
  });
});

describe('POST /v1/accounts/{accountId}/reconnect', () => {
  it('restores the session at the simulator, authenticates the account and wakes its parked leads', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(ws.api, campaign.id, ['parked-lead']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const [lead] = (await app.db.leads.list(workspaceId, campaign.id, {})).items;
    const recheckAt = new Date(Date.now() + 60 * 60_000);
    // Parked by the runner: waiting for its sender, looked at again in an hour.
    await app.db.leads.setStatus(workspaceId, lead?.id ?? '', {
      status: 'waiting',
      internalStatus: 'sender_unavailable',
      nextActionAt: recheckAt,
    });
    await loseSession(account.id);
    expect(simulator.state.accounts.get(account.id)?.status).toBe('CREDENTIALS');

    const res = await ws.api.post<AccountReconnection>(`/v1/accounts/${account.id}/reconnect`);

    expect(res.status).toBe(200);
    expect(res.body.reconnectUrl).toBeNull();
    expect(res.body.account).toMatchObject({ id: account.id, status: 'connected', authenticated: true });
    expect(simulator.state.accounts.get(account.id)?.status).toBe('OK');
    const woken = await app.db.leads.get(workspaceId, lead?.id ?? '');
    expect(woken?.nextActionAt?.getTime()).toBeLessThan(recheckAt.getTime());
    const assigned = await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    expect(assigned.status).toBe(200);
  });

  it('changes nothing for a connected account, keeps refusing to register it again, and answers 404 for an unknown one', async () => {
    const account = await createAccount(ws.api);
    const again = await ws.api.post<AccountReconnection>(`/v1/accounts/${account.id}/reconnect`);
    expect(again.status).toBe(200);
    expect(again.body.account).toEqual(account);

    const registered = await ws.api.post('/v1/accounts', {
      name: account.name,
      publicIdentifier: account.publicIdentifier,
    });
    expect(registered.status).toBe(400);
    const unknown = await ws.api.post(`/v1/accounts/${unknownId('acc')}/reconnect`);
    expect(unknown.status).toBe(404);
  });
});

describe('outreach-admin account reconnect', () => {
  it('reconnects a sender account whose session was lost, and says which', async () => {
    const account = await createAccount(ws.api);
    await loseSession(account.id);
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      env: { MONGODB_URI: testDatabaseUri(), NETWORK_PROVIDER: 'sandbox', UNIPILE_DSN: running.url },
      out: (text: string) => out.push(text),
      err: (text: string) => err.push(text),
    };

    const code = await runAdmin(
      ['account', 'reconnect', '--workspace', ws.workspaceId, '--account', account.id, '--json'],
      io,
    );

    expect([code, err]).toEqual([0, []]);
    expect(JSON.parse(out.join(''))).toMatchObject({
      id: account.id,
      status: 'connected',
      authenticated: true,
    });
    expect(simulator.state.accounts.get(account.id)?.status).toBe('OK');
    const unknown = await runAdmin(
      ['account', 'reconnect', '--workspace', ws.workspaceId, '--account', unknownId('acc')],
      io,
    );
    expect(unknown).toBe(1);
  });
});
