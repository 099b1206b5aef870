// What `pnpm start` keeps between runs: the database directory (handed to the test-kit MongoDB) and
// the state file (API key, URLs, the demo clock). `--fresh` deletes both before starting.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Clears the kept data when asked to, and reads what the previous run left. */
export function openLocalData({ stateFile, dataDir, fresh, timeScale, now = Date.now() }) {
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(stateFile, { force: true });
  }
  const previousState = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
  return { previousState, clockEpoch: continuedClockEpoch(previousState, timeScale, now) };
}

/**
 * The processes share a scaled clock, `epoch + (real now - epoch) * scale`. After a restart it
 * carries on from the simulated time at which the previous run stopped, so the kept campaigns
 * neither jump ahead by the scaled downtime nor wait for a clock that went back.
 */
export function continuedClockEpoch(previous, scale, now) {
  const { clockEpoch: epoch, timeScale: oldScale, stoppedAt } = previous ?? {};
  if (scale === 1 || !epoch || !oldScale || !stoppedAt) return new Date(now).toISOString();
  const epochMs = Date.parse(epoch);
  const simulatedAtStop = epochMs + (Date.parse(stoppedAt) - epochMs) * Number(oldScale);
  return new Date(Math.round((scale * now - simulatedAtStop) / (scale - 1))).toISOString();
}

/** Notes in this run's state file when its clock stopped, for the next start. */
export function recordStop(stateFile, clockEpoch) {
  if (!existsSync(stateFile)) return;
  const state = JSON.parse(readFileSync(stateFile, 'utf8'));
  if (state.clockEpoch !== clockEpoch) return;
  writeFileSync(stateFile, `${JSON.stringify({ ...state, stoppedAt: new Date().toISOString() }, null, 2)}\n`);
}
