// The processes `scripts/start.mjs` starts, and how they are stopped. Once stopping has begun
// nothing new starts: a child started after the shutdown took its list would outlive the run (an
// orphan holding its port). A child started in a process group of its own (the build) is stopped
// with its whole group, so whatever it started under it stops too.
import { spawn } from 'node:child_process';

/** How long a child has after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 10_000;

export class StoppingError extends Error {
  constructor() {
    super('stopping: not starting anything more');
  }
}

export function createChildProcesses({ graceMs = STOP_GRACE_MS } = {}) {
  /** Every child started that may still run, oldest first. */
  const running = new Set();
  /** Children started in a process group of their own, stopped as a whole group. */
  const groupLeaders = new WeakSet();
  let stopping = false;

  /** `spawn`, refused with a StoppingError once `stopAll` has begun. */
  function start(command, args, options = {}) {
    if (stopping) throw new StoppingError();
    const child = spawn(command, args, options);
    running.add(child);
    if (options.detached) groupLeaders.add(child);
    child.once('exit', () => running.delete(child));
    child.once('error', () => running.delete(child));
    return child;
  }

  /** SIGTERM (to the whole group of a group leader), SIGKILL after the grace; resolves once gone. */
  async function stop(child) {
    // A child that a signal ended has no exit code, only a signal code: it is gone all the same.
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const kill = (signal) => {
      try {
        if (groupLeaders.has(child)) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    };
    const exited = new Promise((resolve) => child.once('exit', resolve));
    kill('SIGTERM');
    let timer;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    // A group may still hold processes after its leader exited: they end too.
    kill('SIGKILL');
    await exited;
  }

  return {
    get stopping() {
      return stopping;
    },
    /**
     * Stops every child, one at a time: `first` in its order (the services, newest first), then the
     * rest, newest first. Nothing starts from the moment this is called, so the list is complete.
     */
    async stopAll(first = []) {
      stopping = true;
      const rest = [...running].reverse().filter((child) => !first.includes(child));
      for (const child of [...first, ...rest]) await stop(child);
    },
    start,
  };
}
