import type { TargetAllowance } from '@outreach/domain';
import { providerConfigSchema, type ProviderConfig } from '@outreach/network';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

const configSchema = z.object({
  MONGODB_URI: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Loopback by default: a deployment that must be reachable from elsewhere says so (`0.0.0.0`). */
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Requests one API key may make per minute, counted across every API instance. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** How long a resolved API key is trusted before it is looked up again (bounds revocation delay). */
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Signs session cookies: the same value on every API instance, 32 characters or more. Without
   * it a random one is made at start (sessions then end at every restart; a warning says so).
   */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Other origins a signed-in browser may send changes from (comma-separated), besides PUBLIC_URL. */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(z.url())),
  /** A session unused this long ends (OWASP ASVS 7.3.1): 24 hours by default. */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(86_400),
  /** A session ends this long after sign-in however it is used (ASVS 7.3.2): 7 days by default. */
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(90 * 86_400)
    .default(7 * 86_400),
  /** Anyone may sign up (off: people join by invitation only, after the first owner). */
  OPEN_SIGNUP: flag,
  /** Invitations and password resets are e-mailed through this SMTP server (`smtp://…`, `smtps://…`). */
  SMTP_URL: z.string().min(1).optional(),
  /** The sender of those e-mails. */
  MAIL_FROM: z.string().min(3).default('Outreach <no-reply@outreach.invalid>'),
  /** Accept webhook URLs on any address, private ones included (tests of private networks only). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
  /** Accept webhook URLs on loopback addresses, and no other private one (local runs). */
  WEBHOOK_ALLOW_LOOPBACK_TARGETS: flag,
  /** The whole request, body included, must arrive within this time, else 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  /** The request line and headers must arrive within this time (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(5_000),
  /**
   * How long an operation waits for a reachable database before it is answered 503 (the driver's
   * server selection timeout).
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** How long a shutdown waits for in-flight requests before closing their connections. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Load shedding (see `http/load-shedding.middleware.ts`; the defaults come from
   * `pnpm --filter @outreach/api bench:overload`, `apps/api/README.md`): requests this process
   * serves at once, how many more may wait and for how long, and the event-loop delay (p99 over a
   * second, ms; 0 off) past which none waits. Beyond them the answer is 503 `overloaded`.
   */
  API_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(16),
  API_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(32),
  API_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  API_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /**
   * Demo time compression, shared with the runner and the sandbox network: the service's clock runs
   * TIME_SCALE times faster than real time from CLOCK_EPOCH, so timestamps and analytics windows agree
   * with the simulated campaign. 1 (the default) is real time.
   */
  TIME_SCALE: z.coerce.number().positive().default(1),
  CLOCK_EPOCH: z.iso.datetime({ offset: true }).optional(),
  /**
   * This API's address as the network provider reaches it: the hosted sign-in callback is built on
   * it. Required with NETWORK_PROVIDER=unipile; locally it defaults to http://127.0.0.1:<PORT>.
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * Local runs only (`pnpm start` sets it to its state file, `.outreach/dev.json`): named by the
   * docs page and by 401 answers so a local user finds the demo API key. Leave unset in production.
   */
  DEMO_KEY_FILE: z.string().min(1).max(500).optional(),
  /** The operator console's built files (apps/console/dist), served at /console; not served when unset. */
  CONSOLE_DIR: z.string().min(1).optional(),
  /**
   * `GET /metrics` (Prometheus) on a listener of its own at this port, on `METRICS_HOST`. With
   * neither this nor `METRICS_TOKEN` no metrics are kept or served.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** Loopback by default: a scraper on another host needs it opened (`0.0.0.0`). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * `GET /metrics` on the API's own port too, for a bearer of this token (`Authorization: Bearer
   * …`), 24 characters or more. Without it the main port serves no metrics.
   */
  METRICS_TOKEN: z.string().min(24).optional(),
});

export type Config = z.infer<typeof configSchema> & {
  /** What the two webhook flags allow together, for the shared target policy. */
  webhookTargets: TargetAllowance;
  provider: ProviderConfig;
};
export type LogLevel = Config['LOG_LEVEL'];

/** Reads and validates the process configuration; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  const provider = providerConfigSchema.safeParse(env);
  const issues = [...(parsed.error?.issues ?? []), ...(provider.error?.issues ?? [])];
  if (
    parsed.success &&
    provider.success &&
    provider.data.NETWORK_PROVIDER === 'unipile' &&
    !parsed.data.PUBLIC_URL
  ) {
    issues.push({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'required when NETWORK_PROVIDER=unipile',
      input: undefined,
    });
  }
  if (issues.length > 0 || !parsed.success || !provider.success) {
    const problems = issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const { WEBHOOK_ALLOW_PRIVATE_TARGETS: any, WEBHOOK_ALLOW_LOOPBACK_TARGETS: loopback } = parsed.data;
  return {
    ...parsed.data,
    webhookTargets: any ? 'any' : loopback ? 'loopback' : 'public',
    provider: provider.data,
  };
}
