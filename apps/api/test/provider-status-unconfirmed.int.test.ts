/**
 * Account-status reports when the provider cannot be read at that moment: a report of a lost
 * session still takes the account out of work, but a "connected" that cannot be confirmed never
 * brings it back (it may be an old report arriving after the loss it seems to follow).
 */
import { asWorkspaceId } from '@outreach/db';
import { TransientNetworkError, type ProviderNetworkPort } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import { createAccount, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const SECRET = 'whsec-test-unconfirmed';
let providerReads = 0;
const unreachable = {
  getAccountStatus: () => {
    providerReads += 1;
    return Promise.reject(new TransientNetworkError('the provider did not answer'));
  },
} as unknown as ProviderNetworkPort;
const app = useTestApp({ provider: { webhookSecret: SECRET, network: unreachable } });
const ws = useWorkspace(app);

const report = (account: string, message: string) =>
  fetch(`${app.baseUrl}/provider-webhooks/unipile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
    body: JSON.stringify({ AccountStatus: { account_id: account, account_type: 'LINKEDIN', message } }),
  });

describe('a status report the provider cannot confirm', () => {
  it('disconnects on lost credentials, and a later unconfirmed OK leaves the account disconnected', async () => {
    const account = await createAccount(ws.api);
    expect((await report(account.id, 'CREDENTIALS')).status).toBe(200);
    expect((await report(account.id, 'OK')).status).toBe(200);
    expect(providerReads).toBe(2);
    expect(await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), account.id)).toMatchObject({
      status: 'disconnected',
      authenticated: false,
    });
  });
});
