import { describe, expect, it } from 'vitest';
import { parseCliConfig } from './cli-config.js';

describe('parseCliConfig', () => {
  it('applies defaults when nothing is set', () => {
    const config = parseCliConfig([], {});
    expect(config).toMatchObject({ port: 4010, host: '127.0.0.1', timeScale: 1, clockEpoch: undefined });
    expect(config.settings).toMatchObject({ seed: 'outreach', acceptProbability: 0.6 });
  });

  it('reads the environment, and flags win over it', () => {
    const env = {
      PORT: '5000',
      SEED: 'env-seed',
      TIME_SCALE: '1440',
      REPLY_TEXTS: 'yes | no',
      DEFAULT_INMAIL_ALLOWED: 'true',
      UNRELATED: 'x',
    };
    const config = parseCliConfig(['--seed', 'flag-seed', '--accept-probability=0.25'], env);
    expect(config).toMatchObject({ port: 5000, timeScale: 1440 });
    expect(config.settings).toMatchObject({
      seed: 'flag-seed',
      acceptProbability: 0.25,
      replyTexts: ['yes', 'no'],
      defaultInmailAllowed: true,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseCliConfig([], { PORT: '' }).port).toBe(4010);
  });

  it('rejects invalid values and unknown flags', () => {
    expect(() => parseCliConfig([], { TIME_SCALE: '0' })).toThrow(/TIME_SCALE/);
    expect(() => parseCliConfig([], { ACCEPT_PROBABILITY: '1.5' })).toThrow(/acceptProbability/);
    expect(() => parseCliConfig([], { ACCEPT_DELAY_MIN_MS: '10', ACCEPT_DELAY_MAX_MS: '5' })).toThrow(
      /acceptDelayMinMs/,
    );
    expect(() => parseCliConfig(['--no-such-flag', '1'], {})).toThrow();
  });
});
