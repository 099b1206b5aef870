import { createTransport } from 'nodemailer';

export interface MailLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False when no SMTP URL was given: the caller can say so instead of promising an e-mail. */
  configured: boolean;
  send(message: MailMessage): Promise<void>;
}

/** Thrown by `send` when no SMTP server is configured, so the caller can answer it distinctly. */
export class MailerNotConfiguredError extends Error {
  readonly code = 'mailer_not_configured';
  constructor() {
    super('no SMTP server is configured; set the SMTP URL to send e-mail');
    this.name = 'MailerNotConfiguredError';
  }
}

export interface MailerOptions {
  /** The sender, e.g. `Outreach <no-reply@example.com>`. */
  from: string;
  logger: MailLogger;
}

/**
 * Sends the service's own e-mail (verification, password reset) through one SMTP server, given as
 * a URL such as `smtps://user:pass@smtp.example.com:465`; nodemailer reads its options, timeouts
 * included, from the query string. The URL holds credentials, so it is never logged; nor are the
 * bodies, which carry one-time links.
 */
export function createMailer(smtpUrl: string | undefined, { from, logger }: MailerOptions): Mailer {
  const url = smtpUrl?.trim();
  if (!url) {
    logger.warn({}, 'no SMTP URL configured: e-mail (verification, password reset) cannot be sent');
    return {
      configured: false,
      async send() {
        throw new MailerNotConfiguredError();
      },
    };
  }
  const transport = createTransport(url);
  return {
    configured: true,
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      logger.info({ messageId: info.messageId }, 'e-mail sent');
    },
  };
}
