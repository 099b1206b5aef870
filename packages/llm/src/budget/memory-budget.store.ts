import { withinLimits, type BudgetLimits, type BudgetStore, type BudgetUsage } from './budget-store.port.js';

/** A budget kept in this process: for tests and single-process runs. */
export function createMemoryBudgetStore(): BudgetStore {
  const counters = new Map<string, BudgetUsage>();
  const read = (workspaceId: string, day: string) => {
    const key = `${workspaceId}\u0000${day}`;
    let usage = counters.get(key);
    if (!usage) {
      usage = { calls: 0, tokens: 0 };
      counters.set(key, usage);
    }
    return usage;
  };
  return {
    tryReserveCall(workspaceId: string, day: string, limits: BudgetLimits) {
      const usage = read(workspaceId, day);
      if (!withinLimits(usage, limits)) return Promise.resolve(false);
      usage.calls += 1;
      return Promise.resolve(true);
    },
    addTokens(workspaceId, day, tokens) {
      read(workspaceId, day).tokens += tokens;
      return Promise.resolve();
    },
    usage(workspaceId, day) {
      return Promise.resolve({ ...read(workspaceId, day) });
    },
  };
}
