/**
 * People and sessions against OWASP ASVS: the one-time setup link, session cookies and their
 * rotation, sign-out, idle and absolute session lifetimes, role changes taking effect at once,
 * CSRF by Origin, sign-in throttling, no account enumeration, the password policy, invitations
 * bound to their e-mail, API key roles and expiry, and the audit log. Each test fails without the
 * mechanism it names. The file's apps share one database: the setup test runs first and makes the
 * owner the other tests use.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from './support/fixtures.js';
import {
  accept,
  addPerson,
  call,
  createKey,
  freshEmail,
  invite,
  passphrase,
  requireCookie,
  signIn,
  type Caller,
  type SignedInPerson,
} from './support/people.js';
import { useTestApp } from './support/test-app.js';

/** HTTP time is real time shifted by this much: a test moves it, and puts it back. */
let clockShiftMs = 0;
const app = useTestApp({
  realClock: () => new Date(Date.now() + clockShiftMs),
  auth: { sessionIdleSeconds: 3600 },
});
const HOUR_MS = 3_600_000;
const IP_KEY = 'ip:127.0.0.1';
/** The audit trail is written just after each answer: wait for it, up to this. */
const POLL = { timeout: 5_000, interval: 25 };

let workspace: TestWorkspace;
let owner: SignedInPerson;
let asOwner: Caller;

beforeAll(async () => {
  workspace = await createWorkspace(app, 'pro', 'People workspace');
});

afterEach(async () => {
  clockShiftMs = 0;
  await app.db.authFailures.clear(IP_KEY);
});

const sessions = () => app.db.mongoDatabase().collection<Record<string, unknown>>('session');
/** The session's token as stored: the cookie's value is `token.signature`, URL-encoded. */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0];
const inWorkspace = (cookie: string): Caller => ({ cookie, workspaceId: workspace.workspaceId });
const me = (cookie: string) => call(app, { cookie }, 'GET', '/v1/me');

describe('the setup link', () => {
  it('expires, works once, and setup is then no longer needed', async () => {
    expect((await call(app, {}, 'GET', '/v1/setup')).body).toEqual({ needed: true });
    const body = (token: string) => ({
      token,
      name: 'Olive Founder',
      email: freshEmail('o'),
      password: passphrase(),
    });

    const expiring = await app.db.setupTokens.issue(1);
    clockShiftMs = HOUR_MS;
    const late = await call(app, {}, 'POST', '/v1/setup', { json: body(expiring) });
    expect(late.status).toBe(404);
    clockShiftMs = 0;

    const token = await app.db.setupTokens.issue(HOUR_MS);
    const founder = body(token);
    const first = await call<{ userId: string }>(app, {}, 'POST', '/v1/setup', { json: founder });
    expect(first.status).toBe(201);
    owner = { ...founder, userId: first.body.userId, cookie: requireCookie(first.headers) };
    asOwner = inWorkspace(owner.cookie);
    expect((await call(app, {}, 'GET', '/v1/setup')).body).toEqual({ needed: false });

    // The second use fails on the token itself, even while nobody has an account.
    const users = app.db.mongoDatabase().collection('user');
    const saved = await users.find({}).toArray();
    await users.deleteMany({});
    try {
      expect((await call(app, {}, 'GET', '/v1/setup')).body).toEqual({ needed: true });
      const again = await call(app, {}, 'POST', '/v1/setup', { json: body(token) });
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ code: 'setup_link_invalid' });
    } finally {
      await users.deleteMany({});
      await users.insertMany(saved);
    }
    expect((await me(owner.cookie)).status).toBe(200);
  });
});

describe('session cookies', () => {
  it('are a new session at every sign-in, HttpOnly, SameSite=Lax, Path=/', async () => {
    const one = await signIn(app, owner.email, owner.password);
    const two = await signIn(app, owner.email, owner.password);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.cookie).not.toBeNull();
    expect(tokenOf(one.cookie ?? '')).not.toBe(tokenOf(two.cookie ?? ''));
    expect(tokenOf(one.cookie ?? '')).not.toBe(tokenOf(owner.cookie));
    const line = one.headers.getSetCookie().find((value) => value.startsWith('outreach.session_token='));
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect((await me(one.cookie ?? '')).status).toBe(200);
  });

  it('ends at sign-out: the old cookie is then refused', async () => {
    const { cookie } = await signIn(app, owner.email, owner.password);
    expect((await me(cookie ?? '')).status).toBe(200);
    const out = await call(app, { cookie: cookie ?? '' }, 'POST', '/api/auth/sign-out', { json: {} });
    expect(out.status).toBe(200);
    expect((await me(cookie ?? '')).status).toBe(401);
    expect((await me(owner.cookie)).status).toBe(200);
  });

  it('ends when left idle: the session lasts the idle timeout, and a lapsed one is refused', async () => {
    const { cookie } = await signIn(app, owner.email, owner.password);
    const token = tokenOf(cookie ?? '');
    const stored = await sessions().findOne({ token });
    const lifetime = (stored?.['expiresAt'] as Date).getTime() - (stored?.['createdAt'] as Date).getTime();
    expect(Math.abs(lifetime - HOUR_MS)).toBeLessThan(60_000);
    await sessions().updateOne({ token }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await me(cookie ?? '')).status).toBe(401);
  });

  it('ends at its absolute lifetime however it is used, and is deleted', async () => {
    const { cookie } = await signIn(app, owner.email, owner.password);
    const token = tokenOf(cookie ?? '');
    expect((await me(cookie ?? '')).status).toBe(200);
    await sessions().updateOne({ token }, { $set: { createdAt: new Date(Date.now() - 8 * 24 * HOUR_MS) } });
    expect((await me(cookie ?? '')).status).toBe(401);
    expect(await sessions().findOne({ token })).toBeNull();
  });
});

describe('roles and membership', () => {
  it('hold at the very next request after a role change or a removal', async () => {
    const person = await addPerson(app, asOwner, 'member');
    const asPerson = inWorkspace(person.cookie);
    expect((await call(app, asPerson, 'POST', '/v1/campaigns', { json: { name: 'Mine' } })).status).toBe(201);
    const patched = await call(app, asOwner, 'PATCH', `/v1/members/${person.userId}`, {
      json: { role: 'client' },
    });
    expect(patched.status).toBe(200);
    const refused = await call(app, asPerson, 'POST', '/v1/campaigns', { json: { name: 'Not mine' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
    expect((await call(app, asPerson, 'GET', '/v1/campaigns')).status).toBe(200);
    expect((await call(app, asOwner, 'DELETE', `/v1/members/${person.userId}`)).status).toBe(200);
    // It was their only workspace: their sessions ended with it, so they are signed out.
    const gone = await call(app, asPerson, 'GET', '/v1/campaigns');
    expect(gone.status).toBe(401);
    expect((await call(app, { cookie: person.cookie }, 'GET', '/v1/me')).status).toBe(401);
  });

  it('take only the workspace away from a person who has others', async () => {
    const second = await call<{ id: string }>(app, { cookie: owner.cookie }, 'POST', '/v1/workspaces', {
      json: { name: 'Another client' },
    });
    expect(second.status).toBe(201);
    const person = await addPerson(app, asOwner, 'member');
    const inSecond = { cookie: owner.cookie, workspaceId: second.body.id };
    const invitation = await invite(app, inSecond, 'client', person.email);
    const joined = await call(app, { cookie: person.cookie }, 'POST', '/v1/invitation-links/accept', {
      json: { token: invitation.token },
    });
    expect(joined.status).toBe(200);
    expect((await call(app, asOwner, 'DELETE', `/v1/members/${person.userId}`)).status).toBe(200);
    const gone = await call(app, inWorkspace(person.cookie), 'GET', '/v1/campaigns');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'workspace_not_found' });
    const kept = await call(
      app,
      { cookie: person.cookie, workspaceId: second.body.id },
      'GET',
      '/v1/campaigns',
    );
    expect(kept.status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuse a cookie change without the app Origin, and create nothing', async () => {
    const post = (caller: Caller, origin: string | null) =>
      call(app, caller, 'POST', '/v1/campaigns', { json: { name: 'Cross-site' }, origin });
    const total = async () =>
      (await call<{ total: number }>(app, asOwner, 'GET', '/v1/campaigns')).body.total;
    const before = await total();
    for (const origin of [null, 'https://evil.example']) {
      const res = await post(asOwner, origin);
      expect(res.status, String(origin)).toBe(403);
      expect(res.body).toMatchObject({ code: 'cross_origin_request' });
    }
    expect(await total()).toBe(before);
    expect((await post(asOwner, app.baseUrl)).status).toBe(201);
    expect((await post({ apiKey: workspace.apiKey }, null)).status).toBe(201);
    expect(await total()).toBe(before + 2);
  });
});

describe('sign-in throttling', () => {
  it('refuses the 6th attempt from one address after 5 failures, even with the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(app, owner.email, 'wrong password of the test 1')).status).toBe(401);
    }
    expect(await app.db.authFailures.countSince(IP_KEY, new Date(Date.now() - 60_000))).toBe(5);
    const held = await signIn(app, owner.email, owner.password);
    expect(held.status).toBe(429);
    expect(held.cookie).toBeNull();
    const retryAfter = Number(held.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await app.db.authFailures.clear(`account:${owner.email}`);
  });

  it('refuses an account with 100 recent failures from any address, and only that account', async () => {
    const person = await addPerson(app, asOwner, 'member');
    const key = `account:${person.email}`;
    await app.db.authFailures.record(Array<string>(100).fill(key), new Date(), HOUR_MS);
    const held = await signIn(app, person.email, person.password);
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.stringify(held.body)).toContain('account');
    expect((await signIn(app, owner.email, owner.password)).status).toBe(200);
    await app.db.authFailures.clear(key);
    expect((await signIn(app, person.email, person.password)).status).toBe(200);
  });

  it('never counts successes: 10 in a row after 4 failures all succeed', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(app, owner.email, 'wrong password of the test 2')).status).toBe(401);
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(app, owner.email, owner.password)).status, `success ${attempt}`).toBe(200);
    }
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const unknown = await signIn(app, freshEmail('nobody'), 'some password of the test');
    const wrong = await signIn(app, owner.email, 'some password of the test');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
  });
});

describe('invitations', () => {
  it('refuse short and common passwords without using the link', async () => {
    const invitation = await invite(app, asOwner, 'member');
    for (const password of ['abcdefghijk', 'password1234']) {
      const res = await accept(app, invitation.token, password);
      expect(res.status, password).toBe(400);
      expect(res.body).toMatchObject({ code: 'password_rejected' });
    }
    const joined = await accept(app, invitation.token, passphrase());
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ workspaceId: workspace.workspaceId, role: 'member' });
    expect((await me(requireCookie(joined.headers))).status).toBe(200);
    expect((await accept(app, invitation.token, passphrase())).status).toBe(404);
  });

  it('are bound to their e-mail, and end when expired, revoked or resent', async () => {
    const bound = await invite(app, asOwner, 'client');
    const asOther = await accept(app, bound.token, passphrase(), 'Someone Else', { cookie: owner.cookie });
    expect(asOther.status).toBe(409);
    expect(asOther.body).toMatchObject({ code: 'sign_in_as_invitee' });

    const expired = await invite(app, asOwner, 'client');
    await app.db
      .mongoDatabase()
      .collection('invitations')
      .updateOne({ _id: expired.id as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await accept(app, expired.token, passphrase())).status).toBe(404);

    const revoked = await invite(app, asOwner, 'client');
    expect((await call(app, asOwner, 'DELETE', `/v1/invitations/${revoked.id}`)).status).toBe(200);
    expect((await accept(app, revoked.token, passphrase())).status).toBe(404);

    const resent = await invite(app, asOwner, 'client');
    const again = await call<{ link: string }>(app, asOwner, 'POST', `/v1/invitations/${resent.id}/resend`);
    expect(again.status).toBe(201);
    const newToken = new URL(again.body.link).searchParams.get('token') ?? '';
    expect((await accept(app, resent.token, passphrase())).status).toBe(404);
    expect(
      (await call(app, {}, 'POST', '/v1/invitation-links/preview', { json: { token: newToken } })).status,
    ).toBe(200);
  });
});

describe('API keys', () => {
  it('are refused with an expiry in the past, and stop at once when revoked', async () => {
    const past = await call(app, asOwner, 'POST', '/v1/api-keys', {
      json: { name: 'old', role: 'member', expiresAt: new Date(Date.now() - HOUR_MS).toISOString() },
    });
    expect(past.status).toBe(400);
    const made = await call<{ id: string; key: string }>(app, asOwner, 'POST', '/v1/api-keys', {
      json: { name: 'short-lived', role: 'member' },
    });
    expect((await call(app, { apiKey: made.body.key }, 'GET', '/v1/campaigns')).status).toBe(200);
    expect((await call(app, asOwner, 'DELETE', `/v1/api-keys/${made.body.id}`)).status).toBe(200);
    expect((await call(app, { apiKey: made.body.key }, 'GET', '/v1/campaigns')).status).toBe(401);
  });

  it('of role client read but do not write; legacy keys are listed as admins', async () => {
    const client = { apiKey: await createKey(app, asOwner, 'client') };
    expect((await call(app, client, 'GET', '/v1/campaigns')).status).toBe(200);
    const write = await call(app, client, 'POST', '/v1/campaigns', { json: { name: 'No' }, origin: null });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'forbidden' });
    const listed = await call<{ items: Array<{ name: string; role: string; prefix: string }> }>(
      app,
      asOwner,
      'GET',
      '/v1/api-keys?limit=100',
    );
    const legacy = listed.body.items.find(
      (key) => workspace.apiKey.startsWith(key.prefix) && key.name === 'test',
    );
    expect(legacy).toMatchObject({ role: 'admin' });
  });
});

describe('the audit log', () => {
  it('lists refusals, changes, invitations, keys and failed sign-ins to the owner only', async () => {
    const member = await addPerson(app, asOwner, 'member');
    const asMember = inWorkspace(member.cookie);
    expect((await call(app, asMember, 'GET', '/v1/api-keys')).status).toBe(403);
    expect((await call(app, asMember, 'POST', '/v1/campaigns', { json: { name: 'Audited' } })).status).toBe(
      201,
    );
    await createKey(app, asOwner, 'client');
    expect((await signIn(app, member.email, 'not the password of the member')).status).toBe(401);

    const actions = async (action: string) => {
      const res = await call<{ items: Array<{ actor: { id: string | null; label: string | null } }> }>(
        app,
        asOwner,
        'GET',
        `/v1/audit-log?action=${action}&limit=100`,
      );
      expect(res.status).toBe(200);
      return res.body.items;
    };
    await expect
      .poll(async () => (await actions('access.denied')).map((e) => e.actor.id), POLL)
      .toContain(member.userId);
    await expect
      .poll(async () => (await actions('campaign.created')).map((e) => e.actor.id), POLL)
      .toContain(member.userId);
    await expect
      .poll(async () => (await actions('invitation.sent')).map((e) => e.actor.id), POLL)
      .toContain(owner.userId);
    await expect
      .poll(async () => (await actions('api_key.created')).map((e) => e.actor.id), POLL)
      .toContain(owner.userId);
    await expect
      .poll(async () => (await actions('auth.sign_in_failed')).map((e) => e.actor.label), POLL)
      .toContain(member.email);
    const refused = await call(app, asMember, 'GET', '/v1/audit-log');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
  });
});

describe('over HTTPS', () => {
  const secure = useTestApp({ auth: { baseUrl: 'https://api.example' } });

  it('names the cookie __Host-outreach.session_token and makes it Secure', async () => {
    const res = await call(secure, {}, 'POST', '/api/auth/sign-in/email', {
      json: { email: owner.email, password: owner.password },
      origin: 'https://api.example',
    });
    expect(res.status).toBe(200);
    const line = res.headers
      .getSetCookie()
      .find((value) => value.startsWith('__Host-outreach.session_token='));
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*Domain=/i);
  });
});
