import { z } from 'zod';
import {
  type SandboxSettings,
  type SandboxSettingsInput,
  parseSandboxSettings,
} from '../simulation/sandbox-settings.js';

const DAY = 86_400_000;

/**
 * What the Unipile simulator adds to the sandbox's behaviour settings (accept and reply chances,
 * delays, texts, missing profiles, hang time), which it reuses as they are.
 */
export const unipileSimSettingsSchema = z.strictObject({
  /** The `X-API-KEY` every `/api/v1` call must carry. */
  apiKey: z.string().min(1).default('sim-api-key'),
  /** Where webhooks go; none are sent without it (they still appear in the delivery log as dropped). */
  webhookUrl: z.url().optional(),
  /** The custom header set on the Unipile webhook, and its value. */
  webhookSecretHeader: z.string().min(1).default('X-Webhook-Secret'),
  webhookSecret: z.string().default('sim-webhook-secret'),
  /** Share of webhooks deliberately never delivered (a hash of the seed and the event), so a reconciliation poll is needed. */
  webhookDropProbability: z.number().min(0).max(1).default(0),
  /** Unipile tries a webhook up to five times when the answer is not a 200. */
  webhookMaxAttempts: z.number().int().min(1).default(5),
  /** Real milliseconds between two attempts, times the attempt number. */
  webhookRetryDelayMs: z.number().int().min(0).default(200),
  /** Invitations an account may send in any 7-day window (sandbox time); LinkedIn's paid accounts get about 200. */
  weeklyInvitationLimit: z.number().int().min(1).default(200),
  invitationWindowMs: z
    .number()
    .int()
    .min(1)
    .default(7 * DAY),
  /** Accounts created on first use: premium (300-character notes, InMail) or free (200 characters, no InMail). */
  defaultPremium: z.boolean().default(true),
  /** InMail credits of a premium account. */
  inmailCredits: z.number().int().min(0).default(50),
  /** Real milliseconds between two background passes that settle due events and push webhooks. */
  tickMs: z.number().int().min(1).default(200),
});

export type UnipileSimSettingsInput = z.input<typeof unipileSimSettingsSchema>;
export type UnipileSimOwnSettings = z.output<typeof unipileSimSettingsSchema>;
export type UnipileSimSettings = SandboxSettings & UnipileSimOwnSettings;

const OWN_KEYS = Object.keys(unipileSimSettingsSchema.shape);

export function parseUnipileSimSettings(
  input: SandboxSettingsInput & UnipileSimSettingsInput = {},
): UnipileSimSettings {
  const own: Record<string, unknown> = {};
  const sandbox: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) (OWN_KEYS.includes(key) ? own : sandbox)[key] = value;
  const parsed = unipileSimSettingsSchema.safeParse(own);
  if (!parsed.success) throw new RangeError(`invalid simulator settings:\n${z.prettifyError(parsed.error)}`);
  return { ...parseSandboxSettings(sandbox as SandboxSettingsInput), ...parsed.data };
}
