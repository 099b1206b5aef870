import { z } from 'zod';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEFAULT_REPLY_TEXTS = [
  'Thanks for reaching out! Happy to chat next week.',
  'Interesting, can you tell me more?',
  'Not interested at the moment, thanks.',
  'Sure, send me some times that work for you.',
  'Thanks, I will get back to you.',
];

const probability = z.number().min(0).max(1);
const duration = z.number().int().min(0);

/**
 * How the sandbox network behaves. Durations are measured on the sandbox clock, so under a scaled
 * clock a "day" of delay passes in `86400 / scale` real seconds; `timeoutHangMs` alone is real
 * time, because it exists to outlast an HTTP client's timer.
 */
export const sandboxSettingsSchema = z
  .strictObject({
    /** Every outcome is a hash of the seed and the call's subject, never a shared random stream. */
    seed: z
      .union([z.string().min(1), z.number()])
      .default('outreach')
      .transform(String),
    /** Share of (account, lead) pairs that are connected before any invitation. */
    alreadyConnectedProbability: probability.default(0.1),
    acceptProbability: probability.default(0.6),
    /**
     * Audiences that accept more or less often than `acceptProbability`: public identifiers that
     * start with a key accept with its probability (the longest key that matches wins). Outreach to
     * a poorly targeted list is accepted a few times in a hundred, to a well targeted one a third of
     * the time and more.
     */
    audienceAcceptProbability: z.record(z.string().min(1), probability).default({}),
    acceptDelayMinMs: duration.default(HOUR),
    acceptDelayMaxMs: duration.default(3 * DAY),
    /** Chance that a lead answers a given message (plain or InMail). */
    replyProbability: probability.default(0.3),
    replyDelayMinMs: duration.default(30 * 60_000),
    replyDelayMaxMs: duration.default(2 * DAY),
    replyTexts: z.array(z.string().min(1)).min(1).default(DEFAULT_REPLY_TEXTS),
    /** InMail entitlement of accounts created on first use. */
    defaultInmailAllowed: z.boolean().default(false),
    /** Public identifiers starting with one of these have no profile: every call about them is a 404. */
    missingPrefixes: z.array(z.string().min(1)).default(['missing-']),
    /** How long a `timeout` fault holds the request before answering 504 (real milliseconds). */
    timeoutHangMs: duration.default(30_000),
    profileBaseUrl: z.url().default('https://network.example/in/'),
  })
  .refine((s) => s.acceptDelayMinMs <= s.acceptDelayMaxMs, {
    message: 'acceptDelayMinMs must not exceed acceptDelayMaxMs',
  })
  .refine((s) => s.replyDelayMinMs <= s.replyDelayMaxMs, {
    message: 'replyDelayMinMs must not exceed replyDelayMaxMs',
  });

export type SandboxSettingsInput = z.input<typeof sandboxSettingsSchema>;
export type SandboxSettings = z.output<typeof sandboxSettingsSchema>;

export function parseSandboxSettings(input: SandboxSettingsInput = {}): SandboxSettings {
  const parsed = sandboxSettingsSchema.safeParse(input);
  if (!parsed.success) throw new RangeError(`invalid sandbox settings:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
