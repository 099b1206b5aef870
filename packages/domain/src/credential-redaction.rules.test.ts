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
