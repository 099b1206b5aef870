import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PORT, parseSimCliConfig } from './sim-cli-config.js';

describe('outreach-unipile-sim configuration', () => {
  it('reads sandbox and simulator settings from the environment, flags winning', () => {
    const config = parseSimCliConfig(['--webhook-drop-probability', '0.2', '--seed', 'flag-seed'], {
      SEED: 'env-seed',
      ACCEPT_PROBABILITY: '0.9',
      WEBHOOK_URL: 'http://127.0.0.1:3000/v1/provider-webhooks/unipile',
      UNIPILE_API_KEY: 'local-key',
    });
    expect(config.port).toBe(DEFAULT_SIM_PORT);
    expect(config.settings).toMatchObject({ seed: 'flag-seed', acceptProbability: 0.9 });
    expect(config.sim).toEqual({
      apiKey: 'local-key',
      webhookUrl: 'http://127.0.0.1:3000/v1/provider-webhooks/unipile',
      webhookDropProbability: 0.2,
    });
  });

  it('is strict unless STRICT=false, and takes the default tier of new accounts', () => {
    expect(parseSimCliConfig([], {}).sim).toEqual({});
    expect(parseSimCliConfig(['--default-tier', 'free'], { STRICT: 'false' }).sim).toEqual({
      strict: false,
      defaultTier: 'free',
    });
    expect(() => parseSimCliConfig([], { DEFAULT_TIER: 'gold' })).toThrow(/DEFAULT_TIER/);
  });

  it('refuses a drop probability outside 0..1 with a message naming it', () => {
    expect(() => parseSimCliConfig(['--webhook-drop-probability', '2'], {})).toThrow(
      /webhookDropProbability/,
    );
  });
});
