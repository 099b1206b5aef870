import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CLI_VARIABLES, type CliConfig, flagName, parseCliConfig } from '../simulation/cli-config.js';
import { SIM_TIERS } from './sim-rules.js';
import { type UnipileSimSettingsInput, unipileSimSettingsSchema } from './sim-settings.js';

export const DEFAULT_SIM_PORT = 4020;

/** The simulator's own settings, on top of every sandbox setting (`PORT`, `SEED`, `ACCEPT_PROBABILITY`...). */
const simSchema = z.strictObject({
  UNIPILE_API_KEY: z.string().min(1).optional(),
  WEBHOOK_URL: z.url().optional(),
  WEBHOOK_SECRET_HEADER: z.string().min(1).optional(),
  WEBHOOK_SECRET: z.string().optional(),
  WEBHOOK_DROP_PROBABILITY: z.coerce.number().optional(),
  /** `false` turns off LinkedIn's documented limits and the webhook faults (happy path). */
  STRICT: z.stringbool().optional(),
  WEEKLY_INVITATION_LIMIT: z.coerce.number().optional(),
  DEFAULT_TIER: z.enum(SIM_TIERS).optional(),
  DEFAULT_PREMIUM: z.stringbool().optional(),
  INMAIL_CREDITS: z.coerce.number().optional(),
  SESSION_LIFETIME_MS: z.coerce.number().optional(),
  RELATION_WEBHOOK_MAX_DELAY_MS: z.coerce.number().optional(),
  RELATION_WEBHOOK_LOSS_PROBABILITY: z.coerce.number().optional(),
  STATUS_WEBHOOK_DUPLICATE_PROBABILITY: z.coerce.number().optional(),
  NULL_MESSAGE_ID_PROBABILITY: z.coerce.number().optional(),
  MAX_PENDING_INVITATIONS: z.coerce.number().optional(),
  MIN_ACCEPTANCE_RATE: z.coerce.number().optional(),
  ACCEPTANCE_MIN_INVITATIONS: z.coerce.number().optional(),
  REINVITE_AFTER_WITHDRAWAL_MS: z.coerce.number().optional(),
  SEARCH_SHIFT_PROBABILITY: z.coerce.number().optional(),
  SEARCH_DEFAULT_TOTAL: z.coerce.number().optional(),
  SEARCH_RESULTS_PER_DAY: z.coerce.number().optional(),
  REACTOR_MEMBER_URL_PROBABILITY: z.coerce.number().optional(),
});

export const SIM_CLI_VARIABLES = [
  ...CLI_VARIABLES,
  ...(Object.keys(simSchema.shape) as (keyof typeof simSchema.shape)[]),
];

export interface SimCliConfig extends CliConfig {
  sim: UnipileSimSettingsInput;
}

/** Environment first, flags win; the sandbox settings are checked by the sandbox's own parser. */
export function parseSimCliConfig(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): SimCliConfig {
  const options = Object.fromEntries(
    SIM_CLI_VARIABLES.map((name) => [flagName(name), { type: 'string' as const }]),
  );
  const { values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  const read = (name: string): string | undefined => {
    const value = (values[flagName(name)] as string | undefined) ?? env[name];
    return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
  };
  const sandboxArgs = CLI_VARIABLES.flatMap((name) => {
    const value = read(name) ?? (name === 'PORT' ? String(DEFAULT_SIM_PORT) : undefined);
    return value === undefined ? [] : [`--${flagName(name)}`, value];
  });
  const base = parseCliConfig(sandboxArgs, {});
  const raw = Object.fromEntries(
    Object.keys(simSchema.shape).flatMap((name) => {
      const value = read(name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
  const parsed = simSchema.safeParse(raw);
  if (!parsed.success)
    throw new RangeError(`invalid simulator configuration:\n${z.prettifyError(parsed.error)}`);
  const c = parsed.data;
  const candidate = Object.fromEntries(
    Object.entries({
      apiKey: c.UNIPILE_API_KEY,
      webhookUrl: c.WEBHOOK_URL,
      webhookSecretHeader: c.WEBHOOK_SECRET_HEADER,
      webhookSecret: c.WEBHOOK_SECRET,
      webhookDropProbability: c.WEBHOOK_DROP_PROBABILITY,
      strict: c.STRICT,
      weeklyInvitationLimit: c.WEEKLY_INVITATION_LIMIT,
      defaultTier: c.DEFAULT_TIER,
      defaultPremium: c.DEFAULT_PREMIUM,
      inmailCredits: c.INMAIL_CREDITS,
      sessionLifetimeMs: c.SESSION_LIFETIME_MS,
      relationWebhookMaxDelayMs: c.RELATION_WEBHOOK_MAX_DELAY_MS,
      relationWebhookLossProbability: c.RELATION_WEBHOOK_LOSS_PROBABILITY,
      statusWebhookDuplicateProbability: c.STATUS_WEBHOOK_DUPLICATE_PROBABILITY,
      nullMessageIdProbability: c.NULL_MESSAGE_ID_PROBABILITY,
      maxPendingInvitations: c.MAX_PENDING_INVITATIONS,
      minAcceptanceRate: c.MIN_ACCEPTANCE_RATE,
      acceptanceMinInvitations: c.ACCEPTANCE_MIN_INVITATIONS,
      reinviteAfterWithdrawalMs: c.REINVITE_AFTER_WITHDRAWAL_MS,
      searchShiftProbability: c.SEARCH_SHIFT_PROBABILITY,
      searchDefaultTotal: c.SEARCH_DEFAULT_TOTAL,
      searchResultsPerDay: c.SEARCH_RESULTS_PER_DAY,
      reactorMemberUrlProbability: c.REACTOR_MEMBER_URL_PROBABILITY,
    }).filter(([, value]) => value !== undefined),
  );
  const checked = unipileSimSettingsSchema.safeParse(candidate);
  if (!checked.success)
    throw new RangeError(`invalid simulator configuration:\n${z.prettifyError(checked.error)}`);
  return { ...base, sim: candidate as UnipileSimSettingsInput };
}
