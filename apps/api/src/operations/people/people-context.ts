import { DomainError, type WorkspaceRole } from '@outreach/domain';
import type { PeopleServices } from '../../auth/people-services.js';
import { principalOf, type UserPrincipal } from '../../auth/principal.js';
import type { OperationContext } from '../context.js';

export function peopleOf(ctx: OperationContext): PeopleServices {
  return ctx.people;
}

/** The caller's role in the request's workspace (set by the guard for workspace permissions). */
export function roleOf(ctx: OperationContext): WorkspaceRole {
  if (ctx.access.role === null) throw new Error('workspace operation reached without a role');
  return ctx.access.role;
}

/** The signed-in person; an API key has no sessions of its own. */
export function personOf(ctx: OperationContext): UserPrincipal {
  const principal = principalOf(ctx.access);
  if (principal.kind !== 'user')
    throw new DomainError('person_required', 'only a signed-in person has sessions; an API key has none');
  return principal;
}

/** Applies `offset` and `limit` to a list read whole (members, invitations, keys: a few dozen). */
export function pageOf<T>(items: readonly T[], query: { offset: number; limit: number }) {
  return {
    total: items.length,
    offset: query.offset,
    limit: query.limit,
    items: items.slice(query.offset, query.offset + query.limit),
  };
}
