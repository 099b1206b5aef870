import { describe, expect, it } from 'vitest';
import { assertWebhookTarget, isPrivateTarget } from './webhook-target.js';

describe('isPrivateTarget', () => {
  it.each([
    'http://127.0.0.1:9000/hook',
    'http://localhost/hook',
    'https://api.localhost/hook',
    'http://10.1.2.3/',
    'http://172.20.0.1/',
    'http://192.168.1.10/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://printer.local/',
  ])('treats %s as private', (url) => {
    expect(isPrivateTarget(url)).toBe(true);
  });

  it.each([
    'https://hooks.example.com/outreach',
    'https://8.8.8.8/',
    'http://172.32.0.1/',
    'http://[2001:db8::1]/',
  ])('treats %s as public', (url) => {
    expect(isPrivateTarget(url)).toBe(false);
  });
});

describe('assertWebhookTarget', () => {
  it('refuses a private target unless allowed', () => {
    expect(() => assertWebhookTarget('http://127.0.0.1/hook', false)).toThrow(/private or loopback/);
    expect(() => assertWebhookTarget('http://127.0.0.1/hook', true)).not.toThrow();
    expect(() => assertWebhookTarget('https://hooks.example.com/', false)).not.toThrow();
  });
});
