// De-risks `pnpm admin user reset-link`: the link it prints is accepted by the authentication
// library's own reset route once, sets the new password, and ends the person's other sessions.
import { describe, expect, it } from 'vitest';
import { resetLink } from '../src/cli/reset-link.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email, password }),
  });
}

describe('a password reset link made on the command line', () => {
  it('sets a new password once, and the old password and sessions stop working', async () => {
    const token = await app.db.setupTokens.issue(60_000, new Date());
    const setup = await fetch(`${app.baseUrl}/v1/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({
        token,
        name: 'Reset Person',
        email: 'reset@agency.example',
        password: 'amber falcon quarry 31',
      }),
    });
    expect(setup.status).toBe(201);
    const oldCookie = setup.headers.getSetCookie()[0]?.split(';')[0] ?? '';

    const link = await resetLink(app.db, 'reset@agency.example', { baseUrl: app.baseUrl, now: new Date() });
    expect(link?.url).toMatch(/\/console\/reset-password\?token=/);
    const resetToken = decodeURIComponent(new URL(link?.url ?? '').searchParams.get('token') ?? '');
    const reset = (newPassword: string) =>
      fetch(`${app.baseUrl}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.baseUrl },
        body: JSON.stringify({ token: resetToken, newPassword }),
      });

    expect((await reset('password1234')).status).toBe(400);
    expect((await reset('granite willow harbor 58')).status).toBe(200);
    expect((await reset('another pass phrase 77')).status).toBe(400);

    expect((await signIn('reset@agency.example', 'amber falcon quarry 31')).status).toBe(401);
    expect((await signIn('reset@agency.example', 'granite willow harbor 58')).status).toBe(200);
    const me = await fetch(`${app.baseUrl}/v1/me`, { headers: { cookie: oldCookie } });
    expect(me.status).toBe(401);
  });

  it('knows no link for an unknown e-mail', async () => {
    expect(
      await resetLink(app.db, 'nobody@agency.example', { baseUrl: app.baseUrl, now: new Date() }),
    ).toBeNull();
  });
});
