import type { ChildProcess, SpawnOptions } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { RoundRobinProxy } from '../round-robin-proxy.mjs';

/** How a child is spawned: `spawn`'s signature (a `ChildProcesses`'s `start` fits). */
export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

/** A child's environment on top of this process's; an undefined value leaves the variable out. */
export type ChildEnv = Record<string, string | undefined>;

export interface StartedProcess<T> {
  child: ChildProcess;
  ready: Promise<T>;
  output(): string;
}

export declare function freePort(): Promise<number>;

export declare function startProcess<T = true>(
  root: string,
  script: string,
  env: ChildEnv,
  match?: (text: string) => T | undefined | null | false,
  options?: { args?: readonly string[]; start?: Spawn },
): StartedProcess<T>;

export declare function startDatabase(
  root: string,
  options?: { name?: string; start?: Spawn },
): Promise<{ uri: string; child: ChildProcess }>;

export declare function waitForReady(url: string, timeoutMs?: number): Promise<void>;

export type FleetKind = 'api' | 'runner' | 'dispatcher';

export interface Fleet {
  apiUrl: string;
  apiProxy: RoundRobinProxy;
  killOne(restartMs: number, kind?: FleetKind): Promise<string | null>;
  allUp(timeoutMs?: number): Promise<void>;
  stop(kind: FleetKind): Promise<void>;
  figures(): {
    kills: Record<FleetKind, number>;
    starts: Record<string, number>;
    actionsByRunner: Record<string, number>;
    requestsByApi: Record<string, number>;
  };
  close(): Promise<void>;
}

export declare function startFleet(options: {
  root: string;
  counts: { apis: number; runners: number; dispatchers: number };
  simUrl: string;
  env: {
    api(port: number, publicUrl: string): ChildEnv;
    runner(id: string, simUrl: string): ChildEnv;
    dispatcher(): ChildEnv;
  };
  start?: Spawn;
  onRunnerResponse?: (req: IncomingMessage, res: IncomingMessage) => void;
}): Promise<Fleet>;
