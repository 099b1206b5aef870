import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type SandboxSettings, parseSandboxSettings } from './sandbox-settings.js';

/** Ranges are checked once, by the simulation settings schema. */
const optionalNumber = z.coerce.number().optional();
const list = (separator: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(separator)
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .optional();

/** Every setting, by environment variable name; the flag is the same in kebab case (`--time-scale`). */
const cliSchema = z.strictObject({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  HOST: z.string().min(1).default('127.0.0.1'),
  SEED: z.string().min(1).default('outreach'),
  /** A simulated day lasts 86400 / TIME_SCALE real seconds. */
  TIME_SCALE: z.coerce.number().positive().default(1),
  /** Real instant where simulated time equals real time; give the runner the same one to agree on time. */
  CLOCK_EPOCH: z.iso.datetime({ offset: true }).optional(),
  ALREADY_CONNECTED_PROBABILITY: optionalNumber,
  ACCEPT_PROBABILITY: optionalNumber,
  ACCEPT_DELAY_MIN_MS: optionalNumber,
  ACCEPT_DELAY_MAX_MS: optionalNumber,
  REPLY_PROBABILITY: optionalNumber,
  REPLY_DELAY_MIN_MS: optionalNumber,
  REPLY_DELAY_MAX_MS: optionalNumber,
  /** Reply texts separated by `|`. */
  REPLY_TEXTS: list('|'),
  DEFAULT_INMAIL_ALLOWED: z.stringbool().optional(),
  /** Comma-separated prefixes of public identifiers that have no profile. */
  MISSING_PREFIXES: list(','),
  TIMEOUT_HANG_MS: optionalNumber,
});

export const CLI_VARIABLES = Object.keys(cliSchema.shape) as (keyof typeof cliSchema.shape)[];

export interface CliConfig {
  port: number;
  host: string;
  timeScale: number;
  clockEpoch: string | undefined;
  settings: SandboxSettings;
}

export const flagName = (variable: string) => variable.toLowerCase().replaceAll('_', '-');

/** Reads the configuration from the environment, then flags, which win; throws on anything invalid. */
export function parseCliConfig(argv: readonly string[], env: Record<string, string | undefined>): CliConfig {
  const options = Object.fromEntries(
    CLI_VARIABLES.map((name) => [flagName(name), { type: 'string' as const }]),
  );
  const { values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  const raw: Record<string, string> = {};
  for (const name of CLI_VARIABLES) {
    const value = (values[flagName(name)] as string | undefined) ?? env[name];
    // An empty variable counts as unset, as container runtimes often pass them.
    if (value !== undefined && value.trim() !== '') raw[name] = value.trim();
  }
  const parsed = cliSchema.safeParse(raw);
  if (!parsed.success)
    throw new RangeError(`invalid simulator configuration:\n${z.prettifyError(parsed.error)}`);
  const c = parsed.data;
  const settings = parseSandboxSettings(
    definedOnly({
      seed: c.SEED,
      alreadyConnectedProbability: c.ALREADY_CONNECTED_PROBABILITY,
      acceptProbability: c.ACCEPT_PROBABILITY,
      acceptDelayMinMs: c.ACCEPT_DELAY_MIN_MS,
      acceptDelayMaxMs: c.ACCEPT_DELAY_MAX_MS,
      replyProbability: c.REPLY_PROBABILITY,
      replyDelayMinMs: c.REPLY_DELAY_MIN_MS,
      replyDelayMaxMs: c.REPLY_DELAY_MAX_MS,
      replyTexts: c.REPLY_TEXTS,
      defaultInmailAllowed: c.DEFAULT_INMAIL_ALLOWED,
      missingPrefixes: c.MISSING_PREFIXES,
      timeoutHangMs: c.TIMEOUT_HANG_MS,
    }),
  );
  return { port: c.PORT, host: c.HOST, timeScale: c.TIME_SCALE, clockEpoch: c.CLOCK_EPOCH, settings };
}

/** Drops unset keys, which `exactOptionalPropertyTypes` would not accept as `undefined`. */
function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
