import type { BudgetLimits, BudgetStore, BudgetUsage } from './budget-store.port.js';

/** The shape of a workspace-scoped budget repository (e.g. `@outreach/db`'s `db.modelUsage`). */
export interface BudgetRepository<W> {
  tryReserveCall(workspaceId: W, day: string, limits: BudgetLimits): Promise<boolean>;
  addTokens(workspaceId: W, day: string, tokens: number): Promise<void>;
  usage(workspaceId: W, day: string): Promise<BudgetUsage>;
}

/**
 * A budget store over a repository whose methods take a typed workspace id:
 * `budgetStoreOver(db.modelUsage, asWorkspaceId)`.
 */
export function budgetStoreOver<W>(
  repository: BudgetRepository<W>,
  workspaceIdOf: (id: string) => W,
): BudgetStore {
  return {
    tryReserveCall: (workspaceId, day, limits) =>
      repository.tryReserveCall(workspaceIdOf(workspaceId), day, limits),
    addTokens: (workspaceId, day, tokens) => repository.addTokens(workspaceIdOf(workspaceId), day, tokens),
    usage: (workspaceId, day) => repository.usage(workspaceIdOf(workspaceId), day),
  };
}
