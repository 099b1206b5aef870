import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, MailerNotConfiguredError, type MailLogger } from './mailer.js';

interface Received {
  from: string | undefined;
  to: string[];
  data: string;
}

let server: SMTPServer | undefined;

afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
});

/** A real SMTP server on 127.0.0.1; `received` settles when the first message has been read in full. */
async function startSmtpServer(): Promise<{ url: string; received: Promise<Received> }> {
  let deliver!: (message: Received) => void;
  let fail!: (error: unknown) => void;
  const received = new Promise<Received>((resolve, reject) => {
    deliver = resolve;
    fail = reject;
  });
  const running = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', fail);
      stream.on('end', () => {
        const envelope = session.envelope;
        deliver({
          from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server = running;
  await new Promise<void>((resolve, reject) => {
    running.once('error', reject);
    running.listen(0, '127.0.0.1', resolve);
  });
  const { port } = running.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}

function recordingLogger() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const logger: MailLogger = {
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  };
  return { logger, lines };
}

describe('createMailer', () => {
  it('delivers a plain-text message to the SMTP server with the sender, recipient, subject and body', async () => {
    const smtp = await startSmtpServer();
    const { logger, lines } = recordingLogger();
    const mailer = createMailer(smtp.url, { from: 'Outreach <no-reply@outreach.test>', logger });
    expect(mailer.configured).toBe(true);

    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Open this link to choose a new password.',
    });
    const message = await smtp.received;

    expect(message.from).toBe('no-reply@outreach.test');
    expect(message.to).toEqual(['ada@example.com']);
    expect(message.data).toMatch(/^Subject: Reset your password\r$/m);
    expect(message.data).toMatch(/^To: ada@example\.com\r$/m);
    expect(message.data).toContain('Open this link to choose a new password.');
    // The log says a message left, never to whom or what it said (bodies carry one-time links).
    expect(lines).toEqual([
      { level: 'info', fields: { messageId: expect.any(String) }, message: 'e-mail sent' },
    ]);
  });

  it('refuses to send, with a typed error, when no SMTP URL is configured', async () => {
    for (const url of [undefined, '', '  ']) {
      const { logger, lines } = recordingLogger();
      const mailer = createMailer(url, { from: 'no-reply@outreach.test', logger });
      expect(mailer.configured).toBe(false);
      expect(lines.map((line) => line.level)).toEqual(['warn']);
      const sending = mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hello' });
      await expect(sending).rejects.toBeInstanceOf(MailerNotConfiguredError);
      await expect(sending).rejects.toMatchObject({ code: 'mailer_not_configured' });
    }
  });
});
