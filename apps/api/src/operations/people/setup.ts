import { DomainError } from '@outreach/domain';
import { checkPassword } from '../../auth/password-policy.js';
import type { Access } from '../../auth/principal.js';
import type { OperationContext } from '../context.js';
import { peopleOf } from './people-context.js';

/** The setup link is valid this long (1 hour). */
export const SETUP_LINK_TTL_MS = 60 * 60 * 1000;

export async function getSetupStatus(ctx: OperationContext) {
  return { needed: !(await peopleOf(ctx).directory.anyone()) };
}

function invalidLink(): DomainError {
  return new DomainError(
    'setup_link_invalid',
    'this setup link is unknown, used or expired, or setup is done: restart the API for a new link while nobody has an account',
  );
}

/**
 * The first owner (`POST /v1/setup`): a person with their own password, an agency, and the
 * ownership of every workspace that exists. The password is checked before the link is used, so
 * a refused password does not burn it; the link is then taken atomically, so it works once.
 */
export async function completeSetup(
  ctx: OperationContext,
  body: { token: string; name: string; email: string; password: string; agencyName?: string | undefined },
) {
  const people = peopleOf(ctx);
  if (await people.directory.anyone()) throw invalidLink();
  const verdict = checkPassword(body.password, { email: body.email, name: body.name });
  if (!verdict.ok) throw new DomainError('password_rejected', verdict.message, { reason: verdict.code });
  if (!(await ctx.db.setupTokens.consume(body.token, ctx.realClock()))) throw invalidLink();
  const person = await people.directory.create({
    email: body.email,
    name: body.name,
    password: body.password,
  });
  const agency = await ctx.db.agencies.create({ name: body.agencyName ?? `${body.name}'s agency` });
  await ctx.db.agencies.addMember(agency.id, person.id, 'owner');
  const workspaceIds = await ctx.db.workspaces.assignAgencyToUnowned(agency.id);
  for (const workspaceId of workspaceIds)
    await ctx.db.members.add(workspaceId, { userId: person.id, role: 'owner' });
  const access: Access = {
    ...ctx.access,
    principal: {
      kind: 'user',
      userId: person.id,
      email: person.email,
      name: person.name,
      sessionId: '',
      sessionToken: '',
    },
  };
  for (const workspaceId of workspaceIds)
    await ctx.audit.recordIn(workspaceId, access, {
      action: 'setup.completed',
      target: { type: 'user', id: person.id },
      details: { agencyId: agency.id },
    });
  const cookies = await people.directory.signIn(people.request, person.email, body.password);
  return { body: { userId: person.id, agencyId: agency.id, workspaceIds }, cookies };
}
