// De-risks `pnpm admin user disable|enable`: a disabled person's open session ends at once and
// no sign-in gives them a new one, until they are enabled again.
import { describe, expect, it } from 'vitest';
import { setPersonDisabled } from '../src/cli/disable-person.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const EMAIL = 'leaver@agency.example';
const PASSWORD = 'harbor lantern crescent 19';

async function signIn(): Promise<Response> {
  return fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
}

const cookieOf = (res: Response) => res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
const me = (cookie: string) => fetch(`${app.baseUrl}/v1/me`, { headers: { cookie } });

describe('a disabled person', () => {
  it('is signed out at once, cannot sign in, and can again once enabled', async () => {
    const token = await app.db.setupTokens.issue(60_000, new Date());
    const setup = await fetch(`${app.baseUrl}/v1/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ token, name: 'Lee Ver', email: EMAIL, password: PASSWORD }),
    });
    expect(setup.status).toBe(201);
    const open = cookieOf(setup);
    expect((await me(open)).status).toBe(200);

    expect(await setPersonDisabled(app.db, EMAIL, true, new Date())).not.toBeNull();
    expect((await me(open)).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(401);
    expect(
      refused.headers
        .getSetCookie()
        .filter((cookie) => cookie.includes('session_token=') && !cookie.includes('Max-Age=0')),
    ).toEqual([]);

    await setPersonDisabled(app.db, EMAIL, false, new Date());
    const again = await signIn();
    expect(again.status).toBe(200);
    expect((await me(cookieOf(again))).status).toBe(200);
  });

  it('is refused for an unknown e-mail', async () => {
    expect(await setPersonDisabled(app.db, 'nobody@agency.example', true, new Date())).toBeNull();
  });
});
