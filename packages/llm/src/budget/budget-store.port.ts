/**
 * Where the per-workspace daily model budget is counted. A day is the UTC calendar day
 * (`YYYY-MM-DD`). One call is one answer asked of the endpoint (its retries included); tokens are
 * the endpoint's reported total. Implementations must reserve atomically, so runners sharing a
 * store never overspend together.
 */
export interface BudgetLimits {
  /** Answers per workspace and day; null for no limit. */
  callsPerDay: number | null;
  /** Tokens per workspace and day; null for no limit. A call may finish past it, the next one is refused. */
  tokensPerDay: number | null;
}

export interface BudgetUsage {
  calls: number;
  tokens: number;
}

export interface BudgetStore {
  /** Counts one more call unless the day's usage already reached a limit; false when it did. */
  tryReserveCall(workspaceId: string, day: string, limits: BudgetLimits): Promise<boolean>;
  addTokens(workspaceId: string, day: string, tokens: number): Promise<void>;
  usage(workspaceId: string, day: string): Promise<BudgetUsage>;
}

export function budgetDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function withinLimits(usage: BudgetUsage, limits: BudgetLimits): boolean {
  return (
    (limits.callsPerDay === null || usage.calls < limits.callsPerDay) &&
    (limits.tokensPerDay === null || usage.tokens < limits.tokensPerDay)
  );
}
