// De-risks invitation mail: with SMTP_URL set, the invitation reaches a real SMTP server with its
// link, the answer says it was sent, and the mailed link is the one that works.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWorkspace } from './support/fixtures.js';
import { accept, call, passphrase } from './support/people.js';
import { useTestApp, type TestAppOptions } from './support/test-app.js';

interface Mail {
  to: string[];
  data: string;
}

const inbox: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const mail = {
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        data: Buffer.concat(chunks).toString('utf8'),
      };
      inbox.push(mail);
      callback();
    });
  },
});

const options: TestAppOptions = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  options.smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const app = useTestApp(options);
const ws = useWorkspace(app);

/** Quoted-printable soft line breaks and `=3D` undone: the text as a mail reader shows it. */
function readable(data: string): string {
  return data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe('an invitation with a mail server configured', () => {
  it('is mailed to the invited address with the link that joins the workspace', async () => {
    const sent = await call<{ link: string; emailSent: boolean; email: string }>(
      app,
      { apiKey: ws.apiKey },
      'POST',
      '/v1/invitations',
      { json: { email: 'new.colleague@agency.example', role: 'member' } },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.emailSent).toBe(true);
    const mail = inbox.find((candidate) => candidate.to.includes('new.colleague@agency.example'));
    expect(mail).toBeDefined();
    const text = readable(mail?.data ?? '');
    expect(text).toContain(sent.body.link);
    expect(text).toMatch(/Subject: You are invited to/);

    const token = new URL(sent.body.link).searchParams.get('token') ?? '';
    const joined = await accept(app, token, passphrase());
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ workspaceId: ws.workspaceId, role: 'member' });
  });
});
