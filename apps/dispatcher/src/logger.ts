import { credentialValues, redactLogLine } from '@outreach/domain';
import { traceLogFields } from '@outreach/telemetry';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The process logger: JSON lines on stdout, one `service` field to tell the apps apart. Every line
 * leaves with its credentials redacted (fields named like a secret, token, key, password,
 * authorization or cookie at any depth, and the values of the credential variables of `env`
 * wherever they appear).
 */
export function createLogger(
  level: Level | 'silent',
  { env = process.env, destination }: { env?: NodeJS.ProcessEnv; destination?: DestinationStream } = {},
): Logger {
  const secrets = credentialValues(env);
  const options = {
    level,
    base: { service: 'dispatcher' },
    hooks: { streamWrite: (line: string) => redactLogLine(line, secrets) },
    // A line written inside a traced request or piece of work names its trace and span.
    mixin: traceLogFields,
  };
  return destination ? pino(options, destination) : pino(options);
}
