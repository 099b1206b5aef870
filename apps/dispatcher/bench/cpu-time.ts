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
