/**
 * LinkedIn's rules for one sender account: how a new or idle account warms up. The sources
 * ([limits]) are listed in `linkedin-limits.rules.ts`.
 */

/**
 * The warm-up ([limits]: new or inactive accounts start low and increase gradually): a share of
 * each action limit by whole weeks since the warm-up began, full from the fourth week on. List
 * reads are not actions on LinkedIn and do not warm up.
 */
export const WARM_UP_SHARES = [0.3, 0.6, 0.85] as const;
export const WARM_UP_DAYS = WARM_UP_SHARES.length * 7;
/** An account that acted on nothing for this long warms up again when it starts again. */
export const IDLE_DAYS_BEFORE_WARM_UP = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WarmUpStage {
  /** 1-based week of the warm-up, or null once it is over. */
  week: number | null;
  share: number;
  /** When the warm-up ends (null once over). */
  endsAt: Date | null;
}

export function warmUpStage(warmUpStartedAt: Date | null, now: Date): WarmUpStage {
  if (warmUpStartedAt === null) return { week: null, share: 1, endsAt: null };
  const elapsedDays = Math.max(0, (now.getTime() - warmUpStartedAt.getTime()) / DAY_MS);
  const index = Math.floor(elapsedDays / 7);
  const share = WARM_UP_SHARES[index];
  if (share === undefined) return { week: null, share: 1, endsAt: null };
  return { week: index + 1, share, endsAt: new Date(warmUpStartedAt.getTime() + WARM_UP_DAYS * DAY_MS) };
}

/**
 * When an account's warm-up starts again: at its first action after being idle for
 * `IDLE_DAYS_BEFORE_WARM_UP` days (null: keep the current warm-up start).
 */
export function warmUpRestartAt(lastActionAt: Date | null, now: Date): Date | null {
  if (lastActionAt === null) return null;
  return now.getTime() - lastActionAt.getTime() >= IDLE_DAYS_BEFORE_WARM_UP * DAY_MS ? now : null;
}
