import { z } from 'zod';
import {
  type SandboxSettings,
  type SandboxSettingsInput,
  parseSandboxSettings,
} from '../simulation/sandbox-settings.js';
import { SIM_TIERS } from './sim-rules.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
  /**
   * Enforce what LinkedIn and Unipile document (per-tier caps, restriction after too many profile
   * retrievals, bursts, sessions that expire, late and lost webhooks). `false` gives the happy path
   * of a network without limits, for tests that are about something else.
   */
  strict: z.boolean().default(true),
  /** Replaces every tier's weekly invitation cap when given (old knob; the tiers' own caps otherwise). */
  weeklyInvitationLimit: z.number().int().min(1).optional(),
  invitationWindowMs: z
    .number()
    .int()
    .min(1)
    .default(7 * DAY),
  /**
   * Pending invitations (sent, neither accepted nor withdrawn) an account may have: the invitation
   * that would go past it restricts the account. LinkedIn restricts accounts "for having too many
   * outstanding invitations" (https://www.linkedin.com/help/linkedin/answer/a551012); practitioners
   * put the danger zone at 500 to 700 pending (product owner's brief), the simulator at its top.
   */
  maxPendingInvitations: z.number().int().min(1).default(700),
  /**
   * LinkedIn restricts an account when "many of your invitations have been ignored, left pending,
   * or marked as spam" (https://www.linkedin.com/help/linkedin/answer/a551012): once an account
   * has sent `acceptanceMinInvitations` in the last `acceptanceWindowMs`, an acceptance rate of
   * those below `minAcceptanceRate` restricts it at its next invitation. 0 turns the rule off.
   */
  minAcceptanceRate: z.number().min(0).max(1).default(0.05),
  acceptanceMinInvitations: z.number().int().min(1).default(200),
  acceptanceWindowMs: z
    .number()
    .int()
    .min(1)
    .default(30 * DAY),
  /**
   * After a withdrawal, the same person cannot be invited again "for up to three weeks"
   * (https://www.linkedin.com/help/linkedin/answer/a551012): 422 cannot_resend_yet until then.
   */
  reinviteAfterWithdrawalMs: z
    .number()
    .int()
    .min(0)
    .default(21 * DAY),
  /** Tier of accounts created on first use; `defaultPremium` (old knob) picks premium or free when no tier is given. */
  defaultTier: z.enum(SIM_TIERS).optional(),
  defaultPremium: z.boolean().default(true),
  /** Monthly InMail credits of accounts created on first use, instead of their tier's allowance (old knob). */
  inmailCredits: z.number().int().min(0).optional(),
  /** A LinkedIn session lasts about a month: this long, give or take the jitter (simulator time). */
  sessionLifetimeMs: z
    .number()
    .int()
    .min(1)
    .default(30 * DAY),
  sessionLifetimeJitterMs: z
    .number()
    .int()
    .min(0)
    .default(2 * DAY),
  /** More sensitive calls (invitations, messages) than this in `burstWindowMs` answer 429, or 500 for a share of them. */
  burstMaxCalls: z.number().int().min(1).default(5),
  burstWindowMs: z.number().int().min(1).default(60_000),
  burstServerErrorShare: z.number().min(0).max(1).default(0.25),
  /** new_relation comes up to this late (simulator time), as Unipile polls relations at random intervals. */
  relationWebhookMaxDelayMs: z
    .number()
    .int()
    .min(0)
    .default(8 * HOUR),
  /** Share of new relations whose webhook is never sent. */
  relationWebhookLossProbability: z.number().min(0).max(1).default(0.05),
  /** Status webhooks come up to this late (simulator time), so two close changes may arrive out of order. */
  statusWebhookMaxDelayMs: z
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /** Share of status webhooks sent twice. */
  statusWebhookDuplicateProbability: z.number().min(0).max(1).default(0.2),
  /** Share of message webhooks whose message_id (and, independently, chat_id) is null. */
  nullMessageIdProbability: z.number().min(0).max(1).default(0.05),
  /**
   * Chance (per search page, drawn from the seed, account, search and position) that LinkedIn's
   * results shifted since the previous page: the page starts one result earlier, so the last
   * person of the page before is listed again (DOCS.search pages by offset). Strict only.
   */
  searchShiftProbability: z.number().min(0).max(1).default(0.05),
  /** Results of a search whose keywords no test registered (`POST /_sim/searches`). */
  searchDefaultTotal: z.number().int().min(0).default(250),
  /** Replaces every tier's daily budget of search results when given (tiers' own otherwise). */
  searchResultsPerDay: z.number().int().min(1).optional(),
  /**
   * Share of a post's reactors listed with a `profile_url` made of their member id instead of
   * their public identifier (reactions do not always expose the profile URL). Strict only.
   */
  reactorMemberUrlProbability: z.number().min(0).max(1).default(0.1),
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
