import { credentialValues, redactLogLine } from '@outreach/domain';
import { pino, type Level, type Logger } from 'pino';

/**
 * The process logger: JSON lines on stdout, one `service` field to tell the apps apart. Every line
 * leaves with its credentials redacted (fields named like a secret, token, key or password, and the
 * values of the credential variables of `env` wherever they appear).
 */
export function createLogger(level: Level | 'silent', env: NodeJS.ProcessEnv = process.env): Logger {
  const secrets = credentialValues(env);
  return pino({
    level,
    base: { service: 'dispatcher' },
    hooks: { streamWrite: (line) => redactLogLine(line, secrets) },
  });
}
