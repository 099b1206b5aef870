/**
 * What the processes' logs must never carry: a credential. A field (a header, a body or
 * configuration field, an error's property) whose name says it holds one has its value replaced,
 * at any depth, and any known secret value is replaced wherever it appears, even under a name
 * that does not give it away (a configurable header, a URL, an error message).
 */

export const REDACTED = '[Redacted]';

/**
 * A field holds a credential when the last word of its name says so, however it is spelt:
 * x-api-key, x-webhook-secret, Authorization, Set-Cookie, accessToken, UNIPILE_API_KEY; but not
 * webhookSecretHeader (the name of a header, not its value).
 */
const CREDENTIAL_WORDS = new Set([
  'key',
  'secret',
  'token',
  'password',
  'passwd',
  'authorization',
  'authorisation',
  'cookie',
  'credential',
]);
/** Names that match the pattern but hold nothing a caller could reuse. */
const NOT_CREDENTIALS = new Set(['idempotency-key']);

/** Secrets shorter than this are not searched for inside other values (too many false matches). */
const MIN_SECRET_LENGTH = 8;

export function isCredentialName(name: string): boolean {
  if (NOT_CREDENTIALS.has(name.toLowerCase())) return false;
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter((word) => word !== '');
  const last = words.at(-1)?.toLowerCase().replace(/s$/, '');
  return last !== undefined && CREDENTIAL_WORDS.has(last);
}

function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  return out;
}

/**
 * A copy of `value` (JSON-like data, errors included) with every credential field and every
 * occurrence of a known secret replaced by `[Redacted]`. Cycles are cut, never followed.
 */
export function redactCredentials(value: unknown, secrets: readonly string[] = []): unknown {
  const seen = new WeakSet<object>();
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redactText(item, secrets);
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return '[Circular]';
    seen.add(item);
    if (Array.isArray(item)) return item.map(walk);
    const out: Record<string, unknown> = {};
    // An error's name, message and stack are not enumerable; they are kept, and redacted too.
    if (item instanceof Error) {
      out['name'] = item.name;
      out['message'] = walk(item.message);
      if (item.stack !== undefined) out['stack'] = walk(item.stack);
    }
    for (const [key, field] of Object.entries(item)) {
      out[key] = isCredentialName(key) && field !== null && field !== undefined ? REDACTED : walk(field);
    }
    return out;
  };
  return walk(value);
}

/**
 * One log line (a JSON object and its newline, as pino writes it) with its credentials redacted;
 * a line that is not JSON only has the known secret values replaced.
 */
export function redactLogLine(line: string, secrets: readonly string[] = []): string {
  const body = line.endsWith('\n') ? line.slice(0, -1) : line;
  const ending = line.slice(body.length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return redactText(line, secrets);
  }
  return `${JSON.stringify(redactCredentials(parsed, secrets))}${ending}`;
}

/** The values of the credential variables of an environment (UNIPILE_API_KEY, LLM_API_KEY, …). */
export function credentialValues(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env)
    .filter(
      ([name, value]) => isCredentialName(name) && value !== undefined && value.length >= MIN_SECRET_LENGTH,
    )
    .map(([, value]) => value as string);
}
