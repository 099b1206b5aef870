/**
 * What the API says when a rule refuses a request: the message a client shows and the `details`
 * it reads (the field, the limit, the ids). Both are part of the interface, so each refusal is
 * pinned here word for word, through the package root as the API imports it.
 */
import { describe, expect, it } from 'vitest';
import {
  aiToolsFromKeys,
  aiToolsFromSelection,
  assertAllFound,
  assertLeadStatus,
  assertNoAiVariables,
  assertNoTemplateGaps,
  assertNotEmpty,
  assertPlanAllowsCampaignBlocks,
  applyLimitSettings,
  deleteVariant,
  findStep,
  insertStep,
  nextPollGapMs,
  pauseCampaign,
  planBlocks,
  planLeadImport,
  resolvePublicIdentifier,
  startCampaign,
  updateStep,
  updateVariant,
  addVariant,
  type TemplateGap,
} from './index.js';
import { errorOf, sequence, sequentialIds, step, variant } from './testing/fixtures.js';

const connected = { status: 'connected', authenticated: true, active: true } as const;
const messageStep = step({ id: 'stp_m', type: 'message', variants: [variant({ id: 'var_a' })] });
const noImport = { existing: new Set<string>(), isBlocked: () => false };

describe('refusals of campaign changes', () => {
  it.each([
    [
      'starting an active campaign names its status',
      () => startCampaign({ status: 'active', senders: [connected], leadCount: 1 }),
      {
        code: 'campaign_not_startable',
        message: 'campaign is active; only a paused or draft campaign can be started',
        details: { status: 'active' },
      },
    ],
    [
      'starting without a usable sender says so',
      () => startCampaign({ status: 'draft', senders: [{ ...connected, active: false }], leadCount: 1 }),
      { code: 'no_connected_sender', message: 'campaign has no connected sender account' },
    ],
    [
      'starting without leads says so',
      () => startCampaign({ status: 'paused', senders: [connected], leadCount: 0 }),
      { code: 'no_leads', message: 'campaign has no leads' },
    ],
    [
      'pausing a draft names its status',
      () => pauseCampaign('draft'),
      {
        code: 'campaign_not_active',
        message: 'campaign is draft; only an active campaign can be paused',
        details: { status: 'draft' },
      },
    ],
  ])('%s', (_name, run, expected) => {
    expect(errorOf(run)).toEqual(expected);
  });
});

describe('refusals of sequence and variant edits', () => {
  it.each([
    [
      'an unknown step names the step id',
      () => findStep(sequence('message'), 'stp_gone'),
      { code: 'step_not_found', message: 'step not found: stp_gone', details: { stepId: 'stp_gone' } },
    ],
    [
      'an unknown step type names the type',
      () => insertStep([], { type: 'fax' as never, order: 0 }, sequentialIds()),
      { code: 'invalid_input', message: 'unknown step type: fax', details: { field: 'type' } },
    ],
    [
      'an order out of range gives the order and the largest allowed',
      () => insertStep(sequence('message'), { type: 'message', order: 3 }, sequentialIds()),
      {
        code: 'invalid_step_order',
        message: 'order must be an integer from 0 to 1',
        details: { order: 3, max: 1 },
      },
    ],
    [
      'a negative delay names the field',
      () => updateStep(sequence('message'), 's0', { delay: -1 }),
      {
        code: 'invalid_input',
        message: 'delay must be a whole number of days, 0 or more',
        details: { field: 'delay' },
      },
    ],
    [
      'a variant on a step without variants names the step and its type',
      () => addVariant(step({ id: 'stp_i', type: 'invitation' }), {}, sequentialIds()),
      {
        code: 'step_has_no_variants',
        message: 'a invitation step has no message variants',
        details: { stepId: 'stp_i', type: 'invitation' },
      },
    ],
    [
      'a variant body over 8000 characters names the field and the limit',
      () => addVariant(messageStep, { body: 'x'.repeat(8001) }, sequentialIds()),
      {
        code: 'body_too_long',
        message: 'body must be at most 8000 characters',
        details: { field: 'body', max: 8000 },
      },
    ],
    [
      'an unknown variant names the step and the variant',
      () => updateVariant(messageStep, 'var_gone', { body: 'Hi' }),
      {
        code: 'variant_not_found',
        message: 'variant not found: var_gone',
        details: { stepId: 'stp_m', variantId: 'var_gone' },
      },
    ],
    [
      'deleting the last enabled variant names it and says why',
      () => deleteVariant(messageStep, 'var_a'),
      {
        code: 'last_enabled_variant',
        message: 'the last enabled variant of a step cannot be deleted',
        details: { stepId: 'stp_m', variantId: 'var_a' },
      },
    ],
    [
      'disabling the last enabled variant says so',
      () => updateVariant(messageStep, 'var_a', { isDisabled: true }),
      {
        code: 'last_enabled_variant',
        message: 'the last enabled variant of a step cannot be disabled',
        details: { stepId: 'stp_m', variantId: 'var_a' },
      },
    ],
  ])('%s', (_name, run, expected) => {
    expect(errorOf(run)).toEqual(expected);
  });
});

describe('refusals of AI tools', () => {
  it.each([
    [
      'unknown tool keys are listed with the known ones',
      () => aiToolsFromKeys(['opening_line', 'horoscope', 'tarot']),
      {
        code: 'unknown_ai_tool',
        message: 'unknown AI tool: horoscope, tarot',
        details: {
          unknownKeys: ['horoscope', 'tarot'],
          knownKeys: ['opening_line', 'company_hook', 'role_challenge'],
        },
      },
    ],
    [
      "a renamed tool is given the catalogue's name",
      () => aiToolsFromSelection([{ key: 'company_hook', name: 'Hook' }, 'opening_line']),
      {
        code: 'invalid_input',
        message: `aiTools: a tool's name comes from the catalogue: company_hook is "One-sentence company hook"`,
        details: { field: 'aiTools' },
      },
    ],
    [
      'a generic body using AI tools lists them and says why it cannot',
      () => assertNoAiVariables('genericBody', 'Hi {{ai.opening_line}} {{ ai.company_hook }}'),
      {
        code: 'ai_tool_not_enabled',
        message:
          'genericBody cannot use AI tools ({{ai.opening_line}}, {{ai.company_hook}}): it is the fallback when they produce nothing',
        details: { field: 'genericBody', notEnabled: ['opening_line', 'company_hook'] },
      },
    ],
    [
      'a body using two tools the variant does not enable names both',
      () => addVariant(messageStep, { body: '{{ai.opening_line}} {{ai.role_challenge}}' }, sequentialIds()),
      {
        code: 'ai_tool_not_enabled',
        message:
          'body uses {{ai.opening_line}}, {{ai.role_challenge}} but the variant does not enable those AI tools: add opening_line, role_challenge to aiTools',
        details: { field: 'body', notEnabled: ['opening_line', 'role_challenge'], enabled: [] },
      },
    ],
  ])('%s', (_name, run, expected) => {
    expect(errorOf(run)).toEqual(expected);
  });
});

describe('refusals of leads, blocks and ids', () => {
  it.each([
    [
      'campaign blocks on a starter plan name the plan and the plans that allow them',
      () => assertPlanAllowsCampaignBlocks('starter' as never),
      {
        code: 'plan_required',
        message: 'campaign block lists need a Pro or Agency plan',
        details: { plan: 'starter', requiredPlans: ['pro', 'agency'] },
      },
    ],
    [
      'an empty block list names the field',
      () => planBlocks('blocks', []),
      { code: 'invalid_input', message: 'blocks must not be empty', details: { field: 'blocks' } },
    ],
    [
      'a blank identifier in a block list names the field',
      () => planBlocks('blocks', [{ publicIdentifier: 'jane' }, { publicIdentifier: '  ' }]),
      {
        code: 'invalid_input',
        message: 'blocks: a public identifier is empty',
        details: { field: 'blocks' },
      },
    ],
    [
      'a lead without identifier or URL names both ways to give one',
      () => resolvePublicIdentifier({}),
      {
        code: 'invalid_input',
        message: 'a lead needs a publicIdentifier or a profile URL (networkUrl)',
        details: { field: 'publicIdentifier' },
      },
    ],
    [
      'an import of more than 1000 leads gives the limit',
      () =>
        planLeadImport(
          Array.from({ length: 1001 }, (_, i) => ({ publicIdentifier: `p${i}` })),
          noImport,
        ),
      { code: 'invalid_input', message: 'leads: at most 1000 per request', details: { field: 'leads' } },
    ],
    [
      'an import with unusable leads names their positions',
      () => planLeadImport([{ publicIdentifier: 'a' }, {}, { publicIdentifier: 'b' }, {}], noImport),
      {
        code: 'invalid_input',
        message: 'leads at positions 1, 3 have neither a publicIdentifier nor a profile URL',
        details: { field: 'leads', positions: [1, 3] },
      },
    ],
    [
      'an unknown lead status lists the allowed ones',
      () => assertLeadStatus('archived'),
      {
        code: 'invalid_input',
        message: 'status must be one of waiting, active, paused, completed, error',
        details: { field: 'status', allowed: ['waiting', 'active', 'paused', 'completed', 'error'] },
      },
    ],
    [
      'missing records are all named, once each',
      () => assertAllFound('lead_not_found', ['led_1', 'led_2', 'led_2', 'led_3'], ['led_1']),
      {
        code: 'lead_not_found',
        message: 'lead not found: led_2, led_3',
        details: { missing: ['led_2', 'led_3'] },
      },
    ],
    [
      'an empty list names the field',
      () => assertNotEmpty('leadIds', []),
      { code: 'invalid_input', message: 'leadIds must not be empty', details: { field: 'leadIds' } },
    ],
  ])('%s', (_name, run, expected) => {
    expect(errorOf(run)).toEqual(expected);
  });
});

describe('refusals of account limits', () => {
  it.each([
    [
      'an unknown limit lists the limits there are',
      () => applyLimitSettings('premium', {}, { invitesPerDay: 3 } as never),
      {
        code: 'invalid_input',
        message:
          'limits.invitesPerDay is not a limit; use one of invitationsPerDay, invitationsPerWeek, notedInvitationsPerMonth, messagesPerDay, inmailsPerDay, inmailsPerMonth, profileVisitsPerDay, profileRetrievalsPerDay, listReadsPerDay',
        details: { field: 'limits.invitesPerDay' },
      },
    ],
    [
      'a fractional limit names it',
      () => applyLimitSettings('premium', {}, { messagesPerDay: 2.5 }),
      {
        code: 'invalid_input',
        message: 'limits.messagesPerDay must be a whole number, 0 or more',
        details: { field: 'limits.messagesPerDay' },
      },
    ],
    [
      'a limit above the tier ceiling gives the ceiling, the tier and the reason',
      () => applyLimitSettings('free', {}, { invitationsPerDay: 31 }),
      {
        code: 'invalid_input',
        message:
          'limits.invitationsPerDay may be at most 30 for a free account: LinkedIn restricts accounts above it',
        details: { field: 'limits.invitationsPerDay', max: 30, tier: 'free' },
      },
    ],
    [
      'a poll schedule of no polls a day is refused',
      () => nextPollGapMs(0, 0.5),
      { code: 'invalid_input', message: 'pollsPerDay must be positive' },
    ],
  ])('%s', (_name, run, expected) => {
    expect(errorOf(run)).toEqual(expected);
  });

  it('accepts a limit exactly at the tier ceiling', () => {
    expect(applyLimitSettings('free', {}, { invitationsPerDay: 30 })).toEqual({ invitationsPerDay: 30 });
  });
});

describe('a start refused for template gaps', () => {
  const gap = (n: number, leadsMissing: number): TemplateGap => ({
    stepId: `stp_${n}`,
    stepOrder: n,
    variantId: n % 2 === 0 ? null : `var_${n}`,
    field: n % 2 === 0 ? 'genericBody' : 'body',
    variable: `v${n}`,
    leadsMissing,
  });

  it('lists the first five gaps with their place and lead counts, counts the rest, and gives them all', () => {
    const gaps = [gap(0, 1), gap(1, 2), gap(2, 3), gap(3, 4), gap(4, 5), gap(5, 6), gap(6, 7)];
    expect(errorOf(() => assertNoTemplateGaps(gaps))).toEqual({
      code: 'template_variables_missing',
      message:
        'templates would fail for some leads with no fallback: {{v0}} (step 0, genericBody): 1 lead; {{v1}} (step 1, variant var_1): 2 leads; {{v2}} (step 2, genericBody): 3 leads; {{v3}} (step 3, variant var_3): 4 leads; {{v4}} (step 4, genericBody): 5 leads, and 2 more',
      details: gaps,
    });
  });

  it('lists five gaps without a count of more', () => {
    const gaps = [gap(0, 1), gap(1, 1), gap(2, 1), gap(3, 1), gap(4, 1)];
    const error = errorOf(() => assertNoTemplateGaps(gaps));
    expect(error).toMatchObject({ code: 'template_variables_missing' });
    expect(error !== 'no error' && error.message.endsWith('{{v4}} (step 4, genericBody): 1 lead')).toBe(true);
  });
});
