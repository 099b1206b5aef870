import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads the database URI and port from the environment and fills the defaults', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://localhost/x', PORT: '8080' })).toEqual({
      MONGODB_URI: 'mongodb://localhost/x',
      PORT: 8080,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 300,
      API_KEY_CACHE_MS: 0,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      WEBHOOK_ALLOW_LOOPBACK_TARGETS: false,
      webhookTargets: 'public',
      SHUTDOWN_DEADLINE_MS: 10_000,
      API_MAX_IN_FLIGHT: 16,
      API_MAX_QUEUE: 32,
      API_MAX_QUEUE_WAIT_MS: 500,
      API_MAX_EVENT_LOOP_DELAY_MS: 500,
      REQUEST_TIMEOUT_MS: 10_000,
      HEADERS_TIMEOUT_MS: 5_000,
      DATABASE_TIMEOUT_MS: 5_000,
      TIME_SCALE: 1,
      TRUSTED_ORIGINS: [],
      SESSION_IDLE_TIMEOUT_SECONDS: 86_400,
      SESSION_MAX_AGE_SECONDS: 604_800,
      OPEN_SIGNUP: false,
      MAIL_FROM: 'Outreach <no-reply@outreach.invalid>',
      METRICS_HOST: '127.0.0.1',
      provider: {
        NETWORK_PROVIDER: 'sandbox',
        UNIPILE_WEBHOOK_SECRET_HEADER: 'X-Webhook-Secret',
        UNIPILE_TIMEOUT_MS: 20_000,
      },
    });
  });

  it('reads the load-shedding limits, allows no queue and no event-loop signal, and refuses no place at all', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://x',
      API_MAX_IN_FLIGHT: '16',
      API_MAX_QUEUE: '0',
      API_MAX_QUEUE_WAIT_MS: '250',
      API_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    expect(config).toMatchObject({
      API_MAX_IN_FLIGHT: 16,
      API_MAX_QUEUE: 0,
      API_MAX_QUEUE_WAIT_MS: 250,
      API_MAX_EVENT_LOOP_DELAY_MS: 0,
    });
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', API_MAX_IN_FLIGHT: '0' })).toThrow(
      /API_MAX_IN_FLIGHT/,
    );
  });

  it('serves no metrics by default, and refuses a metrics token short enough to guess', () => {
    const config = loadConfig({ MONGODB_URI: 'mongodb://x' });
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', METRICS_TOKEN: 'short-token' })).toThrow(
      /METRICS_TOKEN/,
    );
  });

  it('reads the session lifetimes and the trusted origins, and refuses a short secret', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://x',
      SESSION_IDLE_TIMEOUT_SECONDS: '3600',
      SESSION_MAX_AGE_SECONDS: '86400',
      TRUSTED_ORIGINS: 'https://console.example, https://ops.example',
    });
    expect(config.SESSION_IDLE_TIMEOUT_SECONDS).toBe(3600);
    expect(config.TRUSTED_ORIGINS).toEqual(['https://console.example', 'https://ops.example']);
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('refuses the real provider without its DSN, key, webhook secret and public URL', () => {
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', NETWORK_PROVIDER: 'unipile' })).toThrow(
      /UNIPILE_DSN: required.*UNIPILE_API_KEY: required.*UNIPILE_WEBHOOK_SECRET: required/,
    );
    const real = {
      MONGODB_URI: 'mongodb://x',
      NETWORK_PROVIDER: 'unipile',
      UNIPILE_DSN: 'api8.unipile.com:13851',
      UNIPILE_API_KEY: 'key',
      UNIPILE_WEBHOOK_SECRET: 'a-long-enough-secret',
    };
    expect(() => loadConfig(real)).toThrow(/PUBLIC_URL: required/);
    expect(loadConfig({ ...real, PUBLIC_URL: 'https://outreach.example.com' }).provider).toMatchObject({
      NETWORK_PROVIDER: 'unipile',
      UNIPILE_DSN: 'api8.unipile.com:13851',
    });
  });

  it('reads the demo time compression and refuses a non-positive scale or a bad epoch', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://x',
      TIME_SCALE: '8640',
      CLOCK_EPOCH: '2026-11-21T10:00:00Z',
    });
    expect(config).toMatchObject({ TIME_SCALE: 8640, CLOCK_EPOCH: '2026-11-21T10:00:00Z' });
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', TIME_SCALE: '0' })).toThrow(/TIME_SCALE/);
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', CLOCK_EPOCH: 'yesterday' })).toThrow(/CLOCK_EPOCH/);
  });

  it('rejects a missing database URI with a readable message', () => {
    expect(() => loadConfig({})).toThrow(/invalid configuration: MONGODB_URI/);
  });

  it('rejects an unknown log level and a non-numeric rate limit', () => {
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(
      /RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('allows loopback webhook targets alone, or every target, as the two switches say', () => {
    const base = { MONGODB_URI: 'mongodb://x' };
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_LOOPBACK_TARGETS: 'true' }).webhookTargets).toBe('loopback');
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).webhookTargets).toBe('any');
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOW_LOOPBACK_TARGETS: '1' })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK_TARGETS/,
    );
  });

  it('reads the private webhook target switch as true or false only', () => {
    expect(
      loadConfig({ MONGODB_URI: 'mongodb://x', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })
        .WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ).toBe(true);
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_TARGETS/,
    );
  });

  it('keeps the API key cache short enough for revocations to take effect within a minute', () => {
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x', API_KEY_CACHE_MS: '3600000' })).toThrow(
      /API_KEY_CACHE_MS/,
    );
  });
});
