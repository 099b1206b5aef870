import { fromNodeHeaders } from 'better-auth/node';
import type { Request } from 'express';
import type { Auth } from './better-auth.js';

/** A person as the rest of the API sees them. */
export interface Person {
  id: string;
  email: string;
  name: string;
}

/** One of a person's sessions, without its token. */
export interface PersonSession {
  id: string;
  token: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * The people and sessions the authentication library keeps, reached through its own adapter (so
 * its collections stay its own). Everything here is server-side: no route of the library is
 * involved, and nothing is cached.
 */
export function createPeopleDirectory(auth: Auth) {
  const context = () => auth.$context;
  const toPerson = (user: { id: string; email: string; name: string }): Person => ({
    id: user.id,
    email: user.email,
    name: user.name,
  });

  return {
    async byId(id: string): Promise<Person | null> {
      const user = await (await context()).internalAdapter.findUserById(id).catch(() => null);
      return user ? toPerson(user) : null;
    },

    async byIds(ids: readonly string[]): Promise<Map<string, Person>> {
      if (ids.length === 0) return new Map();
      const ctx = await context();
      const users = await ctx.adapter.findMany<{ id: string; email: string; name: string }>({
        model: 'user',
        where: [{ field: 'id', operator: 'in', value: [...ids] }],
      });
      return new Map(users.map((user) => [user.id, toPerson(user)]));
    },

    async byEmail(email: string): Promise<Person | null> {
      const found = await (await context()).internalAdapter.findUserByEmail(email.trim().toLowerCase());
      return found ? toPerson(found.user) : null;
    },

    async anyone(): Promise<boolean> {
      const ctx = await context();
      return (await ctx.adapter.count({ model: 'user' })) > 0;
    },

    /** Creates a person who signs in with this e-mail and password (hashed by the library's hasher). */
    async create(input: { email: string; name: string; password: string }): Promise<Person> {
      const ctx = await context();
      const user = await ctx.internalAdapter.createUser(
        {
          email: input.email.trim().toLowerCase(),
          name: input.name,
          emailVerified: true,
        },
        { method: 'email-password' },
      );
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await ctx.password.hash(input.password),
      });
      return toPerson(user);
    },

    /** Undoes `create` (an invitation taken by a concurrent request meanwhile). */
    async remove(id: string): Promise<void> {
      await (await context()).internalAdapter.deleteUser(id);
    },

    /**
     * Signs the person in as the library's route would (a new session, ASVS 7.2.4) and returns the
     * `Set-Cookie` values to answer with.
     */
    async signIn(req: Request, email: string, password: string): Promise<string[]> {
      const { headers } = await auth.api.signInEmail({
        body: { email, password },
        headers: fromNodeHeaders(req.headers),
        returnHeaders: true,
      });
      return headers.getSetCookie();
    },

    async sessionsOf(userId: string, now: Date): Promise<PersonSession[]> {
      const sessions = await (await context()).internalAdapter.listSessions(userId);
      return sessions
        .filter((session) => new Date(session.expiresAt).getTime() > now.getTime())
        .map((session) => ({
          id: session.id,
          token: session.token,
          createdAt: new Date(session.createdAt),
          updatedAt: new Date(session.updatedAt),
          expiresAt: new Date(session.expiresAt),
          ipAddress: session.ipAddress ?? null,
          userAgent: session.userAgent ?? null,
        }));
    },

    async endSession(token: string): Promise<void> {
      await (await context()).internalAdapter.deleteSession(token);
    },

    async endAllSessions(userId: string): Promise<void> {
      await (await context()).internalAdapter.deleteUserSessions(userId);
    },
  };
}

export type PeopleDirectory = ReturnType<typeof createPeopleDirectory>;
