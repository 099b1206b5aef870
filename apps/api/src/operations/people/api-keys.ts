import type { ApiKey } from '@outreach/db';
import { DomainError, type AssignableRole } from '@outreach/domain';
import { actorOf, principalOf } from '../../auth/principal.js';
import type { OperationContext } from '../context.js';
import { pageOf } from './people-context.js';

export function toApiKeyView(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    createdBy: key.createdBy,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

export async function createApiKey(
  ctx: OperationContext,
  body: { name: string; role: AssignableRole; expiresAt?: string | undefined },
) {
  const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
  if (expiresAt !== null && expiresAt.getTime() <= ctx.realClock().getTime())
    throw new DomainError('invalid_input', 'expiresAt must be in the future', { field: 'expiresAt' });
  const { apiKey, plaintext } = await ctx.db.apiKeys.create(ctx.workspaceId, {
    name: body.name,
    role: body.role,
    expiresAt,
    createdBy: actorOf(principalOf(ctx.access)),
  });
  await ctx.audit.record(ctx.access, {
    action: 'api_key.created',
    target: { type: 'api_key', id: apiKey.id },
    details: { name: apiKey.name, role: apiKey.role, expiresAt: expiresAt?.toISOString() ?? null },
  });
  return { ...toApiKeyView(apiKey), key: plaintext };
}

export async function listApiKeys(ctx: OperationContext, query: { offset: number; limit: number }) {
  const keys = await ctx.db.apiKeys.list(ctx.workspaceId);
  keys.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return pageOf(keys.map(toApiKeyView), query);
}

export async function revokeApiKey(ctx: OperationContext, id: string) {
  const revoked = await ctx.db.apiKeys.revoke(ctx.workspaceId, id);
  if (!revoked) throw new DomainError('api_key_not_found', `API key not found: ${id}`, { id });
  await ctx.audit.record(ctx.access, {
    action: 'api_key.revoked',
    target: { type: 'api_key', id },
    details: { name: revoked.name },
  });
  return toApiKeyView(revoked);
}
