/**
 * LinkedIn's rules about sent invitations on the strict simulator, on the wire: a withdrawal and
 * its answers, no new invitation to the same person for three weeks after one, and the account
 * restricted for too many outstanding invitations or for invitations mostly ignored
 * (https://www.linkedin.com/help/linkedin/answer/a551012), each threshold a setting.
 */
import { describe, expect, it } from 'vitest';
import { parseSimCliConfig } from '../src/unipile-sim/sim-cli-config.js';
import { createUnipileSimControlClient } from '../src/unipile-sim/sim-control.client.js';
import { parseUnipileSimSettings } from '../src/unipile-sim/sim-settings.js';
import {
  DAY,
  MINUTE,
  PREDICTABLE_SIM,
  type SimHarness,
  simAccount,
  useUnipileSim,
} from './unipile-harness.js';
import { problemOf, spaced, wire } from './unipile-sim-wire.js';

/** Nobody accepts unless a test says so. */
const NOBODY_ACCEPTS = { ...PREDICTABLE_SIM, seed: 'standing', acceptProbability: 0 };

function helpers(h: SimHarness) {
  const api = wire(h);
  const control = () => createUnipileSimControlClient(h.running.url);
  /** `count` invitations, spaced as a careful client does, each answered 201; their ids. */
  async function inviteMany(accountId: string, count: number, prefix: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      spaced(h, i);
      const answer = await api.invite(accountId, `${prefix}-${i}`);
      expect(answer.status, `invitation ${prefix}-${i}`).toBe(201);
      ids.push(String(answer.body.invitation_id));
    }
    return ids;
  }
  const withdraw = (accountId: string, invitationId: string) =>
    api.call(
      'DELETE',
      `/users/invite/sent/${encodeURIComponent(invitationId)}?account_id=${encodeURIComponent(accountId)}`,
    );
  const standing = async (accountId: string) => (await control().restriction(accountId)).invitations;
  return { api, control, inviteMany, withdraw, standing };
}

describe('withdrawal and re-invitation', () => {
  const h = useUnipileSim(NOBODY_ACCEPTS);
  const { api, inviteMany, withdraw, standing } = helpers(h);

  it('DELETE answers InvitationCanceled once, then 404 resource_not_found', async () => {
    const account = simAccount(10);
    const [id] = await inviteMany(account, 1, 'del');
    expect(await withdraw(account, id ?? '')).toEqual({
      status: 200,
      body: { object: 'InvitationCanceled' },
    });
    spaced(h, 1);
    expect(await withdraw(account, id ?? '')).toEqual({
      status: 404,
      body: problemOf(404, 'resource_not_found'),
    });
    expect(await standing(account)).toMatchObject({ pending: 0, sentInWindow: 1, withdrawnInWindow: 1 });
  });

  it('the same person is refused 422 cannot_resend_yet for three weeks after a withdrawal, the detail naming it', async () => {
    const account = simAccount(11);
    const [id] = await inviteMany(account, 1, 'again');
    await withdraw(account, id ?? '');
    h.clock.advance(21 * DAY - MINUTE);
    const refused = await api.invite(account, 'again-0');
    expect(refused).toEqual({ status: 422, body: problemOf(422, 'cannot_resend_yet') });
    expect(refused.body).toMatchObject({
      title: 'Unprocessable Entity',
      detail: expect.stringMatching(
        /^temporary provider limit: an invitation to again-0 was withdrawn on /,
      ) as unknown,
    });
    // Others may be invited meanwhile: the refusal is about this person only.
    expect((await api.invite(account, 'someone-else')).status).toBe(201);
    h.clock.advance(MINUTE);
    expect((await api.invite(account, 'again-0')).status).toBe(201);
  });
});

describe('too many outstanding invitations (default: 700)', () => {
  // The acceptance rule off, and the weekly cap out of the way, to reach the pile quickly.
  const h = useUnipileSim({ ...NOBODY_ACCEPTS, minAcceptanceRate: 0, weeklyInvitationLimit: 1000 });
  const { api, control, inviteMany, withdraw, standing } = helpers(h);

  it('700 pending go; the 701st restricts the account (403 account_restricted, CREDENTIALS); withdrawing after reconnecting makes room', async () => {
    const account = simAccount(20);
    const ids: string[] = [];
    for (let day = 0; day < 7; day++) {
      ids.push(...(await inviteMany(account, 100, `pile-${day}`)));
      h.clock.advance(DAY);
    }
    expect(await standing(account)).toMatchObject({ pending: 700, maxPending: 700 });
    const refused = await api.invite(account, 'pile-701');
    expect(refused).toEqual({ status: 403, body: problemOf(403, 'account_restricted') });
    expect(refused.body.detail).toMatch(/too many outstanding invitations \(700 pending, at most 700\)/);
    expect(await control().restriction(account)).toMatchObject({ restricted: true, status: 'CREDENTIALS' });
    expect((await withdraw(account, ids[0] ?? '')).body).toEqual(problemOf(403, 'account_restricted'));
    await control().reconnect(account);
    expect((await withdraw(account, ids[0] ?? '')).status).toBe(200);
    spaced(h, 1);
    expect((await api.invite(account, 'pile-701')).status).toBe(201);
    expect(await standing(account)).toMatchObject({ pending: 700 });
  });
});

describe('invitations mostly ignored (default: under 5% accepted of at least 200 in 30 days)', () => {
  const h = useUnipileSim(NOBODY_ACCEPTS);
  const { api, control, inviteMany, standing } = helpers(h);

  async function send200(accountId: string) {
    await inviteMany(accountId, 100, 'cold-a');
    h.clock.advance(DAY);
    await inviteMany(accountId, 100, 'cold-b');
    // Past the weekly cap's window, so that only the acceptance rule can refuse.
    h.clock.advance(8 * DAY);
  }

  it('200 sent and none accepted: the next invitation restricts the account', async () => {
    const account = simAccount(30);
    await send200(account);
    expect(await standing(account)).toMatchObject({
      sentInWindow: 200,
      acceptedInWindow: 0,
      acceptanceRate: 0,
    });
    const refused = await api.invite(account, 'cold-next');
    expect(refused).toEqual({ status: 403, body: problemOf(403, 'account_restricted') });
    expect(refused.body.detail).toMatch(/0 of 200 accepted in 30 days, under 5%/);
    expect(await control().restriction(account)).toMatchObject({ restricted: true });
  });

  it('10 of 200 accepted (5%) is enough; 199 sent is too few to judge', async () => {
    const accepting = simAccount(31);
    await send200(accepting);
    for (let i = 0; i < 10; i++) await control().acceptInvitation(accepting, `cold-a-${i}`);
    expect(await standing(accepting)).toMatchObject({ acceptedInWindow: 10, acceptanceRate: 0.05 });
    expect((await api.invite(accepting, 'warm-next')).status).toBe(201);

    const few = simAccount(32);
    await inviteMany(few, 100, 'few-a');
    h.clock.advance(DAY);
    await inviteMany(few, 99, 'few-b');
    h.clock.advance(8 * DAY);
    expect((await api.invite(few, 'few-next')).status).toBe(201);
  });

  it('invitations older than 30 days no longer count', async () => {
    const account = simAccount(33);
    await send200(account);
    h.clock.advance(22 * DAY);
    expect(await standing(account)).toMatchObject({ sentInWindow: 0, pending: 200 });
    expect((await api.invite(account, 'later')).status).toBe(201);
  });
});

describe('maxPendingInvitations is a setting', () => {
  const h = useUnipileSim({ ...NOBODY_ACCEPTS, maxPendingInvitations: 5 });
  const { api, inviteMany, standing } = helpers(h);

  it('5 pending go, the sixth restricts', async () => {
    const account = simAccount(40);
    await inviteMany(account, 5, 'knob-pile');
    expect((await api.invite(account, 'knob-pile-5')).body).toEqual(problemOf(403, 'account_restricted'));
    expect(await standing(account)).toMatchObject({ pending: 5, maxPending: 5 });
  });
});

describe('the other thresholds are settings', () => {
  const h = useUnipileSim({
    ...NOBODY_ACCEPTS,
    minAcceptanceRate: 0.5,
    acceptanceMinInvitations: 4,
    reinviteAfterWithdrawalMs: DAY,
  });
  const { api, control, inviteMany, withdraw } = helpers(h);

  it('minAcceptanceRate 50% over acceptanceMinInvitations 4: 1 of 4 accepted restricts, 2 of 4 does not', async () => {
    const low = simAccount(41);
    await inviteMany(low, 4, 'knob-low');
    await control().acceptInvitation(low, 'knob-low-0');
    spaced(h, 5);
    const refused = await api.invite(low, 'knob-low-4');
    expect(refused.body).toEqual(problemOf(403, 'account_restricted'));
    expect(refused.body.detail).toMatch(/1 of 4 accepted in 30 days, under 50%/);

    const enough = simAccount(42);
    await inviteMany(enough, 4, 'knob-ok');
    for (let i = 0; i < 2; i++) await control().acceptInvitation(enough, `knob-ok-${i}`);
    spaced(h, 5);
    expect((await api.invite(enough, 'knob-ok-4')).status).toBe(201);
  });

  it('reinviteAfterWithdrawalMs: a day', async () => {
    const account = simAccount(43);
    const [id] = await inviteMany(account, 1, 'knob-again');
    await withdraw(account, id ?? '');
    h.clock.advance(DAY - MINUTE);
    expect((await api.invite(account, 'knob-again-0')).status).toBe(422);
    h.clock.advance(MINUTE);
    expect((await api.invite(account, 'knob-again-0')).status).toBe(201);
  });

  it('the defaults are 700, 5%, 200 in 30 days, three weeks; each from the environment or a flag of outreach-unipile-sim', () => {
    expect(parseUnipileSimSettings()).toMatchObject({
      maxPendingInvitations: 700,
      minAcceptanceRate: 0.05,
      acceptanceMinInvitations: 200,
      acceptanceWindowMs: 30 * DAY,
      reinviteAfterWithdrawalMs: 21 * DAY,
    });
    const config = parseSimCliConfig(['--max-pending-invitations', '500'], {
      MIN_ACCEPTANCE_RATE: '0.1',
      ACCEPTANCE_MIN_INVITATIONS: '100',
      REINVITE_AFTER_WITHDRAWAL_MS: String(7 * DAY),
    });
    expect(config.sim).toEqual({
      maxPendingInvitations: 500,
      minAcceptanceRate: 0.1,
      acceptanceMinInvitations: 100,
      reinviteAfterWithdrawalMs: 7 * DAY,
    });
    expect(() => parseSimCliConfig([], { MIN_ACCEPTANCE_RATE: '5' })).toThrow(/minAcceptanceRate/);
  });
});

describe('strict: false', () => {
  const h = useUnipileSim({
    ...NOBODY_ACCEPTS,
    strict: false,
    maxPendingInvitations: 2,
    acceptanceMinInvitations: 1,
  });
  const { api, inviteMany, withdraw } = helpers(h);

  it('turns the two restrictions off, not the three weeks (a verdict on one person, like already invited)', async () => {
    const account = simAccount(50);
    const [id] = await inviteMany(account, 4, 'loose');
    await withdraw(account, id ?? '');
    expect((await api.invite(account, 'loose-0')).body).toEqual(problemOf(422, 'cannot_resend_yet'));
  });
});
