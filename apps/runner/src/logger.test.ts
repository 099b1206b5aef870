// De-risks the runner's log as an operator reads it: whatever a pass logs (a provider error with
// the request it sent, the language model's failure, the configuration), no line carries a
// credential, by the name of its field at any depth or by the value of a credential variable.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

const ENV = {
  UNIPILE_API_KEY: 'uni-key-3f9a7c21d4',
  LLM_API_KEY: 'sk-llm-8e6d5c4b3a',
  MONGODB_URI: 'mongodb://127.0.0.1:27017/outreach',
};

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

describe("the runner's log", () => {
  it('replaces fields named like a secret, token, key, password, authorization or cookie at any depth', () => {
    const { logger, lines, entries } = capture({});
    logger.warn(
      {
        request: {
          url: 'https://api.example.test/api/v1/chats',
          headers: {
            'X-API-KEY': 'hdr-key-11aa22bb',
            Authorization: 'Bearer hdr-token-33cc',
            Cookie: 's=c00kie99',
          },
        },
        provider: {
          nested: {
            deeper: { webhookSecret: 'whsec-deep-55ee', accessToken: 'tok-66ff77', password: 'pw-77gg88hh' },
          },
        },
        leadId: 'lead_1',
      },
      'provider call failed',
    );
    expect(entries()).toEqual([
      expect.objectContaining({
        service: 'runner',
        msg: 'provider call failed',
        leadId: 'lead_1',
        request: {
          url: 'https://api.example.test/api/v1/chats',
          headers: { 'X-API-KEY': '[Redacted]', Authorization: '[Redacted]', Cookie: '[Redacted]' },
        },
        provider: {
          nested: {
            deeper: { webhookSecret: '[Redacted]', accessToken: '[Redacted]', password: '[Redacted]' },
          },
        },
      }),
    ]);
    for (const secret of [
      'hdr-key-11aa22bb',
      'hdr-token-33cc',
      'c00kie99',
      'whsec-deep-55ee',
      'tok-66ff77',
      'pw-77gg88hh',
    ])
      expect(lines.join('\n')).not.toContain(secret);
  });

  it('replaces the values of the credential variables wherever they appear, in messages and errors too', () => {
    const { logger, lines, entries } = capture(ENV);
    logger.error(
      {
        err: new Error(`401 from the model with key ${ENV.LLM_API_KEY}`),
        url: `https://x.test/?k=${ENV.UNIPILE_API_KEY}`,
      },
      `calling the provider as ${ENV.UNIPILE_API_KEY} failed`,
    );
    expect(lines.join('\n')).not.toContain(ENV.LLM_API_KEY);
    expect(lines.join('\n')).not.toContain(ENV.UNIPILE_API_KEY);
    expect(entries()).toEqual([
      expect.objectContaining({
        msg: 'calling the provider as [Redacted] failed',
        err: expect.objectContaining({ message: '401 from the model with key [Redacted]' }),
        url: 'https://x.test/?k=[Redacted]',
      }),
    ]);
  });

  it('keeps what is not a credential: the database address and an idempotency key', () => {
    const { logger, entries } = capture(ENV);
    logger.info({ mongoUri: ENV.MONGODB_URI, 'idempotency-key': 'idem-1234abcd' }, 'connected');
    expect(entries()).toEqual([
      expect.objectContaining({ mongoUri: ENV.MONGODB_URI, 'idempotency-key': 'idem-1234abcd' }),
    ]);
  });
});
