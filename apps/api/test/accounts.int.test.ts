/**
 * Sender accounts: registering, listing, reading, and the limits with what was used today and this
 * week (counted in the account's time zone) and what is left. The tier, the warm-up and the
 * ceilings are in account-limits.int.test.ts.
 */
import type { AccountUsage, SenderAccount, SenderAccountPage } from '@outreach/contract';
import { asWorkspaceId, usagePeriodKeys } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { createAccount, createWorkspace, unknownId, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

describe('POST /v1/accounts', () => {
  it("registers a connected free account, warming up, with the free tier's limits, and answers 201", async () => {
    const res = await ws.api.post<SenderAccount>('/v1/accounts', {
      name: 'Maya Chen',
      publicIdentifier: 'Maya-Chen',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Maya Chen',
      publicIdentifier: 'maya-chen',
      status: 'connected',
      authenticated: true,
      active: true,
      timezone: 'UTC',
      inmailAllowed: false,
      tier: 'free',
      warmingUp: true,
      restriction: null,
      cooldownUntil: null,
      // The free tier's defaults (5 invitations a day, 15 a week, 30 messages), 30% in week one.
      limits: { invitationsPerDay: 2, invitationsPerWeek: 5, messagesPerDay: 9, inmailsPerDay: 0 },
    });
  });

  it('keeps the given time zone, InMail permission and limits, and makes an identifier from the name', async () => {
    const res = await ws.api.post<SenderAccount>('/v1/accounts', {
      name: 'Jörg Müller',
      timezone: 'Europe/Berlin',
      inmailAllowed: true,
      limits: { messagesPerDay: 4 },
    });
    expect(res.body).toMatchObject({ timezone: 'Europe/Berlin', inmailAllowed: true });
    // 4 is lower than the warm-up's 30% of the free tier's 30 messages (9): the lowest applies.
    expect(res.body.limits).toMatchObject({ messagesPerDay: 4, invitationsPerDay: 2 });
    expect(res.body.publicIdentifier).toMatch(/^jorg-muller-[0-9a-f]{6}$/);
  });

  it('refuses a missing name, an unknown time zone, limits out of range and a duplicate identifier', async () => {
    expect((await ws.api.post('/v1/accounts', {})).status).toBe(400);
    expect((await ws.api.post('/v1/accounts', { name: 'x', timezone: 'Nowhere/Land' })).status).toBe(400);
    expect((await ws.api.post('/v1/accounts', { name: 'x', limits: { invitationsPerDay: -1 } })).status).toBe(
      400,
    );
    expect((await ws.api.post('/v1/accounts', { name: 'x', limits: { messagesPerDay: 1.5 } })).status).toBe(
      400,
    );
    // A new account is free until its tier is read: the free ceiling (30 invitations a day) holds.
    expect((await ws.api.post('/v1/accounts', { name: 'x', limits: { invitationsPerDay: 31 } })).status).toBe(
      400,
    );
    await ws.api.post('/v1/accounts', { name: 'Twin', publicIdentifier: 'twin' });
    const duplicate = await ws.api.post('/v1/accounts', { name: 'Twin again', publicIdentifier: 'twin' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({ message: expect.stringContaining('twin') });
  });
});

describe('GET /v1/accounts and /v1/accounts/{accountId}', () => {
  it('lists the workspace accounts with the pagination envelope', async () => {
    const own = await createWorkspace(app);
    const first = await createAccount(own.api);
    const second = await createAccount(own.api);
    const res = await own.api.get<SenderAccountPage>('/v1/accounts');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, offset: 0, limit: 50 });
    expect(res.body.items.map((a) => a.id)).toEqual([first.id, second.id]);
    const page = await own.api.get<SenderAccountPage>('/v1/accounts?offset=1&limit=1');
    expect(page.body.items.map((a) => a.id)).toEqual([second.id]);
    expect((await own.api.get('/v1/accounts?limit=500')).status).toBe(400);
  });

  it('reads one account and answers 404 for an unknown one', async () => {
    const account = await createAccount(ws.api);
    const res = await ws.api.get<SenderAccount>(`/v1/accounts/${account.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(account);
    const missing = await ws.api.get(`/v1/accounts/${unknownId('acc')}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'account_not_found' });
  });
});

describe('/v1/accounts/{accountId}/limits', () => {
  it('keeps the summary of what was used today and this week, and what is left', async () => {
    const account = await createAccount(ws.api, { timezone: 'Europe/Berlin' });
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const keys = usagePeriodKeys(new Date(), 'Europe/Berlin');
    const expiresAt = new Date(Date.now() + 8 * 86_400_000);
    const consume = (period: string, kind: 'invitations' | 'messages', times: number) =>
      Promise.all(
        Array.from({ length: times }, () =>
          app.db.accountUsage.tryConsume(workspaceId, {
            accountId: account.id,
            period,
            kind,
            cap: 1000,
            expiresAt,
          }),
        ),
      );
    await consume(keys.day, 'invitations', 5);
    await consume(keys.day, 'messages', 2);
    await consume(keys.week, 'invitations', 97);
    const workspace = asWorkspaceId(ws.workspaceId);
    // A warmed-up premium account: 25 invitations a day, 100 a week.
    await app.db.senderAccounts.setTier(workspace, account.id, {
      tier: 'premium',
      checkedAt: new Date(),
      inmailAllowed: true,
    });
    await app.db.senderAccounts.touchLastAction(
      workspace,
      account.id,
      new Date(),
      new Date(Date.now() - 30 * 86_400_000),
    );

    const res = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountId: account.id,
      usedToday: { invitations: 5, messages: 2, inmails: 0, profileVisits: 0 },
      usedThisWeek: { invitations: 97 },
      // The weekly limit (100) leaves 3 invitations although the daily one would allow 20.
      remainingToday: { invitations: 3, messages: 48, inmails: 5, profileVisits: 40 },
      cooldownUntil: null,
    });
  });

  it('changes some limits, keeps the others, and answers with the same shape', async () => {
    const account = await createAccount(ws.api);
    const res = await ws.api.patch<AccountUsage>(`/v1/accounts/${account.id}/limits`, {
      invitationsPerDay: 1,
      profileVisitsPerDay: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.limits.invitationsPerDay).toMatchObject({
      limit: 1,
      userSetting: 1,
      source: 'user_setting',
    });
    expect(res.body.limits.profileVisitsPerDay).toMatchObject({ limit: 0, userSetting: 0 });
    expect(res.body.limits.messagesPerDay).toMatchObject({ userSetting: null });
    expect(res.body.remainingToday).toMatchObject({ invitations: 1, profileVisits: 0 });
    expect(
      (await ws.api.get<SenderAccount>(`/v1/accounts/${account.id}`)).body.limits.invitationsPerDay,
    ).toBe(1);
  });

  it('refuses an empty change, unknown caps and bad values with 400, an unknown account with 404', async () => {
    const account = await createAccount(ws.api);
    const path = `/v1/accounts/${account.id}/limits`;
    expect((await ws.api.patch(path, {})).status).toBe(400);
    expect((await ws.api.patch(path, { emailsPerDay: 3 })).status).toBe(400);
    expect((await ws.api.patch(path, { messagesPerDay: '10' })).status).toBe(400);
    expect((await ws.api.patch(path, { messagesPerDay: 100_000 })).status).toBe(400);
    expect(
      (await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`)).body.limits.messagesPerDay
        .userSetting,
    ).toBeNull();
    expect((await ws.api.get(`/v1/accounts/${unknownId('acc')}/limits`)).status).toBe(404);
    expect(
      (await ws.api.patch(`/v1/accounts/${unknownId('acc')}/limits`, { messagesPerDay: 1 })).status,
    ).toBe(404);
  });

  it('shows a cooldown set after the network answered with a limit, with its reason', async () => {
    const account = await createAccount(ws.api);
    const until = new Date(Date.now() + 3_600_000);
    await app.db.senderAccounts.setCooldown(asWorkspaceId(ws.workspaceId), account.id, {
      until,
      reason: 'rate_limited',
    });
    const res = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(res.body.cooldownUntil).toBe(until.toISOString());
    expect(res.body.cooldown).toEqual({ until: until.toISOString(), reason: 'rate_limited' });
  });
});
