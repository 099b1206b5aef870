import { readFileSync } from 'node:fs';

/** Linux's fixed unit of the times in `/proc/<pid>/stat` (USER_HZ), in milliseconds. */
const TICK_MS = 10;

/** What a process used so far, in milliseconds; null where Linux's `/proc` does not tell. */
export interface CpuTimes {
  /** CPU time (user + system) of all its threads. */
  process: number | null;
  /** CPU time of its main thread (the event loop of a Node process). */
  mainThread: number | null;
  /** Time its main thread was ready to run but waited for a CPU (the scheduler's run queue). */
  mainThreadWaiting: number | null;
}

export function cpuTimes(pid: number): CpuTimes {
  const stat = read(`/proc/${pid}/stat`);
  // The fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  // On-CPU and run-queue nanoseconds of the main thread.
  const [running, waiting] = (read(`/proc/${pid}/task/${pid}/schedstat`) ?? '').split(' ').map(Number);
  const ms = (ns: number | undefined): number | null =>
    ns === undefined || !Number.isFinite(ns) ? null : ns / 1e6;
  return {
    process: Number.isFinite(ticks) ? ticks * TICK_MS : null,
    mainThread: ms(running),
    mainThreadWaiting: ms(waiting),
  };
}

export function cpuTimesSince(before: CpuTimes, after: CpuTimes): CpuTimes {
  const since = (a: number | null, b: number | null): number | null =>
    a === null || b === null ? null : b - a;
  return {
    process: since(before.process, after.process),
    mainThread: since(before.mainThread, after.mainThread),
    mainThreadWaiting: since(before.mainThreadWaiting, after.mainThreadWaiting),
  };
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU time so far (all CPUs), in ticks; null off Linux. */
function machineTicks(): { busy: number; total: number } | null {
  const line = read('/proc/stat')?.split('\n')[0];
  if (line === undefined || !line.startsWith('cpu ')) return null;
  const ticks = line.split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the idle time.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine is quiet: a 100 ms window in which its CPUs were busy at most a tenth of
 * the time (what a database still collecting its garbage after a run would take from the next
 * one), or `maxMs` in all. Returns at once where `/proc/stat` cannot be read.
 */
export async function machineQuiet(maxMs = 3_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let before = machineTicks();
  while (before !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = machineTicks();
    if (after === null) return;
    const total = after.total - before.total;
    if (total > 0 && (after.busy - before.busy) / total <= 0.1) return;
    before = after;
  }
}
