import type { OperationContext } from '../context.js';

export async function listAuditLog(
  ctx: OperationContext,
  query: {
    action?: string | undefined;
    actorId?: string | undefined;
    targetId?: string | undefined;
    since?: string | undefined;
    until?: string | undefined;
    after?: string | undefined;
    limit: number;
  },
) {
  const page = await ctx.db.auditLog.list(ctx.workspaceId, {
    ...(query.action ? { action: query.action } : {}),
    ...(query.actorId ? { actorId: query.actorId } : {}),
    ...(query.targetId ? { targetId: query.targetId } : {}),
    ...(query.since ? { since: new Date(query.since) } : {}),
    ...(query.until ? { until: new Date(query.until) } : {}),
    ...(query.after ? { after: query.after } : {}),
    limit: query.limit,
  });
  return {
    limit: query.limit,
    nextCursor: page.nextCursor,
    items: page.items.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      outcome: entry.outcome,
      ip: entry.ip,
      userAgent: entry.userAgent,
      details: entry.details,
    })),
  };
}
