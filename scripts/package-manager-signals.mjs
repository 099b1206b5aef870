// Why this exists: `pnpm start` runs this script in a process group of its own, and passes a
// SIGINT on to that group only when pnpm itself handles SIGINT. A shell script that starts
// `pnpm start > log &` without job control (what `setsid`, `nohup … &` and most supervisors'
// wrapper scripts do) makes pnpm inherit SIGINT as *ignored*; `kill -INT -- -<pnpm's pgid>` then
// reaches only pnpm, which drops it, and nothing of the service ever hears it. The watcher below
// joins the package manager's process group, so a SIGINT sent to that group reaches us too.
// Node has no setpgid(), hence a few lines of Perl (part of every Linux and macOS base system),
// with Python as the fallback.
import { execFileSync, spawn } from 'node:child_process';

/** The process group of `pid` and its parent, read with POSIX `ps`; undefined when it is gone. */
function processInfo(pid) {
  try {
    const [ppid, pgid] = execFileSync('ps', ['-o', 'ppid=,pgid=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .map(Number);
    return ppid !== undefined && pgid !== undefined ? { ppid, pgid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The process group of the package manager that runs this script, when it differs from ours
 * (pnpm's); undefined when we were started directly or our group is the package manager's (npm).
 */
function packageManagerGroup() {
  // Only when a package manager runs this script as `start` (not, say, a test that spawns it).
  if (process.env.npm_lifecycle_event !== 'start') return undefined;
  const ours = processInfo(process.pid)?.pgid;
  let pid = process.ppid;
  // Our parent is the shell the package manager runs scripts in; the package manager is above it.
  for (let depth = 0; depth < 4 && pid > 1; depth += 1) {
    const info = processInfo(pid);
    if (!info) return undefined;
    if (info.pgid !== ours) return info.pgid;
    pid = info.ppid;
  }
  return undefined;
}

// Each says "ready" once it is in the group, so that nothing is started before a signal can arrive.
const PERL = `use POSIX (); my ($group, $target) = @ARGV;
POSIX::setpgid(0, $group) or exit 3;
$| = 1; print "ready\\n";
$SIG{INT} = sub { kill 'INT', $target; exit 0 };
while (getppid() == $target) { sleep 1 }`;

const PYTHON = `import os, signal, sys, time
group, target = int(sys.argv[1]), int(sys.argv[2])
os.setpgid(0, group)
print("ready", flush=True)
signal.signal(signal.SIGINT, lambda *_: (os.kill(target, signal.SIGINT), os._exit(0)))
while os.getppid() == target: time.sleep(1)`;

const WATCHERS = [
  ['perl', ['-e', PERL]],
  ['python3', ['-c', PYTHON]],
];

/**
 * Makes a SIGINT sent to the package manager's process group reach this process. Returns `ready`,
 * which resolves once the watcher is in that group (or there is none to place), and `stop`, which
 * stops the watcher (it also ends by itself once this process is gone).
 */
export function forwardPackageManagerSigint(log) {
  const group = packageManagerGroup();
  if (group === undefined) return { ready: Promise.resolve(), stop: () => {} };
  let watcher;
  const ready = new Promise((resolve) => {
    const tryWatcher = (index) => {
      const entry = WATCHERS[index];
      if (!entry) {
        log(
          `SIGINT sent to pnpm's process group ${group} may not reach the service (no perl or python3 to watch it); SIGTERM always does`,
        );
        resolve();
        return;
      }
      const [command, args] = entry;
      const child = spawn(command, [...args, String(group), String(process.pid)], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      watcher = child;
      let placed = false;
      // One that is missing, or could not join the group (it exits before saying "ready"): the
      // next one is tried.
      let movedOn = false;
      const next = () => {
        if (placed || movedOn) return;
        movedOn = true;
        tryWatcher(index + 1);
      };
      child.once('error', next);
      child.once('exit', next);
      child.stdout.once('data', () => {
        placed = true;
        child.stdout.destroy();
        resolve();
      });
      child.unref();
    };
    tryWatcher(0);
  });
  return {
    ready,
    stop: () => {
      if (watcher?.exitCode === null) watcher.kill('SIGKILL');
    },
  };
}
