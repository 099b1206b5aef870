import type { Db } from '@outreach/db';
import type { TargetAllowance } from '@outreach/domain';
import type { Logger } from 'pino';

export interface AppSettings {
  /** Requests one API key may make per minute across all instances (300 in production). */
  rateLimitPerMinute: number;
  /** How long a resolved API key is trusted before it is looked up again. */
  apiKeyCacheMs: number;
  /**
   * Which webhook URLs besides public ones are accepted: `public` (none, production), `loopback`
   * (local runs) or `any` (tests of private networks).
   */
  webhookTargets: TargetAllowance;
  /** The sandbox network (local runs), where reconnecting an account restores its session. */
  sandboxUrl?: string | undefined;
}

/** Everything the HTTP app needs from the outside; tests pass their own. */
export interface AppDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  settings: AppSettings;
  /** Resolves when the database answers; `/readyz` reports 503 when it does not. */
  pingDatabase: () => Promise<void>;
  /** True once the process is shutting down; `/readyz` then reports 503. */
  isShuttingDown?: () => boolean;
}
