import { credentialValues, redactLogLine } from '@outreach/domain';
import { traceLogFields } from '@outreach/telemetry';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The process logger: JSON lines, one `service` field to tell the apps apart. Every line leaves
 * with its credentials redacted (x-api-key, the provider's webhook secret, authorization, cookies,
 * any field named like a secret, token, key or password) and with the values of the credential
 * variables of `env` replaced wherever they appear.
 */
export function createLogger(
  level: Level | 'silent',
  { env = process.env, destination }: { env?: NodeJS.ProcessEnv; destination?: DestinationStream } = {},
): Logger {
  const secrets = credentialValues(env);
  const options = {
    level,
    base: { service: 'api' },
    hooks: { streamWrite: (line: string) => redactLogLine(line, secrets) },
    // A line written inside a traced request or piece of work names its trace and span.
    mixin: traceLogFields,
  };
  return destination ? pino(options, destination) : pino(options);
}
