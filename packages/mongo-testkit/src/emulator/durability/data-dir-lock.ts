import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Claims a data directory for this process: two emulators appending to one journal would corrupt
 * it. A lock left by a process that no longer runs (killed, crashed) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'LOCK');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new Error(`the data directory ${dir} is in use by process ${owner}`, { cause: error });
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock the data directory ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
