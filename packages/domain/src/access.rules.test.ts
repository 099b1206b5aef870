import { describe, expect, it } from 'vitest';
import { can, effectiveRole, mayChangeMember, permissionsOf, WORKSPACE_PERMISSIONS } from './access.rules.js';

describe('the role table', () => {
  it('gives clients reading only', () => {
    expect(permissionsOf('client')).toEqual(['workspace:read']);
  });

  it('lets members run campaigns but not configure the workspace or manage people', () => {
    expect(can('member', 'campaigns:write')).toBe(true);
    expect(can('member', 'workspace:configure')).toBe(false);
    expect(can('member', 'people:manage')).toBe(false);
  });

  it('keeps deleting and transferring the workspace to its owner', () => {
    expect(can('admin', 'workspace:own')).toBe(false);
    expect(permissionsOf('owner')).toEqual([...WORKSPACE_PERMISSIONS]);
  });
});

describe('a person’s role in a workspace', () => {
  it('makes agency owners and admins admins of every workspace, and keeps a workspace owner owner', () => {
    expect(effectiveRole(null, 'admin')).toBe('admin');
    expect(effectiveRole('client', 'owner')).toBe('admin');
    expect(effectiveRole('owner', 'member')).toBe('owner');
  });

  it('gives agency members only the workspaces they were added to', () => {
    expect(effectiveRole(null, 'member')).toBeNull();
    expect(effectiveRole('member', 'member')).toBe('member');
  });
});

describe('changing a member', () => {
  it('never lets anyone change or remove the owner', () => {
    expect(mayChangeMember('admin', 'owner', 'member')).toBe(false);
    expect(mayChangeMember('owner', 'owner', null)).toBe(false);
  });

  it('lets only the owner hand ownership on', () => {
    expect(mayChangeMember('admin', 'member', 'owner')).toBe(false);
    expect(mayChangeMember('owner', 'admin', 'owner')).toBe(true);
  });

  it('refuses members and clients', () => {
    expect(mayChangeMember('member', 'client', 'member')).toBe(false);
    expect(mayChangeMember('admin', 'client', 'member')).toBe(true);
  });
});
