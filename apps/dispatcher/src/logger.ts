import { pino, type Level, type Logger } from 'pino';

/** The process logger: JSON lines on stdout, one `service` field to tell the apps apart. */
export function createLogger(level: Level | 'silent'): Logger {
  return pino({ level, base: { service: 'dispatcher' } });
}
