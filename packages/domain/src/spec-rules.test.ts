/**
 * The product specification's "States and transitions", "Limits" and "Errors" sections, one test
 * per rule, each named after the rule it guards. The detailed behaviour lives in the tests beside
 * each module; this file is the checklist a reader can hold against the specification.
 */
import { describe, expect, it } from 'vitest';
import {
  effectiveBlock,
  planBlocks,
  assertPlanAllowsCampaignBlocks,
  type BlockRecord,
} from './block-precedence.rules.js';
import { pauseCampaign, startCampaign, statusAfterStepAdded } from './campaign-state.rules.js';
import { DomainError, assertAllFound, httpStatusOf, toErrorBody } from './errors.js';
import { buildEvent } from './event-envelope.js';
import { performList } from './event-samples.js';
import { planLeadImport } from './lead-import.rules.js';
import { progressAfterInsert } from './lead-progress.rules.js';
import { leadStatusSetByUser } from './lead-status.rules.js';
import { insertStep } from './sequence-editing.rules.js';
import { codeOf, lead, sequence, sequentialIds, step, variant } from './testing/fixtures.js';
import { updateVariant } from './variant-editing.rules.js';
import { LEAD_STATUSES } from './vocabulary.js';

const sender = { status: 'connected', authenticated: true, active: true } as const;

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('expected a DomainError');
}

describe('spec: States and transitions / Campaign status', () => {
  it('active -> paused on PUT pause when the campaign is active', () => {
    expect(pauseCampaign('active')).toBe('paused');
  });

  it('paused -> active on PUT start with at least one connected sender account and at least one lead', () => {
    expect(startCampaign({ status: 'paused', senders: [sender], leadCount: 1 })).toBe('active');
  });

  it('draft -> active on PUT start under the same conditions', () => {
    expect(startCampaign({ status: 'draft', senders: [sender], leadCount: 1 })).toBe('active');
    expect(codeOf(() => startCampaign({ status: 'draft', senders: [], leadCount: 1 }))).toBe(
      'no_connected_sender',
    );
  });

  it('completed -> paused on POST add step, and leads already in the campaign have their progress adjusted', () => {
    const { steps } = insertStep(
      sequence('invitation', 'message'),
      { type: 'message', order: 2 },
      sequentialIds(),
    );
    expect(steps).toHaveLength(3);
    expect(statusAfterStepAdded('completed')).toBe('paused');
    const finished = lead({ id: 'led_1', status: 'completed', internalStatus: 'finished', currentStep: 2 });
    expect(progressAfterInsert([finished], 2, 2)).toMatchObject([
      { id: 'led_1', status: 'waiting', currentStep: 2 },
    ]);
  });
});

describe('spec: States and transitions / Lead status (settable)', () => {
  it('accepts any of waiting, active, paused, completed and error', () => {
    for (const status of LEAD_STATUSES) {
      expect(leadStatusSetByUser({ status: 'active', internalStatus: 'queued' }, status).status).toBe(status);
    }
  });
});

describe('spec: States and transitions / Blocked state of a lead', () => {
  const workspace: BlockRecord = {
    id: 'blk_w',
    publicIdentifier: 'jane',
    scope: 'workspace',
    campaignId: null,
  };
  const campaign: BlockRecord = {
    id: 'blk_c',
    publicIdentifier: 'jane',
    scope: 'campaign',
    campaignId: 'cmp_1',
  };

  it('not blocked -> blocked workspace-wide (POST workspace blocked-leads) or for one campaign (POST campaign blocked-leads)', () => {
    expect(effectiveBlock([workspace], 'jane', 'cmp_any')?.scope).toBe('workspace');
    expect(effectiveBlock([campaign], 'jane', 'cmp_1')?.scope).toBe('campaign');
    expect(effectiveBlock([campaign], 'jane', 'cmp_2')).toBeNull();
  });

  it('blocked at workspace level -> not blocked on DELETE by block record ID, and can again be added to campaigns', () => {
    const context = (blocks: BlockRecord[]) => ({
      existing: new Set<string>(),
      isBlocked: (id: string) => effectiveBlock(blocks, id, 'cmp_1') !== null,
    });
    expect(planLeadImport([{ publicIdentifier: 'jane' }], context([workspace])).blocked).toBe(1);
    const afterDelete = [workspace].filter((block) => block.id !== 'blk_w');
    expect(planLeadImport([{ publicIdentifier: 'jane' }], context(afterDelete)).toAdd).toHaveLength(1);
  });

  it('a workspace-level block takes precedence over campaign settings', () => {
    expect(effectiveBlock([campaign, workspace], 'jane', 'cmp_1')?.id).toBe('blk_w');
  });
});

describe('spec: Limits', () => {
  const messageStep = step({ id: 'stp_1', type: 'message', variants: [variant({ id: 'var_1' })] });

  it('variant body at most 8000 characters (update variant)', () => {
    expect(codeOf(() => updateVariant(messageStep, 'var_1', { body: 'x'.repeat(8000) }))).toBe('no error');
    expect(errorOf(() => updateVariant(messageStep, 'var_1', { body: 'x'.repeat(8001) })).statusCode).toBe(
      400,
    );
  });

  it('sample data: at most 3 records (perform-list)', () => {
    const events = [1, 2, 3, 4].map((minute) =>
      buildEvent({
        type: 'campaign_without_leads',
        transitionKey: `cmp_1:${minute}`,
        workspaceId: 'ws_1',
        occurredAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
        data: { campaignId: 'cmp_1', name: 'Q1', detectedAt: '2026-01-01T00:00:00.000Z' },
      }),
    );
    expect(performList(events, 'campaign_without_leads', 'ws_1', new Date())).toHaveLength(3);
  });

  it('leads / publicIdentifiers arrays must not be empty (block endpoints)', () => {
    expect(errorOf(() => planBlocks('leads', [])).statusCode).toBe(400);
    expect(errorOf(() => planBlocks('publicIdentifiers', [])).statusCode).toBe(400);
  });

  it('Pro or Agency license (campaign block endpoint)', () => {
    expect(errorOf(() => assertPlanAllowsCampaignBlocks('starter')).statusCode).toBe(403);
    expect(codeOf(() => assertPlanAllowsCampaignBlocks('pro'))).toBe('no error');
    expect(codeOf(() => assertPlanAllowsCampaignBlocks('agency'))).toBe('no error');
  });

  it('at least one enabled variant per step (update variant)', () => {
    expect(errorOf(() => updateVariant(messageStep, 'var_1', { isDisabled: true })).code).toBe(
      'last_enabled_variant',
    );
  });
});

describe('spec: Errors', () => {
  it('1. every error response has the body { statusCode, message }', () => {
    const body = toErrorBody(new DomainError('no_leads', 'campaign has no leads'));
    expect(body).toMatchObject({ statusCode: 409, message: 'campaign has no leads' });
  });

  it('2. 401: invalid API key', () => {
    expect(httpStatusOf('invalid_api_key')).toBe(401);
  });

  it('3. 404: campaign not found', () => {
    expect(errorOf(() => assertAllFound('campaign_not_found', ['cmp_1'], [])).statusCode).toBe(404);
  });

  it('4. disabling the last enabled variant of a step is an error', () => {
    const only = step({ id: 'stp_1', type: 'screener', variants: [variant({ id: 'var_1' })] });
    expect(errorOf(() => updateVariant(only, 'var_1', { isDisabled: true })).statusCode).toBe(409);
  });

  it('4. an empty leads or publicIdentifiers array is an error', () => {
    expect(codeOf(() => planBlocks('publicIdentifiers', []))).toBe('invalid_input');
    expect(codeOf(() => planLeadImport([], { existing: new Set(), isBlocked: () => false }))).toBe(
      'invalid_input',
    );
  });

  it('4. use of the campaign block endpoint without a Pro or Agency license is an error', () => {
    expect(codeOf(() => assertPlanAllowsCampaignBlocks('starter'))).toBe('plan_required');
  });

  it('4. a campaign, account ID or block ID that does not exist in the workspace is an error', () => {
    expect(codeOf(() => assertAllFound('campaign_not_found', ['cmp_x'], []))).toBe('campaign_not_found');
    expect(
      errorOf(() => assertAllFound('account_not_found', ['acc_1', 'acc_x'], ['acc_1'])).message,
    ).toContain('acc_x');
    expect(errorOf(() => assertAllFound('block_not_found', ['blk_x'], [])).statusCode).toBe(404);
  });

  it('4. starting a campaign without a sender account or lead, or outside paused or draft, is an error', () => {
    expect(codeOf(() => startCampaign({ status: 'paused', senders: [], leadCount: 3 }))).toBe(
      'no_connected_sender',
    );
    expect(codeOf(() => startCampaign({ status: 'paused', senders: [sender], leadCount: 0 }))).toBe(
      'no_leads',
    );
    expect(codeOf(() => startCampaign({ status: 'active', senders: [sender], leadCount: 3 }))).toBe(
      'campaign_not_startable',
    );
  });

  it('4. pausing a campaign that is not active is an error', () => {
    expect(errorOf(() => pauseCampaign('draft')).code).toBe('campaign_not_active');
  });
});
