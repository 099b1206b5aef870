import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const required = {
  MONGODB_URI: 'mongodb://localhost/x',
  UNIPILE_DSN: 'http://127.0.0.1:4020',
  UNIPILE_API_KEY: 'sim-key',
};

describe('loadConfig', () => {
  it('fills every optional setting with its default', () => {
    const config = loadConfig(required);
    expect(config).toMatchObject({
      MONGODB_URI: 'mongodb://localhost/x',
      provider: {
        NETWORK_PROVIDER: 'sandbox',
        UNIPILE_DSN: 'http://127.0.0.1:4020',
        UNIPILE_API_KEY: 'sim-key',
      },
      RECONCILE_POLLS_PER_DAY: 4,
      RUNNER_CONCURRENCY: 4,
      POLL_INTERVAL_MS: 1000,
      LEASE_MS: 60_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      TIME_SCALE: 1,
      LOG_LEVEL: 'info',
    });
    expect(config.CLOCK_EPOCH).toBeUndefined();
    expect(config.RUNNER_ID).toMatch(/^runner-.+-\d+$/);
  });

  it('coerces numbers and keeps an explicit runner id and clock epoch', () => {
    const config = loadConfig({
      ...required,
      RUNNER_CONCURRENCY: '8',
      TIME_SCALE: '1440',
      CLOCK_EPOCH: '2025-01-06T00:00:00.000Z',
      RUNNER_ID: 'runner-a',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      RUNNER_CONCURRENCY: 8,
      TIME_SCALE: 1440,
      CLOCK_EPOCH: '2025-01-06T00:00:00.000Z',
      RUNNER_ID: 'runner-a',
      LOG_LEVEL: 'debug',
    });
  });

  it('rejects a missing database URI with a readable message', () => {
    expect(() => loadConfig({ UNIPILE_DSN: 'http://127.0.0.1:4020', UNIPILE_API_KEY: 'k' })).toThrow(
      /invalid configuration: MONGODB_URI/,
    );
  });

  it('rejects a missing provider, an unknown one, a zero concurrency and a bad log level', () => {
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://x' })).toThrow(/UNIPILE_DSN: required/);
    expect(() => loadConfig({ ...required, NETWORK_PROVIDER: 'linkedin' })).toThrow(/NETWORK_PROVIDER/);
    expect(() => loadConfig({ ...required, NETWORK_PROVIDER: 'unipile' })).toThrow(
      /UNIPILE_WEBHOOK_SECRET: required/,
    );
    expect(() => loadConfig({ ...required, RUNNER_CONCURRENCY: '0' })).toThrow(/RUNNER_CONCURRENCY/);
    expect(() => loadConfig({ ...required, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('rejects a negative time scale and a clock epoch that is not an ISO date', () => {
    expect(() => loadConfig({ ...required, TIME_SCALE: '-2' })).toThrow(/TIME_SCALE/);
    expect(() => loadConfig({ ...required, CLOCK_EPOCH: 'yesterday' })).toThrow(/CLOCK_EPOCH/);
  });

  it('has no language model without LLM_BASE_URL, and reads one with it', () => {
    expect(loadConfig(required).llm.endpoint).toBeNull();
    const config = loadConfig({
      ...required,
      LLM_BASE_URL: 'http://127.0.0.1:4030/v1',
      LLM_MODEL: 'outreach-simulated-1',
      LLM_TIMEOUT_MS: '5000',
    });
    expect(config.llm).toMatchObject({
      endpoint: { baseURL: 'http://127.0.0.1:4030/v1', model: 'outreach-simulated-1' },
      timeoutMs: 5000,
    });
  });

  it('rejects a lease too short for the model waits of a step, naming the least lease', () => {
    const model = { ...required, LLM_BASE_URL: 'http://127.0.0.1:4030/v1', LLM_MODEL: 'm' };
    expect(() => loadConfig({ ...model, LEASE_MS: '30000', LLM_TIMEOUT_MS: '10000' })).toThrow(
      /LEASE_MS: must be at least 40000 ms/,
    );
    expect(loadConfig({ ...model, LEASE_MS: '40000', LLM_TIMEOUT_MS: '10000' }).LEASE_MS).toBe(40_000);
    // Without a model the lease is not bound by the model's timeout.
    const quickProvider = { ...required, UNIPILE_TIMEOUT_MS: '500' };
    expect(loadConfig({ ...quickProvider, LEASE_MS: '1000', LLM_TIMEOUT_MS: '10000' }).LEASE_MS).toBe(1000);
  });

  it("rejects a lease shorter than twice the provider's call timeout, naming the least lease", () => {
    expect(loadConfig(required).provider.UNIPILE_TIMEOUT_MS).toBe(20_000);
    expect(() => loadConfig({ ...required, LEASE_MS: '39999' })).toThrow(
      /LEASE_MS: must be at least 40000 ms \(2 times UNIPILE_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ ...required, LEASE_MS: '5000', UNIPILE_TIMEOUT_MS: '3000' })).toThrow(
      /LEASE_MS: must be at least 6000 ms/,
    );
    expect(loadConfig({ ...required, LEASE_MS: '6000', UNIPILE_TIMEOUT_MS: '3000' })).toMatchObject({
      LEASE_MS: 6000,
      provider: { UNIPILE_TIMEOUT_MS: 3000 },
    });
  });

  it('rejects a bad language-model setting with its name', () => {
    expect(() => loadConfig({ ...required, LLM_BASE_URL: 'http://127.0.0.1:4030/v1' })).toThrow(/LLM_MODEL/);
    expect(() => loadConfig({ ...required, LLM_SCREENER_MIN_CONFIDENCE: '2' })).toThrow(
      /LLM_SCREENER_MIN_CONFIDENCE/,
    );
  });
});
