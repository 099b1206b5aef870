import { hostname } from 'node:os';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const configSchema = z.object({
  MONGODB_URI: z.string().min(1),
  /** Base URL of the professional network's provider API (the sandbox in local runs). */
  NETWORK_URL: z.url(),
  /** Leads executed at the same time by this process. */
  RUNNER_CONCURRENCY: positiveInt(4),
  /** Pause between two passes when the previous pass found nothing due. */
  POLL_INTERVAL_MS: positiveInt(1000),
  /** How long a claimed lead stays reserved; a crashed runner's leads come back after it. */
  LEASE_MS: positiveInt(60_000),
  /** How long shutdown waits for in-flight steps before releasing their leases. */
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /** Time runs this many times faster than real time (shared with the sandbox in demos). */
  TIME_SCALE: z.coerce.number().positive().default(1),
  /** The real instant at which scaled time equals real time; the sandbox must use the same. */
  CLOCK_EPOCH: z.iso.datetime({ offset: true }).optional(),
  RUNNER_ID: z
    .string()
    .min(1)
    .default(() => `runner-${hostname()}-${process.pid}`),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export type Config = z.infer<typeof configSchema>;

/** Reads and validates the process configuration; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}
