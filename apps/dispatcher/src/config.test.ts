import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads the database URI and port from the environment', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://localhost/x', PORT: '8080' })).toEqual({
      MONGODB_URI: 'mongodb://localhost/x',
      PORT: 8080,
    });
  });

  it('rejects a missing database URI with a readable message', () => {
    expect(() => loadConfig({})).toThrow(/invalid configuration: MONGODB_URI/);
  });
});
