/**
 * The strict simulator refuses what LinkedIn refuses, in the form a real account sees on the wire
 * (Unipile's RFC 7807 body), and does nothing when it refuses: per-tier invitation caps, the free
 * tier's notes, messages per day, sensitive calls in bursts, and InMail credits per month.
 */
import { describe, expect, it } from 'vitest';
import { DAY, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';
import { problemOf, spaced, wire } from './unipile-sim-wire.js';

const h = useUnipileSim({ ...PREDICTABLE_SIM, seed: 'limits' });
const api = wire(h);
const invitationsOf = (accountId: string) => h.sim.state.log.list({ accountId, type: 'invitation' });

/** `count` invitations, spaced, each accepted by the simulator. */
async function inviteMany(accountId: string, count: number, prefix: string, note?: string) {
  for (let i = 0; i < count; i++) {
    spaced(h, i);
    expect((await api.invite(accountId, `${prefix}-${i}`, note)).status).toBe(201);
  }
}

describe('invitation caps per tier', () => {
  it('a free account past its 15 invitations of the week gets 422 cannot_resend_yet, until the week has passed', async () => {
    const account = simAccount(40);
    h.sim.state.createAccount(account, 'free');
    for (let day = 0; day < 3; day++) {
      await inviteMany(account, 5, `free-${day}`);
      h.clock.advance(DAY);
    }
    const refused = await api.invite(account, 'free-16');
    expect(refused).toEqual({ status: 422, body: problemOf(422, 'cannot_resend_yet') });
    expect(invitationsOf(account)).toHaveLength(15);
    h.clock.advance(5 * DAY);
    expect((await api.invite(account, 'free-16')).status).toBe(201);
  });

  it('a premium account past 100 invitations in a day gets 429 too_many_requests, and may go on the next day', async () => {
    const account = simAccount(41);
    await inviteMany(account, 100, 'day');
    spaced(h, 100);
    expect(await api.invite(account, 'day-100')).toEqual({
      status: 429,
      body: problemOf(429, 'too_many_requests'),
    });
    expect(invitationsOf(account)).toHaveLength(100);
    h.clock.advance(DAY);
    expect((await api.invite(account, 'day-100')).status).toBe(201);
  });

  it('a premium account past 200 invitations in a week gets 422 cannot_resend_yet', async () => {
    const account = simAccount(42);
    await inviteMany(account, 100, 'week-a');
    h.clock.advance(DAY);
    await inviteMany(account, 100, 'week-b');
    h.clock.advance(DAY);
    expect((await api.invite(account, 'week-c')).body).toEqual(problemOf(422, 'cannot_resend_yet'));
  });
});

describe('notes', () => {
  it('a note is at most 300 characters, 200 on a free account: longer is 400 too_many_characters', async () => {
    const premium = simAccount(43);
    const free = simAccount(44);
    h.sim.state.createAccount(free, 'free');
    expect((await api.invite(premium, 'note-a', 'x'.repeat(301))).body).toEqual(
      problemOf(400, 'too_many_characters'),
    );
    spaced(h, 1);
    expect((await api.invite(premium, 'note-a', 'x'.repeat(300))).status).toBe(201);
    expect((await api.invite(free, 'note-b', 'x'.repeat(201))).body).toEqual(
      problemOf(400, 'too_many_characters'),
    );
    expect(invitationsOf(free)).toEqual([]);
  });

  it('a free account adds a note to 5 invitations a month; a sixth note is refused, an invitation without one goes', async () => {
    const account = simAccount(45);
    h.sim.state.createAccount(account, 'free');
    await inviteMany(account, 5, 'noted', 'Hello');
    spaced(h, 5);
    expect((await api.invite(account, 'noted-5', 'Hello')).body).toEqual(problemOf(422, 'cannot_resend_yet'));
    expect((await api.invite(account, 'noted-5')).status).toBe(201);
  });
});

describe('messages and bursts', () => {
  it('past 100 messages in a day the account gets 429 too_many_requests, and nothing is sent', async () => {
    const account = simAccount(46);
    const leads = Array.from({ length: 101 }, (_, i) => `msg-${i}`);
    for (const lead of leads) h.sim.state.pair(account, lead).relationship = 'connected';
    for (const [i, lead] of leads.slice(0, 100).entries()) {
      spaced(h, i);
      expect((await api.startChat(account, lead, 'Hi')).status).toBe(201);
    }
    spaced(h, 100);
    expect((await api.startChat(account, 'msg-100', 'Hi')).body).toEqual(problemOf(429, 'too_many_requests'));
    expect(h.sim.state.log.list({ accountId: account, type: 'message' })).toHaveLength(100);
  });

  it('invitations fired without spacing are refused with 429 (or 500) past 5 a minute, and not sent', async () => {
    const account = simAccount(47);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await api.invite(account, `burst-${i}`)).status);
    expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    for (const status of answers.slice(5)) expect([429, 500]).toContain(status);
    expect(invitationsOf(account)).toHaveLength(5);
  });
});

describe('InMail credits', () => {
  it('a premium account has 5 InMail credits a month, shown by the balance endpoint; then 422 insufficient_credits until the next month', async () => {
    const account = simAccount(48);
    expect((await api.inmailBalance(account)).body).toEqual({
      object: 'LinkedinInmailBalance',
      premium: 5,
      sales_navigator: null,
      recruiter: null,
    });
    for (let i = 0; i < 5; i++) {
      spaced(h, i);
      expect((await api.startChat(account, `inmail-${i}`, 'Hi', { inmail: 'true' })).status).toBe(201);
    }
    expect((await api.inmailBalance(account)).body).toMatchObject({ premium: 0 });
    spaced(h, 5);
    expect((await api.startChat(account, 'inmail-5', 'Hi', { inmail: 'true' })).body).toEqual(
      problemOf(422, 'insufficient_credits'),
    );
    h.clock.set('2025-04-01T09:00:00.000Z');
    expect((await api.inmailBalance(account)).body).toMatchObject({ premium: 5 });
  });

  it('InMail goes only through the API of the account tier: 403 feature_not_subscribed otherwise, 422 not_allowed_inmail on free', async () => {
    const navigator = simAccount(49);
    const free = simAccount(50);
    h.sim.state.createAccount(navigator, 'sales_navigator');
    h.sim.state.createAccount(free, 'free');
    expect((await api.startChat(navigator, 'api-a', 'Hi', { api: 'classic', inmail: 'true' })).body).toEqual(
      problemOf(403, 'feature_not_subscribed'),
    );
    expect((await api.startChat(navigator, 'api-a', 'Hi', { api: 'sales_navigator' })).status).toBe(201);
    expect((await api.inmailBalance(navigator)).body).toMatchObject({ sales_navigator: 49, premium: null });
    expect((await api.startChat(free, 'api-b', 'Hi', { inmail: 'true' })).body).toEqual(
      problemOf(422, 'not_allowed_inmail'),
    );
  });
});
