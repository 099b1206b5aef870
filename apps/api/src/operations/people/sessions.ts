import { DomainError } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { done } from '../context.js';
import { peopleOf, personOf } from './people-context.js';

/** `GET /v1/sessions`: the caller's live sessions, never their tokens. */
export async function listSessions(ctx: OperationContext) {
  const person = personOf(ctx);
  const sessions = await peopleOf(ctx).directory.sessionsOf(person.userId, ctx.realClock());
  sessions.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  return {
    items: sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.updatedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      current: session.id === person.sessionId,
    })),
  };
}

/** `DELETE /v1/sessions/{id}`: ends one of the caller's sessions (the lost laptop). */
export async function endSession(ctx: OperationContext, sessionId: string) {
  const person = personOf(ctx);
  const people = peopleOf(ctx);
  const session = (await people.directory.sessionsOf(person.userId, ctx.realClock())).find(
    (candidate) => candidate.id === sessionId,
  );
  if (!session) throw new DomainError('session_not_found', `session not found: ${sessionId}`, { sessionId });
  await people.directory.endSession(session.token);
  await ctx.audit.recordForPerson(person.userId, {
    actor: { type: 'user', id: person.userId, label: person.email },
    action: 'session.ended',
    target: { type: 'session', id: sessionId },
    outcome: 'succeeded',
    ip: ctx.access.ip,
    userAgent: ctx.access.userAgent,
    details: { current: session.id === person.sessionId },
  });
  return done('session ended');
}
