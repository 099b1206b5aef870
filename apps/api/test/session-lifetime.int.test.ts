// De-risks the absolute session lifetime on the authentication library's own route: a session
// signed in more than 7 days ago is over for GET /api/auth/get-session too, however busy it was.
import { describe, expect, it } from 'vitest';
import { call, setupOwner } from './support/people.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

describe('a session older than the absolute lifetime', () => {
  it('is ended by the library’s get-session route, and so for the API too', async () => {
    const owner = await setupOwner(app);
    const getSession = () =>
      fetch(`${app.baseUrl}/api/auth/get-session`, { headers: { cookie: owner.cookie } });
    const fresh = (await (await getSession()).json()) as { session?: { id: string } } | null;
    expect(fresh?.session?.id).toEqual(expect.any(String));

    // Signed in 8 days ago, used a minute ago: within the idle timeout, past the absolute lifetime.
    const sessions = app.db.mongoDatabase().collection('session');
    await sessions.updateMany(
      {},
      { $set: { createdAt: new Date(Date.now() - 8 * DAY_MS), updatedAt: new Date(Date.now() - 60_000) } },
    );
    const old = await getSession();
    expect(old.status).toBe(200);
    expect(await old.json()).toBeNull();
    expect(await sessions.countDocuments({})).toBe(0);
    expect((await call(app, { cookie: owner.cookie }, 'GET', '/v1/me')).status).toBe(401);
  });
});
