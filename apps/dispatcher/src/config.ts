import type { TargetAllowance } from '@outreach/domain';
import { z } from 'zod';

/** Leaves room, beyond the HTTP timeout, for the reads before and the write after a POST. */
const LEASE_MARGIN_MS = 5_000;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const configSchema = z
  .object({
    MONGODB_URI: z.string().min(1),
    DISPATCHER_CONCURRENCY: positiveInt(32),
    DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY: positiveInt(4),
    DISPATCHER_POLL_INTERVAL_MS: positiveInt(1_000),
    DISPATCHER_LEASE_MS: positiveInt(60_000),
    DISPATCHER_SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
    WEBHOOK_TIMEOUT_MS: positiveInt(15_000),
    /** How long a database operation waits for a reachable server before it fails and is retried. */
    DATABASE_TIMEOUT_MS: positiveInt(10_000),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
    WEBHOOK_ALLOW_LOOPBACK_TARGETS: flag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Demo only: run the schedule on the same compressed clock as the runner (1 = real time). */
    TIME_SCALE: z.coerce.number().positive().default(1),
    CLOCK_EPOCH: z.iso.datetime({ offset: true }).optional(),
    /** Port of `GET /metrics` (Prometheus), a listener of its own; no metrics kept or served when unset. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Least time between two reads of the backlog gauges (scrapes in between share one). */
    METRICS_REFRESH_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  })
  .refine((c) => c.DISPATCHER_LEASE_MS >= c.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS, {
    path: ['DISPATCHER_LEASE_MS'],
    message: `must be at least WEBHOOK_TIMEOUT_MS + ${LEASE_MARGIN_MS}, so a live attempt never loses its lease`,
  })
  .refine((c) => c.DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY <= c.DISPATCHER_CONCURRENCY, {
    path: ['DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY'],
    message: 'must not exceed DISPATCHER_CONCURRENCY',
  });

export type Config = z.infer<typeof configSchema> & {
  /** What the two webhook flags allow together, for the shared target policy. */
  webhookTargets: TargetAllowance;
};

/** Reads and validates the process configuration; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const { WEBHOOK_ALLOW_PRIVATE_TARGETS: any, WEBHOOK_ALLOW_LOOPBACK_TARGETS: loopback } = parsed.data;
  return { ...parsed.data, webhookTargets: any ? 'any' : loopback ? 'loopback' : 'public' };
}
