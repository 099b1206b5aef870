// De-risks the dispatcher's log as an operator reads it: whatever it logs about a delivery (the
// subscription with its signing secret, the receiver's answer and its headers, a failure whose
// message carries a credential), no line carries a credential, by the name of its field at any
// depth or by the value of a credential variable of the environment.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

const ENV = { MONGODB_URI: 'mongodb://127.0.0.1:27017/outreach', RECEIVER_AUTH_TOKEN: 'recv-tok-4d3c2b1a' };

function capture(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger: createLogger('info', { env, destination }), lines, entries };
}

describe("the dispatcher's log", () => {
  it('replaces fields named like a secret, token, key, password, authorization or cookie at any depth', () => {
    const { logger, lines, entries } = capture({});
    logger.warn(
      {
        deliveryId: 'dlv_1',
        subscription: { url: 'https://hooks.example.test/in', signing: { secret: 'whsec_c2lnbmluZy1rZXk' } },
        answer: {
          status: 401,
          headers: { 'set-cookie': 'sid=rcv-c00kie-42', 'www-authenticate': 'Bearer' },
          body: { error: 'bad token', apiKey: 'echoed-key-9a8b7c', password: 'echoed-pw-1q2w3e' },
        },
        request: { headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
      },
      'delivery refused',
    );
    expect(entries()).toEqual([
      expect.objectContaining({
        service: 'dispatcher',
        deliveryId: 'dlv_1',
        subscription: { url: 'https://hooks.example.test/in', signing: { secret: '[Redacted]' } },
        answer: {
          status: 401,
          headers: { 'set-cookie': '[Redacted]', 'www-authenticate': 'Bearer' },
          body: { error: 'bad token', apiKey: '[Redacted]', password: '[Redacted]' },
        },
        request: { headers: { Authorization: '[Redacted]' } },
      }),
    ]);
    for (const secret of [
      'whsec_c2lnbmluZy1rZXk',
      'rcv-c00kie-42',
      'echoed-key-9a8b7c',
      'echoed-pw-1q2w3e',
      'dXNlcjpwYXNz',
    ])
      expect(lines.join('\n')).not.toContain(secret);
  });

  it('replaces the values of the credential variables wherever they appear, in messages and errors too', () => {
    const { logger, lines, entries } = capture(ENV);
    logger.error(
      { err: new Error(`receiver answered: unknown token ${ENV.RECEIVER_AUTH_TOKEN}`) },
      `delivery to https://hooks.example.test/in?t=${ENV.RECEIVER_AUTH_TOKEN} failed`,
    );
    expect(lines.join('\n')).not.toContain(ENV.RECEIVER_AUTH_TOKEN);
    expect(entries()).toEqual([
      expect.objectContaining({
        msg: 'delivery to https://hooks.example.test/in?t=[Redacted] failed',
        err: expect.objectContaining({ message: 'receiver answered: unknown token [Redacted]' }),
      }),
    ]);
  });

  it('keeps what is not a credential: the database address and the delivery', () => {
    const { logger, entries } = capture(ENV);
    logger.info({ mongoUri: ENV.MONGODB_URI, deliveryId: 'dlv_2' }, 'delivered');
    expect(entries()).toEqual([expect.objectContaining({ mongoUri: ENV.MONGODB_URI, deliveryId: 'dlv_2' })]);
  });
});
