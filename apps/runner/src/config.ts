import { hostname } from 'node:os';
import { providerConfigSchema, type ProviderConfig } from '@outreach/network';
import { loadLlmConfig, type LlmConfig } from '@outreach/llm';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const configSchema = z.object({
  MONGODB_URI: z.string().min(1),
  /** Leads executed at the same time by this process. */
  RUNNER_CONCURRENCY: positiveInt(4),
  /** Pause between two passes when the previous pass found nothing due. */
  POLL_INTERVAL_MS: positiveInt(1000),
  /**
   * How long (real time, whatever `TIME_SCALE`) a claimed lead, queued message or provider event
   * stays reserved; a crashed runner's work comes back after it.
   */
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
  /**
   * Reconciliation polls of each sender account's relations and messages a day, in product time
   * and jittered (Unipile asks to space such checks out to a few a day); webhooks come first.
   */
  RECONCILE_POLLS_PER_DAY: z.coerce.number().positive().max(96).default(4),
  /** Port of the health server (`/healthz`, `/readyz`); none when unset. */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Port of `GET /metrics` (Prometheus); no metrics are kept or served when unset. The same port as
   * `HEALTH_PORT` serves them beside the probes; another one gets a listener of its own.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Least time between two reads of the backlog and account gauges (scrapes in between share one). */
  METRICS_REFRESH_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
});

export type Config = z.infer<typeof configSchema> & {
  provider: ProviderConfig;
  /** The language model (`LLM_*` variables, see `@outreach/llm`); `endpoint` is null without one. */
  llm: LlmConfig;
};

/**
 * The most answers a lead's step waits for one after the other (ICP decisions, then AI tool
 * values; each batch is asked in parallel and bounded by `LLM_TIMEOUT_MS`).
 */
export const MODEL_WAITS_PER_STEP = 2;

/**
 * Call timeouts (`UNIPILE_TIMEOUT_MS`) a lease must cover after an action's pending record: the
 * action's calls, then the time a call abandoned at its timeout may still take to land.
 */
export const PROVIDER_WAITS_PER_ACTION = 2;

/** Reads and validates the process configuration; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  const provider = providerConfigSchema.safeParse(env);
  const problems = [...(parsed.error?.issues ?? []), ...(provider.error?.issues ?? [])].map(
    (i) => `${i.path.join('.')}: ${i.message}`,
  );
  // The runner acts through the provider: its address and key are needed in every mode (the
  // simulator's locally).
  if (provider.success) {
    if (provider.data.UNIPILE_DSN === undefined) problems.push('UNIPILE_DSN: required');
    if (provider.data.UNIPILE_API_KEY === undefined && provider.data.NETWORK_PROVIDER !== 'unipile')
      problems.push('UNIPILE_API_KEY: required');
  }
  const llm = loadLlmConfig(env);
  // A lease that ran out while a step waited on the model would let another runner take the lead
  // and act for it too; the step's model waits must fit in the lease with room for the network.
  const modelWaitMs = MODEL_WAITS_PER_STEP * llm.timeoutMs;
  if (parsed.success && llm.endpoint !== null && parsed.data.LEASE_MS < 2 * modelWaitMs) {
    problems.push(
      `LEASE_MS: must be at least ${2 * modelWaitMs} ms (twice the ${MODEL_WAITS_PER_STEP} model waits of LLM_TIMEOUT_MS a step may make)`,
    );
  }
  // A step's action must be over, and its calls unable to land any more, before its lease runs out:
  // otherwise another runner takes the lead while a call may still act, finds no trace of it at
  // the provider, and acts a second time (see `performAction`).
  if (parsed.success && provider.success) {
    const leastLease = PROVIDER_WAITS_PER_ACTION * provider.data.UNIPILE_TIMEOUT_MS;
    if (parsed.data.LEASE_MS < leastLease)
      problems.push(
        `LEASE_MS: must be at least ${leastLease} ms (${PROVIDER_WAITS_PER_ACTION} times UNIPILE_TIMEOUT_MS: an action's calls, then the time a call abandoned at its timeout may still take to reach the provider)`,
      );
  }
  if (problems.length > 0 || !parsed.success || !provider.success) {
    throw new Error(`invalid configuration: ${problems.join('; ')}`);
  }
  return { ...parsed.data, provider: provider.data, llm };
}
