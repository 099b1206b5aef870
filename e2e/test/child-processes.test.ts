// De-risks the orphan a signal during startup could leave: `scripts/start.mjs` starts its
// processes through scripts/child-processes.mjs, which must refuse to start anything once the
// shutdown has begun (a process started after the shutdown took its list would outlive the run),
// and must stop a build with every process under it.
import { describe, expect, it } from 'vitest';
import { createChildProcesses, StoppingError } from '../../scripts/child-processes.mjs';

const IDLE = ['-e', 'setInterval(() => {}, 1000)'];

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function gone(child: { exitCode: number | null; signalCode: NodeJS.Signals | null }): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

describe('the processes pnpm start runs', () => {
  it('starts nothing once stopping has begun, and stops everything started before', async () => {
    const processes = createChildProcesses();
    const first = processes.start(process.execPath, IDLE, { stdio: 'ignore' });
    const second = processes.start(process.execPath, IDLE, { stdio: 'ignore' });
    const stopped = processes.stopAll([second]);
    // What startup would do next, while the shutdown is still stopping the others.
    expect(() => processes.start(process.execPath, IDLE, { stdio: 'ignore' })).toThrow(StoppingError);
    await stopped;
    expect(processes.stopping).toBe(true);
    expect([gone(first), gone(second)]).toEqual([true, true]);
  });

  it('stops a build started in a group of its own together with what it started', async () => {
    const processes = createChildProcesses();
    const build = processes.start('sh', ['-c', 'sleep 600 & echo $!; wait'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    const underBuild = await new Promise<number>((resolve) =>
      build.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    expect(isRunning(underBuild)).toBe(true);
    await processes.stopAll();
    expect(gone(build)).toBe(true);
    // The group is signalled at once; the kernel may take a moment to reap the last of it.
    const deadline = Date.now() + 5_000;
    while (isRunning(underBuild) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(underBuild)).toBe(false);
  });
});
