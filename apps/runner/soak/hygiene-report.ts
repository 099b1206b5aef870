/**
 * The invitation-hygiene soak's figures per account and its targets: no restriction and no call
 * past a limit (the soak's own figures), no account ever past the ceiling of pending invitations,
 * every invitation left unanswered withdrawn within a day of its due date (never before it), and
 * the acceptance guard started on the accounts whose audience hardly accepts.
 */
import type { Db, SenderAccount, WorkspaceId } from '@outreach/db';
import { OUTSTANDING_CEILING, WITHDRAW_AFTER_DAYS } from '@outreach/domain';
import type { UnipileSimState } from '@outreach/network';
import { accountFigures } from './soak-figures.js';
import { DAY, HOUR, type SoakRun } from './soak-scenario.js';

export interface AudienceOf {
  /** The audience an account sends to, and the acceptance the simulator gives it. */
  (accountId: string): { prefix: string; acceptance: number; low: boolean };
}

export interface HygieneFigures {
  name: string;
  tier: string;
  audience: string;
  sent: number;
  accepted: number;
  /** Pending invitations at their highest, sampled after every pass. */
  maxPending: number;
  withdrawn: number;
  /** Latest withdrawal after its due date, in hours (0 when none). */
  latestWithdrawalH: number;
  /** Withdrawn before they were due (must be 0). */
  early: number;
  /** Unanswered, past their due date by more than a day at the end, and not withdrawn (must be 0). */
  overdue: number;
  guardStarts: string[];
  guardAtEnd: string;
  restricted: string | null;
  /** Calls the simulator's record shows past one of its limits. */
  overLimit: number;
  /** 429, 403 and 5xx answers (a burst of writes, a limit, a restriction). */
  refused: number;
}

/** Pending invitations per account, sampled after each pass: their highest count. */
export function pendingSampler(state: UnipileSimState): {
  sample: () => void;
  maxOf: (accountId: string) => number;
} {
  const most = new Map<string, number>();
  return {
    sample() {
      const pending = new Map<string, number>();
      for (const pair of state.pairs.values()) {
        if (pair.pendingInvitation === null) continue;
        pending.set(pair.accountId, (pending.get(pair.accountId) ?? 0) + 1);
      }
      for (const [accountId, count] of pending)
        most.set(accountId, Math.max(most.get(accountId) ?? 0, count));
    },
    maxOf: (accountId) => most.get(accountId) ?? 0,
  };
}

export async function hygieneFigures(
  run: SoakRun,
  db: Db,
  maxPendingOf: (accountId: string) => number,
  audienceOf: AudienceOf,
): Promise<HygieneFigures[]> {
  const state = run.world.sim.state;
  const endMs = run.endedAt.getTime();
  const dueAfterMs = WITHDRAW_AFTER_DAYS.default * DAY;
  const soakFigures = accountFigures(run);
  const events = await db.events.listRecentByType(
    run.workspaceId as WorkspaceId,
    'acceptance_guard_started',
    1000,
  );
  const accounts = new Map<string, SenderAccount>(
    (await db.senderAccounts.list(run.workspaceId)).map((account) => [account.id, account]),
  );
  return run.accounts.map((account) => {
    const invitations = [...state.invitations.values()].filter((inv) => inv.accountId === account.id);
    let withdrawn = 0;
    let latest = 0;
    let early = 0;
    let overdue = 0;
    for (const invitation of invitations) {
      if (invitation.acceptedAtMs !== null && invitation.withdrawnAtMs === null) continue;
      const dueMs = invitation.sentAtMs + dueAfterMs;
      if (invitation.withdrawnAtMs !== null) {
        withdrawn += 1;
        if (invitation.withdrawnAtMs < dueMs) early += 1;
        latest = Math.max(latest, invitation.withdrawnAtMs - dueMs);
      } else if (endMs > dueMs + DAY) {
        overdue += 1;
      }
    }
    const soak = soakFigures.find((f) => f.account.id === account.id);
    const audience = audienceOf(account.id);
    return {
      name: account.name,
      tier: account.tier,
      audience: `${audience.prefix} (${Math.round(audience.acceptance * 100)} %)`,
      sent: invitations.length,
      accepted: invitations.filter((inv) => inv.acceptedAtMs !== null).length,
      maxPending: maxPendingOf(account.id),
      withdrawn,
      latestWithdrawalH: latest / HOUR,
      early,
      overdue,
      guardStarts: events
        .filter((event) => (event.data as { accountId?: string }).accountId === account.id)
        .map((event) => {
          const day = Math.floor((event.timestamp.getTime() - run.startedAt.getTime()) / DAY);
          return `${(event.data as { state: string }).state} day ${day}`;
        })
        .sort(),
      guardAtEnd: accounts.get(account.id)?.acceptanceGuard?.state ?? 'never reviewed',
      restricted: soak?.restricted ?? null,
      overLimit: soak?.overLimit ?? 0,
      refused: soak ? soak.refusals.s429 + soak.refusals.s403 + soak.refusals.s5xx : 0,
    };
  });
}

export function hygieneFailures(figures: HygieneFigures[], audienceLow: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const f of figures) {
    if (f.restricted !== null) out.push(`${f.name}: restricted (${f.restricted})`);
    if (f.overLimit > 0) out.push(`${f.name}: ${f.overLimit} calls past a limit`);
    if (f.refused > 0) out.push(`${f.name}: ${f.refused} calls answered 429, 403 or 5xx`);
    if (f.maxPending > OUTSTANDING_CEILING.default)
      out.push(
        `${f.name}: ${f.maxPending} pending invitations at most (ceiling ${OUTSTANDING_CEILING.default})`,
      );
    if (f.early > 0) out.push(`${f.name}: ${f.early} invitations withdrawn before they were due`);
    if (f.latestWithdrawalH > 24)
      out.push(`${f.name}: a withdrawal ${f.latestWithdrawalH.toFixed(1)} h after its due date`);
    if (f.overdue > 0) out.push(`${f.name}: ${f.overdue} stale invitations never withdrawn`);
    if (audienceLow(f.name) && f.guardStarts.length === 0)
      out.push(`${f.name}: the acceptance guard never started`);
  }
  return out;
}

export function hygieneTable(run: SoakRun, figures: HygieneFigures[]): string {
  const days = Math.round((run.endedAt.getTime() - run.startedAt.getTime()) / DAY);
  const header = [
    'account',
    'tier',
    'audience (acceptance)',
    'invitations sent',
    'accepted',
    'pending max (ceiling 500)',
    'withdrawn',
    'latest withdrawal after due (h)',
    'withdrawn early',
    'stale not withdrawn',
    'guard started',
    'guard at end',
    'restricted',
    'calls past a limit',
    '429/403/5xx',
  ];
  const rows = figures.map((f) => [
    f.name,
    f.tier,
    f.audience,
    String(f.sent),
    `${f.accepted} (${f.sent === 0 ? 0 : Math.round((f.accepted / f.sent) * 100)} %)`,
    String(f.maxPending),
    String(f.withdrawn),
    f.latestWithdrawalH.toFixed(1),
    String(f.early),
    String(f.overdue),
    f.guardStarts.join(', ') || '-',
    f.guardAtEnd,
    f.restricted ?? '0',
    String(f.overLimit),
    String(f.refused),
  ]);
  const lines = [header, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  lines.splice(1, 0, `|${header.map(() => ' --- ').join('|')}|`);
  return [
    `${days} simulated days, ${run.accounts.length} accounts, ${run.leads.length} leads, ${run.passes} passes`,
    ...lines,
  ].join('\n');
}
