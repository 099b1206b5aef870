import { describe, expect, it } from 'vitest';
import { parseAdminArgs, UsageError } from './admin-args.js';

describe('parseAdminArgs', () => {
  it('parses workspace creation with its plan', () => {
    expect(parseAdminArgs(['workspace', 'create', '--name', 'Acme', '--plan', 'pro', '--json'])).toEqual({
      command: { kind: 'workspace create', name: 'Acme', plan: 'pro' },
      json: true,
    });
  });

  it('parses key creation, key revocation and account creation', () => {
    expect(parseAdminArgs(['apikey', 'create', '--workspace', 'ws_1']).command).toEqual({
      kind: 'apikey create',
      workspaceId: 'ws_1',
    });
    expect(parseAdminArgs(['apikey', 'revoke', '--key-prefix', 'ok_live_ab12']).command).toEqual({
      kind: 'apikey revoke',
      keyPrefix: 'ok_live_ab12',
      workspaceId: undefined,
    });
    expect(
      parseAdminArgs([
        'account',
        'create',
        '--workspace',
        'ws_1',
        '--name',
        'Ann',
        '--public-identifier',
        'ann',
      ]).command,
    ).toEqual({ kind: 'account create', workspaceId: 'ws_1', name: 'Ann', publicIdentifier: 'ann' });
  });

  it('prints help when no command is given', () => {
    expect(parseAdminArgs([]).command).toEqual({ kind: 'help' });
    expect(parseAdminArgs(['--help']).command).toEqual({ kind: 'help' });
  });

  it('rejects an unknown plan, a missing option, an unknown option and an unknown command', () => {
    expect(() => parseAdminArgs(['workspace', 'create', '--name', 'A', '--plan', 'gold'])).toThrow(
      /--plan must be/,
    );
    expect(() => parseAdminArgs(['apikey', 'create'])).toThrow(/--workspace is required/);
    expect(() => parseAdminArgs(['apikey', 'create', '--workspace', 'w', '--colour', 'red'])).toThrow(
      UsageError,
    );
    expect(() => parseAdminArgs(['lead', 'create'])).toThrow(/unknown command: lead create/);
  });
});
