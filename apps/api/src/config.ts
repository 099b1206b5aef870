import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  MONGODB_URI: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Requests one API key may make per minute, counted across every API instance. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** How long a resolved API key is trusted before it is looked up again (bounds revocation delay). */
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Accept webhook URLs on private or loopback addresses (local runs and tests only). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The sandbox network's base URL (local runs): reconnecting a sender account then re-establishes
   * its session there directly. Without it, a reconnection only records that the session is back.
   */
  SANDBOX_URL: z.url().optional(),
  /** How long a shutdown waits for in-flight requests before closing their connections. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Demo time compression, shared with the runner and the sandbox network: the service's clock runs
   * TIME_SCALE times faster than real time from CLOCK_EPOCH, so timestamps and analytics windows agree
   * with the simulated campaign. 1 (the default) is real time.
   */
  TIME_SCALE: z.coerce.number().positive().default(1),
  CLOCK_EPOCH: z.iso.datetime({ offset: true }).optional(),
});

export type Config = z.infer<typeof configSchema>;
export type LogLevel = Config['LOG_LEVEL'];

/** Reads and validates the process configuration; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}
