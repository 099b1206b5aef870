/**
 * The API's log lines never carry a credential: the provider's webhook secret, the API key, an
 * authorization header or a cookie are redacted in the request lines, whatever the answer.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const SECRET = 'whsec-log-test-5b0e9d2c';
const lines: string[] = [];
const sink = new Writable({
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
// No credential variables in this environment: the names alone must give the headers away.
const app = useTestApp({
  provider: { webhookSecret: SECRET, network: null },
  logger: createLogger('info', { env: {}, destination: sink }),
});
const ws = useWorkspace(app);

function requestLines(path: string): Array<{ req: { headers: Record<string, string> } }> {
  return lines
    .map((line) => JSON.parse(line) as { req?: { url?: string; headers: Record<string, string> } })
    .filter((entry) => entry.req?.url === path) as Array<{ req: { headers: Record<string, string> } }>;
}

describe('credentials in the request log', () => {
  it('logs a provider webhook request line without the webhook secret, accepted or refused', async () => {
    for (const secret of [SECRET, `${SECRET}-wrong`]) {
      await fetch(`${app.baseUrl}/provider-webhooks/unipile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
        body: JSON.stringify({
          AccountStatus: { account_id: 'uni_log', account_type: 'LINKEDIN', message: 'OK' },
        }),
      });
    }
    const logged = requestLines('/provider-webhooks/unipile');
    expect(logged).toHaveLength(2);
    for (const entry of logged) expect(entry.req.headers['x-webhook-secret']).toBe('[Redacted]');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('logs an API request line without its API key, authorization header or cookie', async () => {
    await fetch(`${app.baseUrl}/v1/campaigns`, {
      headers: {
        'x-api-key': ws.apiKey,
        authorization: 'Bearer tok-9f8e7d6c',
        cookie: 'session=c00k1e-value',
      },
    });
    const [entry] = requestLines('/v1/campaigns');
    expect(entry?.req.headers).toMatchObject({
      'x-api-key': '[Redacted]',
      authorization: '[Redacted]',
      cookie: '[Redacted]',
    });
    for (const secret of [ws.apiKey, 'tok-9f8e7d6c', 'c00k1e-value'])
      expect(lines.join('\n')).not.toContain(secret);
  });
});
