/**
 * The soak's table (one row per account) and its targets: no restriction, no call past a limit
 * the simulator enforces, no lead closed by a limit or the provider's error form, every reply
 * detected within one poll interval, and at least 90% of the allowed weekly invitations used
 * while the account had leads to invite.
 */
import { performance } from 'node:perf_hooks';
import { accountFigures, type AccountFigures } from './soak-figures.js';
import { DAY, HOUR, type SoakRun } from './soak-scenario.js';

export const INVITATION_USE_TARGET = 0.9;

/**
 * Prints a soak's table, its wall time and its verdict; answers the process's exit code (1 when a
 * target was missed).
 */
export function printVerdict(table: string, failures: string[], startedMs: number): number {
  console.log(table);
  console.log(`\nreal time: ${((performance.now() - startedMs) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    console.log(`\ntargets missed:\n- ${failures.join('\n- ')}`);
    return 1;
  }
  console.log('\nevery target holds');
  return 0;
}

export interface SoakReport {
  figures: AccountFigures[];
  /** One line per target missed; empty when every target holds. */
  failures: string[];
  table: string;
}

export function soakReport(run: SoakRun): SoakReport {
  const figures = accountFigures(run);
  return { figures, failures: failures(run, figures), table: table(run, figures) };
}

function failures(run: SoakRun, figures: AccountFigures[]): string[] {
  const out: string[] = [];
  const intervalH = 24 / run.pollsPerDay;
  for (const f of figures) {
    const name = f.account.name;
    if (f.restricted !== null) out.push(`${name}: restricted (${f.restricted})`);
    const limitAnswers = f.refusals.s429 + f.refusals.s403 + f.refusals.s5xx;
    if (f.overLimit > 0 || limitAnswers > 0) {
      out.push(`${name}: ${f.overLimit} calls past a limit, ${limitAnswers} 429/403/5xx answers`);
    }
    if (f.burst.max > f.burst.limit) out.push(`${name}: ${f.burst.max} sensitive calls in a minute`);
    if (f.closedByProvider > 0)
      out.push(`${name}: ${f.closedByProvider} leads closed by the provider's answer`);
    if (f.replies.lateBeyondInterval > 0 || f.replies.undetected > 0) {
      out.push(
        `${name}: ${f.replies.lateBeyondInterval} replies detected later than ${intervalH} h ` +
          `(worst ${hours(f.replies.maxLateMs)} h), ${f.replies.undetected} never`,
      );
    }
    for (const week of f.weeks) {
      if (week.backlog > 0 && week.used < INVITATION_USE_TARGET * week.allowed) {
        out.push(`${name}: week ${week.week} used ${week.used} of ${week.allowed} invitations allowed`);
      }
    }
  }
  return out;
}

function hours(ms: number): string {
  return (ms / HOUR).toFixed(1);
}

function table(run: SoakRun, figures: AccountFigures[]): string {
  const days = Math.round((run.endedAt.getTime() - run.startedAt.getTime()) / DAY);
  const header = [
    'account',
    'tier',
    'inv total',
    'inv/day max (limit)',
    'inv/7d max (limit)',
    'msg total',
    'msg/day max (limit)',
    'msg/7d max',
    'profiles/day max (limit)',
    'list reads/day max (mean)',
    'burst/min max (limit)',
    'restricted',
    '429/422/403/5xx',
    'calls past a limit',
    'reconnected',
    'closed (why)',
    'replies detected/sent',
    'reply late max h',
    'invitations used/allowed per week (leads left)',
  ];
  const rows = figures.map((f) => [
    f.account.name + (f.account.newlyConnected ? ' (new)' : ''),
    f.account.tier,
    String(f.invitations.total),
    `${f.invitations.maxDay} (${f.invitations.limitDay ?? '-'})`,
    `${f.invitations.maxWeek} (${f.invitations.limitWeek})`,
    String(f.messages.total),
    `${f.messages.maxDay} (${f.messages.limitDay})`,
    String(f.messages.maxWeek),
    `${f.profileReads.maxDay} (${f.profileReads.limitDay})`,
    `${f.listReads.maxDay} (${f.listReads.meanDay.toFixed(1)})`,
    `${f.burst.max} (${f.burst.limit})`,
    f.restricted ?? '0',
    `${f.refusals.s429}/${f.refusals.s422}/${f.refusals.s403}/${f.refusals.s5xx}`,
    String(f.overLimit),
    String(f.reconnections),
    Object.entries(f.closed)
      .map(([why, n]) => `${why} ${n}`)
      .join(', ') || '-',
    `${f.replies.detected}/${f.replies.sent}`,
    hours(f.replies.maxLateMs),
    f.weeks.map((w) => `${w.used}/${w.allowed} (${w.backlog})`).join(' '),
  ]);
  const lines = [header, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  lines.splice(1, 0, `|${header.map(() => ' --- ').join('|')}|`);
  const leads = run.leads.length;
  return [
    `${days} simulated days, ${run.accounts.length} accounts, ${run.campaignIds.length} campaigns, ${leads} leads, ` +
      `${run.passes} passes, polls ${run.pollsPerDay} a day`,
    ...lines,
  ].join('\n');
}
