import { describe, expect, it } from 'vitest';
import { signConnectState, verifyConnectState } from './connect-state.js';
import { secretMatches } from './webhook-secret.js';

describe('secretMatches', () => {
  it('accepts only the exact secret', () => {
    expect(secretMatches('s3cret', 's3cret')).toBe(true);
    expect(secretMatches('s3cret ', 's3cret')).toBe(false);
    expect(secretMatches('', 's3cret')).toBe(false);
    expect(secretMatches(undefined, 's3cret')).toBe(false);
  });

  it('refuses everything when no secret is configured', () => {
    expect(secretMatches('', '')).toBe(false);
  });
});

describe('connect state tokens', () => {
  const state = { workspaceId: 'ws_1', accountId: 'acc_1', expiresAt: Date.parse('2026-03-01T12:00:00Z') };
  const before = new Date('2026-03-01T11:00:00Z');

  it('round-trips a state signed with the same secret', () => {
    expect(verifyConnectState(signConnectState(state, 'k'), 'k', before)).toEqual(state);
  });

  it('refuses a token signed with another secret, altered, or expired', () => {
    const token = signConnectState(state, 'k');
    expect(verifyConnectState(token, 'other', before)).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ w: 'ws_2', a: 'acc_1', e: state.expiresAt })).toString(
      'base64url',
    );
    expect(verifyConnectState(`${forged}.${signature ?? ''}`, 'k', before)).toBeNull();
    expect(verifyConnectState(`${payload ?? ''}`, 'k', before)).toBeNull();
    expect(verifyConnectState(token, 'k', new Date('2026-03-01T12:00:01Z'))).toBeNull();
  });
});
