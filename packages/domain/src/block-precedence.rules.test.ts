/** Block precedence: a workspace block always wins; campaign blocks only apply to their campaign. */
import { describe, expect, it } from 'vitest';
import {
  assertPlanAllowsCampaignBlocks,
  effectiveBlock,
  isBlocked,
  planBlocks,
  type BlockRecord,
} from './block-precedence.rules.js';
import { codeOf } from './testing/fixtures.js';

const workspaceBlock: BlockRecord = {
  id: 'blk_w',
  publicIdentifier: 'jane',
  scope: 'workspace',
  campaignId: null,
};
const campaignBlock: BlockRecord = {
  id: 'blk_c',
  publicIdentifier: 'jane',
  scope: 'campaign',
  campaignId: 'cmp_1',
};

describe('block precedence', () => {
  it('reports the workspace block when both scopes block the lead', () => {
    expect(effectiveBlock([campaignBlock, workspaceBlock], 'jane', 'cmp_1')?.id).toBe('blk_w');
  });

  it('applies a workspace block to every campaign', () => {
    expect(isBlocked([workspaceBlock], 'jane', 'cmp_1')).toBe(true);
    expect(isBlocked([workspaceBlock], 'jane', 'cmp_other')).toBe(true);
  });

  it('applies a campaign block to its campaign only', () => {
    expect(effectiveBlock([campaignBlock], 'jane', 'cmp_1')?.id).toBe('blk_c');
    expect(isBlocked([campaignBlock], 'jane', 'cmp_2')).toBe(false);
  });

  it('still blocks through the workspace when the campaign block is removed', () => {
    const remaining = [workspaceBlock, campaignBlock].filter((block) => block.id !== 'blk_c');
    expect(isBlocked(remaining, 'jane', 'cmp_1')).toBe(true);
  });

  it('unblocks the lead everywhere once the workspace block is removed', () => {
    expect(isBlocked([], 'jane', 'cmp_1')).toBe(false);
  });

  it('compares identifiers in normal form', () => {
    expect(isBlocked([workspaceBlock], ' JANE ', 'cmp_1')).toBe(true);
    expect(isBlocked([{ ...workspaceBlock, publicIdentifier: 'J%61ne' }], 'jane', 'cmp_1')).toBe(true);
    expect(isBlocked([workspaceBlock], 'janet', 'cmp_1')).toBe(false);
  });
});

describe('campaign blocks need a Pro or Agency plan', () => {
  it.each(['pro', 'agency'] as const)('allows the %s plan', (plan) => {
    expect(codeOf(() => assertPlanAllowsCampaignBlocks(plan))).toBe('no error');
  });

  it('refuses the starter plan with plan_required', () => {
    expect(codeOf(() => assertPlanAllowsCampaignBlocks('starter'))).toBe('plan_required');
  });
});

describe('planBlocks', () => {
  it('normalises identifiers and drops repeats, keeping the first reason', () => {
    expect(
      planBlocks('leads', [
        { publicIdentifier: ' Jane ', reason: 'asked' },
        { publicIdentifier: 'jane', reason: 'again' },
        { publicIdentifier: 'Bob' },
      ]),
    ).toEqual([{ publicIdentifier: 'jane', reason: 'asked' }, { publicIdentifier: 'bob' }]);
  });

  it('refuses an empty list with invalid_input', () => {
    expect(codeOf(() => planBlocks('publicIdentifiers', []))).toBe('invalid_input');
  });

  it('refuses an identifier that is blank with invalid_input', () => {
    expect(codeOf(() => planBlocks('leads', [{ publicIdentifier: '  ' }]))).toBe('invalid_input');
  });
});
