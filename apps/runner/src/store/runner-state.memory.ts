/**
 * Runner-only state kept in this process's memory: each sender account's pacing gate and the
 * cursor of its network event feed. Both are safe to lose: a lost cursor makes the feed be read
 * again from the start (every event handler is idempotent), and a lost gate lets one action through
 * early. Both are per process, so two runner processes pace an account independently; the data
 * layer is asked to keep them with the account so that every runner shares them.
 */
export interface RunnerStateMemory {
  takePacingSlot(accountId: string, now: Date, gapMs: number): Date | null;
  pacedUntil(accountId: string): Date | null;
  cursor(accountId: string): string | null;
  saveCursor(accountId: string, cursor: string): void;
}

export function createRunnerStateMemory(): RunnerStateMemory {
  const busyUntil = new Map<string, number>();
  const cursors = new Map<string, string>();
  return {
    takePacingSlot(accountId, now, gapMs) {
      const until = busyUntil.get(accountId);
      if (until !== undefined && until > now.getTime()) return new Date(until);
      busyUntil.set(accountId, now.getTime() + gapMs);
      return null;
    },
    pacedUntil(accountId) {
      const until = busyUntil.get(accountId);
      return until === undefined ? null : new Date(until);
    },
    cursor: (accountId) => cursors.get(accountId) ?? null,
    saveCursor(accountId, cursor) {
      cursors.set(accountId, cursor);
    },
  };
}
