import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  credentialValues,
  isCredentialName,
  redactCredentials,
  redactLogLine,
} from './credential-redaction.rules.js';

describe('credential redaction', () => {
  it('recognises the names of credential headers and fields, and leaves the others', () => {
    for (const name of [
      'x-api-key',
      'x-webhook-secret',
      'authorization',
      'Proxy-Authorization',
      'cookie',
      'set-cookie',
      'apiKey',
      'UNIPILE_API_KEY',
      'webhookSecret',
      'accessToken',
      'password',
      'key',
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of [
      'idempotency-key',
      'content-type',
      'leadId',
      'x-request-id',
      'url',
      'webhookSecretHeader',
    ]) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });

  it('replaces credential fields at any depth, in arrays and in errors, without changing the input', () => {
    const error = Object.assign(new Error('call failed'), { config: { headers: { 'X-API-KEY': 'abc' } } });
    const input = {
      req: { headers: { 'x-webhook-secret': 'hush', 'content-type': 'application/json' } },
      items: [{ token: 't1', id: 1 }],
      err: error,
    };
    const out = redactCredentials(input) as {
      req: { headers: unknown };
      items: unknown;
      err: unknown;
    };
    expect(out.req.headers).toEqual({ 'x-webhook-secret': REDACTED, 'content-type': 'application/json' });
    expect(out.items).toEqual([{ token: REDACTED, id: 1 }]);
    expect(out.err).toMatchObject({ message: 'call failed', config: { headers: { 'X-API-KEY': REDACTED } } });
    expect(input.req.headers['x-webhook-secret']).toBe('hush');
  });

  it('replaces a known secret wherever it appears, under any name', () => {
    const secret = 'f00dfeedcafe1234';
    const out = redactCredentials({ msg: `calling with ${secret}`, headers: { 'x-custom': secret } }, [
      secret,
    ]);
    expect(JSON.stringify(out)).not.toContain(secret);
  });

  it('redacts one JSON log line and keeps its newline; a plain line only loses known secrets', () => {
    const line = `${JSON.stringify({ level: 30, req: { headers: { authorization: 'Bearer x' } } })}\n`;
    expect(redactLogLine(line)).toBe(
      `${JSON.stringify({ level: 30, req: { headers: { authorization: REDACTED } } })}\n`,
    );
    expect(redactLogLine('started with s3cr3t-value-1\n', ['s3cr3t-value-1'])).toBe(
      `started with ${REDACTED}\n`,
    );
  });

  it('takes the values of the credential variables of an environment, and no others', () => {
    const env = {
      UNIPILE_API_KEY: 'sim-0123456789',
      LLM_API_KEY: '',
      PORT: '3000',
      UNIPILE_DSN: 'http://127.0.0.1:4010',
    };
    expect(credentialValues(env)).toEqual(['sim-0123456789']);
  });

  it('cuts cycles instead of following them', () => {
    const node: Record<string, unknown> = { name: 'loop' };
    node['self'] = node;
    expect(redactCredentials(node)).toEqual({ name: 'loop', self: '[Circular]' });
  });
});

describe('credential redaction at the edges', () => {
  it('recognises plural and camel-cased credential words, and not words that merely end like one', () => {
    for (const name of ['tokens', 'Credentials', 'dbPasswords', 'Idempotency-Key-Secret', 'refresh_token']) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of ['IDEMPOTENCY-KEY', 'keyId', 'monkey', 'tokenCount', '', '---']) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });

  it('searches text for secrets of 8 characters or more, never shorter ones', () => {
    expect(redactLogLine('a 1234567 b 12345678 c', ['1234567', '12345678'])).toBe(
      `a 1234567 b ${REDACTED} c`,
    );
    expect(credentialValues({ API_KEY: '1234567', SECRET: '12345678' })).toEqual(['12345678']);
  });

  it('keeps an empty credential field as it is: nothing there to hide, and its absence tells', () => {
    expect(redactCredentials({ token: null, password: undefined, apiKey: '' })).toEqual({
      token: null,
      password: undefined,
      apiKey: REDACTED,
    });
  });

  it("keeps an error's name and redacts a secret in its message and stack", () => {
    const secret = 'sk-live-0123456789';
    const out = redactCredentials(new TypeError(`refused ${secret}`), [secret]) as Record<string, string>;
    expect(out['name']).toBe('TypeError');
    expect(out['message']).toBe(`refused ${REDACTED}`);
    expect(out['stack']).toContain(`TypeError: refused ${REDACTED}`);
    expect(out['stack']).not.toContain(secret);
  });

  it('redacts a JSON line without a newline and leaves none added', () => {
    expect(redactLogLine('{"password":"p"}')).toBe(`{"password":"${REDACTED}"}`);
  });
});

describe('credential names in other spellings', () => {
  it('recognises passwd, authorisation and credential, and a name ending in a separator', () => {
    for (const name of ['db_passwd', 'Proxy-Authorisation', 'awsCredential', 'api_key_']) {
      expect(isCredentialName(name), name).toBe(true);
    }
  });

  it('writes "[Redacted]" in place of a credential', () => {
    expect(redactCredentials({ token: 'abc' })).toEqual({ token: '[Redacted]' });
  });
});
