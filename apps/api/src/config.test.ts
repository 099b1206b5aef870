import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads the database URI and port from the environment and fills the defaults', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://localhost/x', PORT: '8080' })).toEqual({
      MONGODB_URI: 'mongodb://localhost/x',
      PORT: 8080,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 300,
      API_KEY_CACHE_MS: 5000,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      SHUTDOWN_DEADLINE_MS: 10_000,
    });
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
