import type { ProviderCallMeter } from './provider-call-meter.js';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import {
  DEFAULT_UNIPILE_TIMEOUT_MS,
  type UnipileNetwork,
  createUnipileNetwork,
} from '../unipile/unipile-network.adapter.js';

/**
 * The network provider settings every app reads from its environment, validated at start:
 *
 * - `NETWORK_PROVIDER`: `sandbox` (default; local runs on the Unipile simulator) or `unipile`.
 * - `UNIPILE_DSN`: the API base (`https://apiN.unipile.com:PORT`, or the simulator's URL).
 * - `UNIPILE_API_KEY`: the access token.
 * - `UNIPILE_WEBHOOK_SECRET`: the value of the custom header set on each Unipile webhook
 *   (`UNIPILE_WEBHOOK_SECRET_HEADER`, default `X-Webhook-Secret`).
 * - `UNIPILE_TIMEOUT_MS`: how long one call may take (real time, default 20 s); past it the call is
 *   abandoned and its outcome is unknown. The runner sizes its leases on it.
 *
 * With `unipile` all three are required and the secret must be at least 16 characters; with
 * `sandbox` they are optional (without a DSN the app has no provider: accounts are registered
 * directly).
 */
export const providerConfigSchema = z
  .object({
    NETWORK_PROVIDER: z.enum(['sandbox', 'unipile']).default('sandbox'),
    UNIPILE_DSN: z.string().trim().min(1).optional(),
    UNIPILE_API_KEY: z.string().trim().min(1).optional(),
    UNIPILE_WEBHOOK_SECRET: z.string().min(1).optional(),
    UNIPILE_WEBHOOK_SECRET_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
      .default('X-Webhook-Secret'),
    UNIPILE_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_UNIPILE_TIMEOUT_MS),
  })
  .superRefine((config, ctx) => {
    if (config.NETWORK_PROVIDER === 'unipile') {
      for (const key of ['UNIPILE_DSN', 'UNIPILE_API_KEY', 'UNIPILE_WEBHOOK_SECRET'] as const) {
        if (config[key] === undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when NETWORK_PROVIDER=unipile' });
        }
      }
      if (config.UNIPILE_WEBHOOK_SECRET !== undefined && config.UNIPILE_WEBHOOK_SECRET.length < 16) {
        ctx.addIssue({
          code: 'custom',
          path: ['UNIPILE_WEBHOOK_SECRET'],
          message: 'must be at least 16 characters',
        });
      }
    }
    if (config.UNIPILE_DSN !== undefined && config.UNIPILE_API_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['UNIPILE_API_KEY'], message: 'required with UNIPILE_DSN' });
    }
    if (config.UNIPILE_DSN !== undefined && /^\w+:\/\//.test(config.UNIPILE_DSN)) {
      try {
        new URL(config.UNIPILE_DSN);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['UNIPILE_DSN'], message: 'must be a URL or host:port' });
      }
    }
  });

export type ProviderConfig = z.output<typeof providerConfigSchema>;

/** The provider port the configuration names, or null when there is none (no DSN in sandbox mode). */
export function providerNetworkFromConfig(
  config: ProviderConfig,
  options: { clock?: Clock; timeoutMs?: number; callMeter?: ProviderCallMeter } = {},
): UnipileNetwork | null {
  if (config.UNIPILE_DSN === undefined || config.UNIPILE_API_KEY === undefined) return null;
  return createUnipileNetwork({
    dsn: config.UNIPILE_DSN,
    apiKey: config.UNIPILE_API_KEY,
    // The simulator is held to the SDK's validators; the real service's answers are logged when off.
    validateResponses: config.NETWORK_PROVIDER === 'sandbox' ? 'error' : 'warn',
    ...(options.clock ? { clock: options.clock } : {}),
    timeoutMs: options.timeoutMs ?? config.UNIPILE_TIMEOUT_MS,
    ...(options.callMeter ? { callMeter: options.callMeter } : {}),
  });
}
