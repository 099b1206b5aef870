import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const uri = 'mongodb://localhost/x';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({ MONGODB_URI: uri })).toEqual({
      MONGODB_URI: uri,
      DISPATCHER_CONCURRENCY: 32,
      DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY: 4,
      DISPATCHER_POLL_INTERVAL_MS: 1_000,
      DISPATCHER_LEASE_MS: 60_000,
      DISPATCHER_SHUTDOWN_GRACE_MS: 10_000,
      WEBHOOK_TIMEOUT_MS: 15_000,
      DATABASE_TIMEOUT_MS: 10_000,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      WEBHOOK_ALLOW_LOOPBACK_TARGETS: false,
      webhookTargets: 'public',
      LOG_LEVEL: 'info',
      TIME_SCALE: 1,
      METRICS_HOST: '127.0.0.1',
      METRICS_REFRESH_MS: 10_000,
    });
  });

  it('keeps no metrics port unless one is given, and refuses one out of range', () => {
    expect(loadConfig({ MONGODB_URI: uri }).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ MONGODB_URI: uri, METRICS_PORT: '9466' }).METRICS_PORT).toBe(9466);
    expect(() => loadConfig({ MONGODB_URI: uri, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('reads a compressed demo clock', () => {
    const config = loadConfig({ MONGODB_URI: uri, TIME_SCALE: '8640', CLOCK_EPOCH: '2025-03-01T00:00:00Z' });
    expect(config).toMatchObject({ TIME_SCALE: 8_640, CLOCK_EPOCH: '2025-03-01T00:00:00Z' });
    expect(() => loadConfig({ MONGODB_URI: uri, TIME_SCALE: '0' })).toThrow(/TIME_SCALE/);
  });

  it('reads numbers and the allow-private flag from strings', () => {
    const config = loadConfig({
      MONGODB_URI: uri,
      DISPATCHER_CONCURRENCY: '8',
      DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY: '2',
      WEBHOOK_TIMEOUT_MS: '2000',
      DISPATCHER_LEASE_MS: '10000',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      DISPATCHER_CONCURRENCY: 8,
      DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY: 2,
      WEBHOOK_TIMEOUT_MS: 2_000,
      DISPATCHER_LEASE_MS: 10_000,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
      LOG_LEVEL: 'debug',
    });
  });

  it('rejects a missing database URI with a readable message', () => {
    expect(() => loadConfig({})).toThrow(/invalid configuration: MONGODB_URI/);
  });

  it('allows loopback targets alone, or every target, as the two flags say', () => {
    expect(loadConfig({ MONGODB_URI: uri, WEBHOOK_ALLOW_LOOPBACK_TARGETS: 'true' }).webhookTargets).toBe(
      'loopback',
    );
    expect(loadConfig({ MONGODB_URI: uri, WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }).webhookTargets).toBe('any');
  });

  it('rejects an allow-private value that is not a boolean', () => {
    expect(() => loadConfig({ MONGODB_URI: uri, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_TARGETS/,
    );
  });

  it('rejects a lease shorter than the HTTP timeout plus margin', () => {
    expect(() => loadConfig({ MONGODB_URI: uri, DISPATCHER_LEASE_MS: '15000' })).toThrow(
      /DISPATCHER_LEASE_MS/,
    );
  });

  it('rejects a per-subscription limit above the global one', () => {
    expect(() =>
      loadConfig({
        MONGODB_URI: uri,
        DISPATCHER_CONCURRENCY: '2',
        DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY: '3',
      }),
    ).toThrow(/DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY/);
  });

  it('rejects a zero concurrency', () => {
    expect(() => loadConfig({ MONGODB_URI: uri, DISPATCHER_CONCURRENCY: '0' })).toThrow(
      /DISPATCHER_CONCURRENCY/,
    );
  });
});
