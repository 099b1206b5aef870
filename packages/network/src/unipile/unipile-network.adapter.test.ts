import { describe, expect, it } from 'vitest';
import { createUnipileNetwork, normaliseDsn } from './unipile-network.adapter.js';

describe('createUnipileNetwork configuration', () => {
  it('accepts the DSN as the dashboard shows it, without a scheme', () => {
    expect(normaliseDsn('api8.unipile.com:13851')).toBe('https://api8.unipile.com:13851');
    expect(normaliseDsn('http://127.0.0.1:4020/')).toBe('http://127.0.0.1:4020');
    expect(() => createUnipileNetwork({ dsn: 'api8.unipile.com:13851', apiKey: 'key' })).not.toThrow();
  });

  it('refuses a DSN with a path or another scheme, and an empty API key', () => {
    expect(() =>
      createUnipileNetwork({ dsn: 'https://api8.unipile.com:13851/api/v1', apiKey: 'key' }),
    ).toThrow(/UNIPILE_DSN/);
    expect(() => createUnipileNetwork({ dsn: 'ftp://host', apiKey: 'key' })).toThrow(/UNIPILE_DSN/);
    expect(() => createUnipileNetwork({ dsn: 'http://127.0.0.1:4020', apiKey: '' })).toThrow(
      /UNIPILE_API_KEY/,
    );
  });
});
