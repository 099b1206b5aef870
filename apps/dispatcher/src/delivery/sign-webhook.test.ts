import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './sign-webhook.js';

const secret = (bytes = 24): string => `whsec_${randomBytes(bytes).toString('base64')}`;

describe('signWebhook', () => {
  it('gives the signature the standardwebhooks library gives, for any body', () => {
    const sentAt = new Date('2025-03-03T10:00:00.750Z');
    for (const body of ['{}', '{"content":"héllo — ✓ 😀"}', 'x'.repeat(10_000)]) {
      const key = secret();
      const headers = signWebhook(key, 'evt_1', sentAt, body);
      expect(headers['webhook-signature']).toBe(new Webhook(key).sign('evt_1', sentAt, body));
      expect(headers['webhook-timestamp']).toBe('1740996000');
    }
  });

  it('signs with a secret given without its prefix, as the library does', () => {
    const bare = randomBytes(32).toString('base64');
    const sentAt = new Date();
    expect(signWebhook(bare, 'evt_2', sentAt, '{}')['webhook-signature']).toBe(
      new Webhook(bare).sign('evt_2', sentAt, '{}'),
    );
  });

  it('refuses a secret the library refuses, every time it is used', () => {
    expect(() => signWebhook('whsec_not*base64', 'evt_3', new Date(), '{}')).toThrow();
    expect(() => signWebhook('whsec_not*base64', 'evt_3', new Date(), '{}')).toThrow();
    expect(() => signWebhook('whsec_', 'evt_3', new Date(), '{}')).toThrow();
  });
});
