import { describe, expect, it } from 'vitest';
import { assertWebhookTarget } from './webhook-target.js';

describe('assertWebhookTarget', () => {
  it.each([
    'http://127.0.0.1:9000/hook',
    'http://localhost/hook',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest/meta-data',
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::1]/',
    'http://198.18.0.1/',
    'http://printer.local/',
  ])('refuses %s with invalid_input naming the url', (url) => {
    expect(() => assertWebhookTarget(url, 'public')).toThrow(
      expect.objectContaining({ code: 'invalid_input', details: expect.objectContaining({ field: 'url' }) }),
    );
  });

  it('lets loopback through when loopback targets are allowed, and nothing private', () => {
    expect(() => assertWebhookTarget('http://127.0.0.1:9000/hook', 'loopback')).not.toThrow();
    expect(() => assertWebhookTarget('http://localhost:9000/hook', 'loopback')).not.toThrow();
    expect(() => assertWebhookTarget('http://10.0.0.1/hook', 'loopback')).toThrow();
    expect(() => assertWebhookTarget('http://169.254.169.254/', 'loopback')).toThrow();
  });

  it('lets public targets through, and everything when any target is allowed', () => {
    expect(() => assertWebhookTarget('https://hooks.example.com/outreach', 'public')).not.toThrow();
    expect(() => assertWebhookTarget('http://10.0.0.1/hook', 'any')).not.toThrow();
  });
});
