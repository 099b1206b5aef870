/**
 * What a user sees and sets of an account's invitations as a whole, over HTTP: the pile of
 * pending invitations under its ceiling, the withdrawals, the acceptance guard as the source of the
 * daily invitation limit, lifting a stopped guard, and the workspace's invitation settings (bounds
 * refused with nothing changed).
 */
import type { AccountUsage, InvitationSettings } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { createAccount, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const now = new Date('2026-03-10T10:00:00Z');
const app = useTestApp({ clock: () => now, dbClock: () => now });
const ws = useWorkspace(app);

function guard(state: 'halved' | 'stopped', since = now) {
  return { state, rate: 0.05, sent: 40, accepted: 2, since, resumedAt: null, checkedAt: now };
}

describe('the invitations of GET /v1/accounts/{accountId}/limits', () => {
  it('start empty: nothing counted yet, the defaults of the workspace', async () => {
    const account = await createAccount(ws.api);
    const res = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(res.status).toBe(200);
    expect(res.body.invitations).toEqual({
      pending: {
        count: 0,
        own: 0,
        provider: null,
        providerCheckedAt: null,
        ceiling: 500,
        ceilingSource: 'default',
        room: 500,
        atCeiling: false,
        checkedAt: null,
      },
      withdrawals: { afterDays: 21, afterDaysSource: 'default', allowance: 10, usedToday: 0 },
      acceptanceGuard: {
        state: 'not_enough_data',
        rate: null,
        sent: 0,
        accepted: 0,
        since: null,
        resumedAt: null,
        checkedAt: null,
        minSample: 30,
        halveBelow: 0.2,
        stopBelow: 0.1,
      },
    });
  });

  it('say when the account is at its ceiling, and name the guard as the source of the halved limit', async () => {
    const account = await createAccount(ws.api);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.accountInvitations.savePile(workspaceId, account.id, {
      pending: 498,
      ownPending: 490,
      providerPending: 498,
      providerCheckedAt: now,
      ceiling: 500,
      room: 0,
      stamp: now.toISOString(),
      checkedAt: now,
    });
    await app.db.accountInvitations.moveGuard(workspaceId, account.id, null, guard('halved'));

    const res = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(res.body.invitations.pending).toMatchObject({
      count: 498,
      own: 490,
      provider: 498,
      room: 0,
      atCeiling: true,
    });
    expect(res.body.invitations.acceptanceGuard).toMatchObject({ state: 'halved', rate: 0.05, sent: 40 });
    // A free account's 10 a day in the warm-up's first week, halved.
    const daily = res.body.limits.invitationsPerDay;
    expect(daily.source).toBe('acceptance_guard');
    expect(daily.limit).toBeLessThan(daily.tierDefault);
  });

  it("lift a stopped guard at a user's word: the limit is the account's own again", async () => {
    const account = await createAccount(ws.api);
    await app.db.accountInvitations.moveGuard(
      asWorkspaceId(ws.workspaceId),
      account.id,
      null,
      guard('stopped'),
    );
    const stopped = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(stopped.body.limits.invitationsPerDay).toMatchObject({ limit: 0, source: 'acceptance_guard' });
    expect(stopped.body.remainingToday.invitations).toBe(0);

    const lifted = await ws.api.post<AccountUsage>(`/v1/accounts/${account.id}/acceptance-guard/resume`, {});
    expect(lifted.status).toBe(200);
    expect(lifted.body.invitations.acceptanceGuard).toMatchObject({
      state: 'not_enough_data',
      resumedAt: now.toISOString(),
    });
    expect(lifted.body.limits.invitationsPerDay.source).not.toBe('acceptance_guard');
    expect(lifted.body.limits.invitationsPerDay.limit).toBeGreaterThan(0);

    const elsewhere = await ws.api.post(
      `/v1/accounts/acc_000000000000000000000000/acceptance-guard/resume`,
      {},
    );
    expect(elsewhere.status).toBe(404);
  });
});

describe('GET and PATCH /v1/workspace/invitation-settings', () => {
  it('show each setting with its default and bounds, change some, and return one to its default with null', async () => {
    const initial = await ws.api.get<InvitationSettings>('/v1/workspace/invitation-settings');
    expect(initial.status).toBe(200);
    expect(initial.body.withdrawAfterDays).toEqual({
      value: 21,
      default: 21,
      userSetting: null,
      min: 7,
      max: 60,
    });
    expect(initial.body.outstandingCeiling).toEqual({
      value: 500,
      default: 500,
      userSetting: null,
      min: 0,
      max: 500,
    });

    const changed = await ws.api.patch<InvitationSettings>('/v1/workspace/invitation-settings', {
      withdrawAfterDays: 14,
      outstandingCeiling: 300,
      halveBelow: 0.25,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.withdrawAfterDays).toMatchObject({ value: 14, userSetting: 14 });
    expect(changed.body.outstandingCeiling).toMatchObject({ value: 300, userSetting: 300 });
    expect(changed.body.halveBelow).toMatchObject({ value: 0.25, userSetting: 0.25 });

    const account = await createAccount(ws.api);
    const limits = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(limits.body.invitations.pending).toMatchObject({
      ceiling: 300,
      ceilingSource: 'workspace_setting',
    });
    expect(limits.body.invitations.withdrawals).toMatchObject({
      afterDays: 14,
      afterDaysSource: 'workspace_setting',
    });
    expect(limits.body.invitations.acceptanceGuard.halveBelow).toBe(0.25);

    const reset = await ws.api.patch<InvitationSettings>('/v1/workspace/invitation-settings', {
      outstandingCeiling: null,
    });
    expect(reset.body.outstandingCeiling).toMatchObject({ value: 500, userSetting: null });
    expect(reset.body.withdrawAfterDays.value).toBe(14);
  });

  it.each([
    [{ withdrawAfterDays: 6 }],
    [{ withdrawAfterDays: 61 }],
    [{ outstandingCeiling: 501 }],
    [{ minSample: 3 }],
    [{ stopBelow: 0.5, halveBelow: 0.3 }],
    [{}],
    [{ unknown: 1 }],
  ])('refuse %j with a 400 and change nothing', async (body) => {
    const before = await ws.api.get<InvitationSettings>('/v1/workspace/invitation-settings');
    const res = await ws.api.patch<{ statusCode: number; message: string }>(
      '/v1/workspace/invitation-settings',
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    const after = await ws.api.get<InvitationSettings>('/v1/workspace/invitation-settings');
    expect(after.body).toEqual(before.body);
  });
});
