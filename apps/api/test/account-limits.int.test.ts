/**
 * What a user sees of a sender account's safety, over HTTP: its tier and each limit with where it
 * comes from and what is used and left in its own period, the warm-up, the call budgets, a limit
 * refused above the tier's ceiling, a restricted account, and why a waiting lead waits. The
 * product clock is fixed (and moved by hand) so that warm-up weeks and periods are exact.
 */
import type { AccountUsage, CampaignLeadPage, SenderAccount, SenderAccountPage } from '@outreach/contract';
import { asWorkspaceId, usagePeriodKeys, type UsageKind } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaignWithSteps,
  createWorkspace,
  useWorkspace,
} from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const DAY = 86_400_000;
// A Tuesday morning, product time.
let now = new Date('2026-03-10T10:00:00Z');
const app = useTestApp({ clock: () => now, dbClock: () => now });
const ws = useWorkspace(app);
const expiresAt = new Date('2100-01-01T00:00:00Z');

async function consume(accountId: string, period: string, kind: UsageKind, times: number) {
  for (let n = 0; n < times; n += 1) {
    await app.db.accountUsage.tryConsume(asWorkspaceId(ws.workspaceId), {
      accountId,
      period,
      kind,
      cap: 1000,
      expiresAt,
    });
  }
}

describe('GET /v1/accounts/{accountId}/limits', () => {
  it('shows a new free account warming up, each limit with its source and what is used and left in its period', async () => {
    now = new Date('2026-03-10T10:00:00Z');
    const account = await createAccount(ws.api, { timezone: 'Europe/Berlin' });
    const keys = usagePeriodKeys(now, 'Europe/Berlin');
    await consume(account.id, keys.day, 'invitations', 1);
    // LinkedIn's week and the free tier's month of notes are rolling windows: the view counts the
    // invitations of the last 7 days from the action log (one of them 8 days ago falls out) and the
    // notes of the last 31 days from the day counters (one of them 40 days ago falls out).
    for (const daysAgo of [0, 2, 6, 8]) {
      await app.db.actions.record(asWorkspaceId(ws.workspaceId), {
        campaignId: 'cmp_limits',
        leadId: `led_${daysAgo}`,
        accountId: account.id,
        type: 'invitation_sent',
        idempotencyKey: `invite-${account.id}-${daysAgo}`,
        occurredAt: new Date(now.getTime() - daysAgo * DAY),
      });
    }
    const dayKey = (daysAgo: number) =>
      usagePeriodKeys(new Date(now.getTime() - daysAgo * DAY), 'Europe/Berlin').day;
    await consume(account.id, dayKey(1), 'notedInvitations', 1);
    await consume(account.id, dayKey(20), 'notedInvitations', 1);
    await consume(account.id, dayKey(40), 'notedInvitations', 1);
    await consume(account.id, keys.day, 'callsListRead', 5);
    await consume(account.id, keys.day, 'callsWrite', 4);

    const res = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountId: account.id,
      tier: 'free',
      tierCheckedAt: null,
      warmUp: { week: 1, share: 0.3, endsAt: new Date(now.getTime() + 21 * DAY).toISOString() },
      cooldown: null,
      restriction: null,
      inmailBalance: null,
    });
    // Free: 5 invitations a day and 15 a week by default, 30% of them in the first week.
    expect(res.body.limits.invitationsPerDay).toEqual({
      limit: 2,
      source: 'warm_up',
      tierDefault: 5,
      ceiling: 30,
      userSetting: null,
      period: 'day',
      used: 1,
      left: 1,
    });
    expect(res.body.limits.invitationsPerWeek).toMatchObject({ limit: 5, period: 'week', used: 3, left: 2 });
    expect(res.body.limits.notedInvitationsPerMonth).toMatchObject({ limit: 2, used: 2, left: 0 });
    expect(res.body.limits.inmailsPerMonth).toMatchObject({ limit: 0, period: 'month', left: 0 });
    // List reads are no action on LinkedIn: they do not warm up.
    expect(res.body.limits.listReadsPerDay).toMatchObject({
      limit: 60,
      source: 'tier_default',
      used: 5,
      left: 55,
    });
    expect(res.body.calls).toEqual({
      // The writes of the day's actions, and the free tier's 10 withdrawals of stale invitations on top.
      write: { budget: 2 + 9 + 0 + 10, used: 4, left: 17 },
      profileRead: { budget: 24, used: 0, left: 24 },
      listRead: { budget: 60, used: 5, left: 55 },
      // A free account reads 1,000 search results a day for lead imports; none read yet.
      searchResults: { budget: 1000, used: 0, left: 1000 },
    });

    const account2 = await ws.api.get<SenderAccount>(`/v1/accounts/${account.id}`);
    expect(account2.body).toMatchObject({
      tier: 'free',
      warmingUp: true,
      status: 'connected',
      restriction: null,
    });
    expect(account2.body.limits).toMatchObject({
      invitationsPerDay: 2,
      invitationsPerWeek: 5,
      listReadsPerDay: 60,
    });

    // Three weeks on, the warm-up is over and the tier's defaults apply, counted afresh.
    now = new Date(now.getTime() + 22 * DAY);
    const later = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(later.body.warmUp).toBeNull();
    expect(later.body.limits.invitationsPerDay).toMatchObject({ limit: 5, source: 'tier_default', used: 0 });
    expect((await ws.api.get<SenderAccount>(`/v1/accounts/${account.id}`)).body.warmingUp).toBe(false);
  });

  it('follows the tier read from the provider, with the InMail credits it has left this month', async () => {
    now = new Date('2026-03-10T10:00:00Z');
    const account = await createAccount(ws.api);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.senderAccounts.setTier(workspaceId, account.id, {
      tier: 'sales_navigator',
      premiumFeatures: ['sales_navigator'],
      checkedAt: now,
      inmailAllowed: true,
    });
    await app.db.senderAccounts.setInmailBalance(workspaceId, account.id, {
      classic: null,
      sales_navigator: 4,
      recruiter: null,
      checkedAt: now,
    });
    await app.db.senderAccounts.setCooldown(workspaceId, account.id, {
      until: new Date(now.getTime() + 3_600_000),
      reason: 'provider_limit',
    });
    const res = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(res.body).toMatchObject({
      tier: 'sales_navigator',
      tierCheckedAt: now.toISOString(),
      inmailBalance: { classic: null, salesNavigator: 4, recruiter: null, checkedAt: now.toISOString() },
      cooldown: { until: new Date(now.getTime() + 3_600_000).toISOString(), reason: 'provider_limit' },
    });
    // 50 a month by default, 30% of it in the first week (15), yet only 4 credits are left.
    expect(res.body.limits.inmailsPerMonth).toMatchObject({ limit: 15, tierDefault: 50, left: 4 });
  });
});

describe('PATCH /v1/accounts/{accountId}/limits', () => {
  it("refuses a limit above the tier's ceiling with 400 naming the ceiling and the tier, and changes nothing", async () => {
    now = new Date('2026-03-10T10:00:00Z');
    const account = await createAccount(ws.api);
    const path = `/v1/accounts/${account.id}/limits`;
    const refused = await ws.api.patch(path, { invitationsPerDay: 31, messagesPerDay: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      code: 'invalid_input',
      message: expect.stringMatching(/invitationsPerDay may be at most 30 for a free account/),
      details: { field: 'limits.invitationsPerDay', max: 30, tier: 'free' },
    });
    const unchanged = await ws.api.get<AccountUsage>(path);
    expect(unchanged.body.limits.invitationsPerDay.userSetting).toBeNull();
    expect(unchanged.body.limits.messagesPerDay.userSetting).toBeNull();

    // At the ceiling it is taken; the warm-up still holds the account to a share of it.
    const set = await ws.api.patch<AccountUsage>(path, { invitationsPerDay: 30 });
    expect(set.status).toBe(200);
    expect(set.body.limits.invitationsPerDay).toMatchObject({ limit: 9, source: 'warm_up', userSetting: 30 });
    // A premium account may go higher; null goes back to the tier's default.
    await app.db.senderAccounts.setTier(asWorkspaceId(ws.workspaceId), account.id, {
      tier: 'premium',
      checkedAt: now,
      inmailAllowed: true,
    });
    expect((await ws.api.patch(path, { invitationsPerDay: 31 })).status).toBe(200);
    const cleared = await ws.api.patch<AccountUsage>(path, { invitationsPerDay: null, messagesPerDay: 0 });
    expect(cleared.body.limits.invitationsPerDay).toMatchObject({ userSetting: null, tierDefault: 25 });
    expect(cleared.body.limits.messagesPerDay).toMatchObject({ limit: 0, source: 'user_setting' });
  });
});

describe('a restricted account', () => {
  it('shows restricted with the reason in the account and the list, until a reconnection clears it', async () => {
    now = new Date('2026-03-10T10:00:00Z');
    const account = await createAccount(ws.api);
    const restriction = { reason: 'account_restricted', detail: 'Restricted by LinkedIn', since: now };
    await app.db.senderAccounts.markRestricted(asWorkspaceId(ws.workspaceId), account.id, restriction);

    const shown = await ws.api.get<SenderAccount>(`/v1/accounts/${account.id}`);
    expect(shown.body).toMatchObject({
      status: 'restricted',
      authenticated: false,
      restriction: {
        reason: 'account_restricted',
        detail: 'Restricted by LinkedIn',
        since: now.toISOString(),
      },
    });
    const listed = await ws.api.get<SenderAccountPage>('/v1/accounts?limit=100');
    expect(listed.body.items.find((item) => item.id === account.id)?.status).toBe('restricted');
    const limits = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(limits.body.restriction).toMatchObject({ reason: 'account_restricted' });

    now = new Date(now.getTime() + DAY);
    const back = await ws.api.post<{ account: SenderAccount }>(`/v1/accounts/${account.id}/reconnect`, {});
    expect(back.status).toBe(200);
    expect(back.body.account).toMatchObject({ status: 'connected', restriction: null, warmingUp: true });
  });
});

describe('why a waiting lead waits', () => {
  it('says capacity until a time, a restricted sender with its reason, and acceptance', async () => {
    now = new Date('2026-03-10T10:00:00Z');
    const own = await createWorkspace(app);
    const account = await createAccount(own.api);
    const { campaign } = await createCampaignWithSteps(own.api, ['invitation', 'message']);
    await addLeads(own.api, campaign.id, ['lead-capacity', 'lead-pending', 'lead-restricted']);
    const workspaceId = asWorkspaceId(own.workspaceId);
    const page = await own.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`);
    const byName = new Map(page.body.leads.map((lead) => [lead.publicIdentifier, lead]));
    const lead = (name: string) => {
      const found = byName.get(name);
      if (!found) throw new Error(`no lead ${name}`);
      return found;
    };
    expect(lead('lead-capacity').accountId).toBe(account.id);
    const tomorrow = new Date('2026-03-11T08:00:00Z');
    await app.db.leads.setStatus(workspaceId, lead('lead-capacity').id, {
      status: 'waiting',
      internalStatus: 'awaiting_capacity',
      nextActionAt: tomorrow,
    });
    await app.db.leads.setStatus(workspaceId, lead('lead-pending').id, {
      status: 'active',
      internalStatus: 'invitation_pending',
      nextActionAt: tomorrow,
    });
    await app.db.leads.setStatus(workspaceId, lead('lead-restricted').id, {
      status: 'waiting',
      internalStatus: 'sender_restricted',
      nextActionAt: tomorrow,
    });

    const before = await own.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`);
    const waiting = (res: typeof before, name: string) =>
      res.body.leads.find((item) => item.publicIdentifier === name)?.waitingFor;
    expect(waiting(before, 'lead-capacity')).toEqual({
      reason: 'capacity',
      until: tomorrow.toISOString(),
      detail: null,
    });

    await app.db.senderAccounts.markRestricted(workspaceId, account.id, {
      reason: 'account_restricted',
      detail: 'Restricted by LinkedIn',
      since: now,
    });
    const after = await own.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`);
    expect(waiting(after, 'lead-restricted')).toEqual({
      reason: 'sender_restricted',
      until: null,
      detail: 'account_restricted: Restricted by LinkedIn',
    });
    expect(waiting(after, 'lead-capacity')?.reason).toBe('sender_restricted');
    expect(waiting(after, 'lead-pending')).toEqual({
      reason: 'invitation_acceptance',
      until: tomorrow.toISOString(),
      detail: null,
    });
  });
});
