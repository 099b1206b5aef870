import type { ChildProcess, SpawnOptions } from 'node:child_process';

export declare class StoppingError extends Error {}

export interface ChildProcesses {
  readonly stopping: boolean;
  start(command: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
  stopAll(first?: readonly ChildProcess[]): Promise<void>;
}

export declare function createChildProcesses(options?: { graceMs?: number }): ChildProcesses;
