import { asWorkspaceId, usagePeriodKeys, type Campaign, type Db, type SenderAccount } from '@outreach/db';
import { ACCOUNT_STATUSES, type ProviderCallKind } from '@outreach/domain';
import type { Clock } from '@outreach/network';
import { callBudgetOf } from '../accounts/account-limits.js';
import type { UsageKind } from '../store/runner-store.port.js';

/** What the database-read gauges show, read at once for one scrape. */
export interface BacklogSnapshot {
  leadsDue: number;
  oldestDueLagSeconds: number;
  accountsByStatus: Record<string, number>;
  coolingDownByTier: Record<string, number>;
  /** Daily call budget left by connected accounts, per tier and call kind. */
  budgets: Array<{ tier: string; kind: ProviderCallKind; min: number; sum: number; exhausted: number }>;
}

/** A backlog larger than this per campaign is counted as this: the count stays one bounded read. */
export const DUE_COUNT_LIMIT = 100_000;
const PAGE = 200;
const BUDGET_COUNTERS: Record<ProviderCallKind, UsageKind> = {
  write: 'callsWrite',
  profile_read: 'callsProfileRead',
  list_read: 'callsListRead',
};

/**
 * Reads the backlog and the accounts' state for the gauges, at most once per `minIntervalMs`
 * (scrapes closer together share one reading; several Prometheus servers cost no more). Per
 * active campaign: the earliest due time (one entry of the claim index) and a bounded count of
 * the due leads (index range); the accounts per status (one count of the status index each); per
 * connected account, its day's usage record (one read by id). Every runner process reports the
 * same figures: aggregate them with `max`, not `sum`.
 */
export function createBacklogReader(deps: {
  db: Db;
  clock: Clock;
  minIntervalMs?: number;
}): () => Promise<BacklogSnapshot> {
  const minIntervalMs = deps.minIntervalMs ?? 10_000;
  let last: { at: number; reading: Promise<BacklogSnapshot> } | null = null;
  return () => {
    const now = Date.now();
    if (last === null || now - last.at >= minIntervalMs) {
      const reading = readBacklog(deps.db, deps.clock());
      last = { at: now, reading };
      // A failed reading is not kept: the next scrape tries again.
      reading.catch(() => {
        if (last?.reading === reading) last = null;
      });
    }
    return last.reading;
  };
}

async function readBacklog(db: Db, now: Date): Promise<BacklogSnapshot> {
  let leadsDue = 0;
  let oldest: Date | null = null;
  for (let afterId: string | undefined; ;) {
    const page: Campaign[] = await db.campaigns.listActiveAcrossWorkspaces({
      ...(afterId ? { afterId } : {}),
      limit: PAGE,
    });
    for (const campaign of page) {
      const next = await db.leadLeases.nextDueAt(campaign.workspaceId, campaign.id);
      if (next === null || next > now) continue;
      if (oldest === null || next < oldest) oldest = next;
      leadsDue += await db.leadLeases.countDue(campaign.workspaceId, campaign.id, now, DUE_COUNT_LIMIT);
    }
    if (page.length < PAGE) break;
    afterId = page.at(-1)?.id;
  }
  const accountsByStatus: Record<string, number> = await db.senderAccounts.countByStatusAcrossWorkspaces();
  for (const status of ACCOUNT_STATUSES) accountsByStatus[status] ??= 0;
  const coolingDownByTier: Record<string, number> = {};
  const budgets = new Map<string, BacklogSnapshot['budgets'][number]>();
  for (let afterId: string | undefined; ;) {
    const page: SenderAccount[] = await db.senderAccounts.listConnectedAcrossWorkspaces({
      ...(afterId ? { afterId } : {}),
      limit: PAGE,
    });
    for (const account of page) {
      coolingDownByTier[account.tier] ??= 0;
      if (account.cooldownUntil !== null && account.cooldownUntil > now)
        coolingDownByTier[account.tier] = (coolingDownByTier[account.tier] ?? 0) + 1;
      const period = usagePeriodKeys(now, account.timezone).day;
      const used = await db.accountUsage.get(asWorkspaceId(account.workspaceId), account.id, period);
      for (const [kind, counter] of Object.entries(BUDGET_COUNTERS) as Array<[ProviderCallKind, UsageKind]>) {
        const left = Math.max(0, callBudgetOf(account, kind, now) - used[counter]);
        const key = `${account.tier}|${kind}`;
        const figures = budgets.get(key) ?? { tier: account.tier, kind, min: left, sum: 0, exhausted: 0 };
        figures.min = Math.min(figures.min, left);
        figures.sum += left;
        if (left === 0) figures.exhausted += 1;
        budgets.set(key, figures);
      }
    }
    if (page.length < PAGE) break;
    afterId = page.at(-1)?.id;
  }
  return {
    leadsDue,
    oldestDueLagSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest.getTime()) / 1000),
    accountsByStatus,
    coolingDownByTier,
    budgets: [...budgets.values()],
  };
}
