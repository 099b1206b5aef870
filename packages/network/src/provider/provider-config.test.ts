import { describe, expect, it } from 'vitest';
import { providerConfigSchema, providerNetworkFromConfig } from './provider-config.js';

const issues = (env: Record<string, string>) => {
  const parsed = providerConfigSchema.safeParse(env);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('providerConfigSchema', () => {
  it('defaults to the sandbox, with no provider when no DSN is given', () => {
    const config = providerConfigSchema.parse({});
    expect(config).toMatchObject({
      NETWORK_PROVIDER: 'sandbox',
      UNIPILE_WEBHOOK_SECRET_HEADER: 'X-Webhook-Secret',
      UNIPILE_TIMEOUT_MS: 20_000,
    });
    expect(providerConfigSchema.parse({ UNIPILE_TIMEOUT_MS: '3000' }).UNIPILE_TIMEOUT_MS).toBe(3000);
    expect(issues({ UNIPILE_TIMEOUT_MS: '0' })).toHaveLength(1);
    expect(providerNetworkFromConfig(config)).toBeNull();
  });

  it('requires the DSN, the API key and a long enough webhook secret for the real service', () => {
    expect(issues({ NETWORK_PROVIDER: 'unipile' })).toEqual([
      'UNIPILE_DSN: required when NETWORK_PROVIDER=unipile',
      'UNIPILE_API_KEY: required when NETWORK_PROVIDER=unipile',
      'UNIPILE_WEBHOOK_SECRET: required when NETWORK_PROVIDER=unipile',
    ]);
    expect(
      issues({
        NETWORK_PROVIDER: 'unipile',
        UNIPILE_DSN: 'api8.unipile.com:13851',
        UNIPILE_API_KEY: 'k',
        UNIPILE_WEBHOOK_SECRET: 'short',
      }),
    ).toEqual(['UNIPILE_WEBHOOK_SECRET: must be at least 16 characters']);
  });

  it('refuses an unknown provider, a DSN without a key and a malformed header name', () => {
    expect(issues({ NETWORK_PROVIDER: 'linkedin' })).toHaveLength(1);
    expect(issues({ UNIPILE_DSN: 'http://127.0.0.1:4020' })).toEqual([
      'UNIPILE_API_KEY: required with UNIPILE_DSN',
    ]);
    expect(issues({ UNIPILE_WEBHOOK_SECRET_HEADER: 'X Secret' })).toHaveLength(1);
  });

  it('builds the Unipile adapter on the configured DSN', () => {
    const network = providerNetworkFromConfig(
      providerConfigSchema.parse({ UNIPILE_DSN: 'http://127.0.0.1:4020', UNIPILE_API_KEY: 'k' }),
    );
    expect(network?.client).toBeDefined();
  });
});
