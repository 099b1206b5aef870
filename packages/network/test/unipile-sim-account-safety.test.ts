/**
 * What happens to a LinkedIn account that goes too far or simply ages, on the strict simulator:
 * too many profile retrievals restrict it (403 from then on, then a CREDENTIALS status webhook),
 * sessions expire after about a month (401, restorable by the hosted reconnection), and the
 * control routes create accounts of a tier, read their standing and list every call received.
 */
import { describe, expect, it } from 'vitest';
import { createUnipileSimControlClient } from '../src/unipile-sim/sim-control.client.js';
import { parseUnipileWebhook } from '../src/unipile/unipile-webhooks.js';
import { DAY, HOUR, MINUTE, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';
import { problemOf, wire } from './unipile-sim-wire.js';

const h = useUnipileSim({ ...PREDICTABLE_SIM, seed: 'safety' });
const api = wire(h);
const statuses = (accountId: string) =>
  h.receiver.received.flatMap((r) => {
    const status = (r.body.AccountStatus as { account_id?: string; message?: string } | undefined) ?? {};
    return status.account_id === accountId ? [status.message] : [];
  });

/** `count` profile retrievals, one a minute, through every route that retrieves a profile. */
async function readProfiles(accountId: string, count: number) {
  const extras = ['', '&notify=true', '&linkedin_sections=*', '&linkedin_sections=experience,about'];
  for (let i = 0; i < count; i++) {
    h.clock.advance(MINUTE);
    expect((await api.profile(accountId, `read-${i}`, extras[i % extras.length])).status).toBe(200);
  }
}

describe('profile retrievals past the day allowance', () => {
  it('the 101st retrieval of a day restricts a premium account: 403 account_restricted on every call, then a CREDENTIALS webhook', async () => {
    const account = simAccount(60);
    await readProfiles(account, 100);
    expect(await api.profile(account, 'read-100')).toEqual({
      status: 403,
      body: problemOf(403, 'account_restricted'),
    });
    expect((await api.relations(account)).body).toEqual(problemOf(403, 'account_restricted'));
    h.clock.advance(DAY);
    expect((await api.invite(account, 'after-restriction')).status).toBe(403);
    await h.sim.flush();
    expect(statuses(account)).toEqual(['CREDENTIALS']);
    expect((await api.account(account)).body).toMatchObject({ sources: [{ status: 'CREDENTIALS' }] });
    expect(await createUnipileSimControlClient(h.running.url).restriction(account)).toMatchObject({
      restricted: true,
      reason: 'account_restricted',
      status: 'CREDENTIALS',
    });
  });

  it('a Sales Navigator account is restricted past 80 retrievals a day through the classic route', async () => {
    const account = simAccount(61);
    h.sim.state.createAccount(account, 'sales_navigator');
    await readProfiles(account, 80);
    expect((await api.profile(account, 'read-80')).body).toEqual(problemOf(403, 'account_restricted'));
  });

  it('100 retrievals a day, every day, never restrict the account', async () => {
    const account = simAccount(62);
    for (let day = 0; day < 3; day++) {
      await readProfiles(account, 100);
      h.clock.set(new Date(Date.parse('2025-03-04T09:00:00.000Z') + day * DAY));
    }
    expect(h.sim.state.account(account).restriction).toBeNull();
  });
});

describe('restrictions LinkedIn imposes', () => {
  it('each restriction is answered with its documented status and type until the account reconnects', async () => {
    const control = createUnipileSimControlClient(h.running.url);
    const cases = [
      ['account_restricted', 403],
      ['action_required', 403],
      ['unknown_authentication_context', 403],
      ['disconnected_feature', 403],
      ['multiple_sessions', 401],
    ] as const;
    for (const [n, [reason, status]] of cases.entries()) {
      const account = simAccount(70 + n);
      await control.restrict(account, reason);
      expect((await api.relations(account)).body).toEqual(problemOf(status, reason));
      await control.reconnect(account);
      expect((await api.relations(account)).status).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('a session ends after about 30 days: a CREDENTIALS webhook, then 401; the hosted reconnection restores it', async () => {
    const account = simAccount(63);
    h.sim.state.createAccount(account);
    h.clock.advance(27 * DAY);
    expect((await api.relations(account)).status).toBe(200);
    h.clock.advance(6 * DAY);
    expect((await api.relations(account)).body).toEqual(problemOf(401, 'disconnected_account'));
    await h.sim.flush();
    expect(parseUnipileWebhook(h.receiver.received.at(-1)?.body)).toMatchObject({
      type: 'account_status',
      accountId: account,
      status: 'disconnected',
    });
    const link = await h.network.createHostedAuthLink({
      type: 'reconnect',
      accountId: account,
      name: 'owner',
      notifyUrl: h.receiver.url,
      expiresAt: new Date(h.clock().getTime() + HOUR),
    });
    expect((await fetch(link.url)).status).toBe(200);
    expect((await api.relations(account)).status).toBe(200);
    h.clock.advance(27 * DAY);
    expect((await api.relations(account)).status).toBe(200);
  });
});

describe('control routes', () => {
  it('create an account of a tier, report it as Unipile does, and list every call received with its kind and status', async () => {
    const control = createUnipileSimControlClient(h.running.url);
    const { id } = await control.createAccount({ tier: 'recruiter', name: 'Recruiter seat' });
    const account = await api.account(id);
    expect(account.body).toMatchObject({
      connection_params: { im: { premiumFeatures: ['recruiter'] } },
      sources: [{ status: 'OK' }],
    });
    await api.profile(id, 'call-one');
    await api.invite(id, 'missing-call');
    await api.relations(id);
    const calls = await control.calls({ accountId: id });
    expect(calls.map((c) => [c.route, c.kind, c.status])).toEqual([
      ['GET /accounts/:account_id', 'account_read', 200],
      ['GET /users/:identifier', 'profile_read', 200],
      ['POST /users/invite', 'write', 404],
      ['GET /users/relations', 'list_read', 200],
    ]);
    expect(h.sim.calls({ accountId: id, kind: 'profile_read' })).toHaveLength(1);
    expect(calls[0]?.at).toBe(h.clock().toISOString());
    expect(await control.restriction(id)).toMatchObject({
      tier: 'recruiter',
      restricted: false,
      today: { invitations: 0, profileReads: 1 },
    });
  });
});
