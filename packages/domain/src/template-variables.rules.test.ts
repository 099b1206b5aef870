/**
 * De-risks silent template typos: a variable nothing could fill is named where it is saved, and a
 * start is told which leads a template would fail for when no fallback covers them.
 */
import { describe, expect, it } from 'vitest';
import { step, variant } from './testing/fixtures.js';
import {
  assertNoTemplateGaps,
  templateGaps,
  unknownTemplateVariables,
  type LeadForTemplates,
} from './template-variables.rules.js';

const message = step({
  id: 'stp_m',
  type: 'message',
  order: 1,
  genericBody: null,
  variants: [
    variant({
      id: 'var_a',
      body: 'Hi {{first_name}}, how is {{compnay}}? {{FirstName}} {{event}} {{ai.opening_line}}',
      aiTools: [{ key: 'opening_line', name: 'x' }],
    }),
    variant({ id: 'var_b', order: 1, body: '{{ai.company_hook}} {{industry}}' }),
  ],
});

describe('unknownTemplateVariables', () => {
  it('names each variable that no core variable, enabled AI tool, campaign variable or lead field could fill, with its step and variant', () => {
    const warnings = unknownTemplateVariables([message], {
      customVariables: { event: 'Expo' },
      leadVariableNames: ['Industry'],
    });
    expect(
      warnings.map(({ variable, stepId, stepOrder, variantId, field }) => ({
        variable,
        stepId,
        stepOrder,
        variantId,
        field,
      })),
    ).toEqual([
      { variable: 'first_name', stepId: 'stp_m', stepOrder: 1, variantId: 'var_a', field: 'body' },
      { variable: 'compnay', stepId: 'stp_m', stepOrder: 1, variantId: 'var_a', field: 'body' },
      { variable: 'ai.company_hook', stepId: 'stp_m', stepOrder: 1, variantId: 'var_b', field: 'body' },
    ]);
    expect(warnings[0]?.message).toContain('{{first_name}}');
  });

  it('checks a step genericBody too', () => {
    const invitation = step({
      id: 'stp_i',
      type: 'invitation',
      genericBody: 'Hello {{firstname}} from {{cmpany}}',
    });
    expect(unknownTemplateVariables([invitation], { leadVariableNames: [] })).toMatchObject([
      { variable: 'cmpany', variantId: null, field: 'genericBody' },
    ]);
  });

  it('says where each unknown variable is and, for an AI value, which tool is not enabled there', () => {
    const invitation = step({ id: 'stp_i', type: 'invitation', order: 0, genericBody: 'Hi {{cmpany}}' });
    const warnings = unknownTemplateVariables([invitation, message], {
      customVariables: { event: 'Expo' },
      leadVariableNames: ['Industry'],
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      '{{cmpany}} in step 0 genericBody is not a core variable, a campaign custom variable or a custom field of any lead of the campaign',
      '{{first_name}} in step 1 variant var_a is not a core variable, a campaign custom variable or a custom field of any lead of the campaign',
      '{{compnay}} in step 1 variant var_a is not a core variable, a campaign custom variable or a custom field of any lead of the campaign',
      '{{ai.company_hook}} in step 1 variant var_b: no AI tool company_hook is enabled there',
    ]);
  });
});

function lead(overrides: Partial<LeadForTemplates> = {}): LeadForTemplates {
  return { status: 'waiting', currentStep: 0, firstName: 'Jane', ...overrides };
}

describe('templateGaps', () => {
  const twoVariants = step({
    id: 'stp_m',
    type: 'message',
    order: 0,
    genericBody: null,
    variants: [
      variant({ id: 'var_a', body: 'Hi {{firstName}} at {{compnay}}' }),
      variant({
        id: 'var_b',
        order: 1,
        body: 'Hi {{firstName}}, {{ai.opening_line}}',
        aiTools: [{ key: 'opening_line', name: 'x' }],
      }),
    ],
  });

  it('counts, per variable and variant, the leads that would be paused for it', () => {
    const leads = [
      lead(),
      lead({ customVariables: { compnay: 'typo kept on purpose' } }),
      lead({ firstName: null }),
    ];
    expect(templateGaps([twoVariants], leads, {})).toEqual([
      {
        stepId: 'stp_m',
        stepOrder: 0,
        variantId: 'var_a',
        field: 'body',
        variable: 'compnay',
        leadsMissing: 2,
      },
      {
        stepId: 'stp_m',
        stepOrder: 0,
        variantId: 'var_a',
        field: 'body',
        variable: 'firstName',
        leadsMissing: 1,
      },
      {
        stepId: 'stp_m',
        stepOrder: 0,
        variantId: 'var_b',
        field: 'body',
        variable: 'firstName',
        leadsMissing: 1,
      },
    ]);
  });

  it('finds nothing when the genericBody renders for the leads the variant fails for', () => {
    const covered = { ...twoVariants, genericBody: 'Hello {{firstName}}' };
    expect(templateGaps([covered], [lead(), lead()], {})).toEqual([]);
  });

  it('counts a fallback that fails as well, and a campaign default fills a variable', () => {
    const covered = { ...twoVariants, genericBody: 'Hello {{name}}' };
    expect(
      templateGaps([covered], [lead({ firstName: null })], { customVariables: { compnay: 'x' } }),
    ).toMatchObject([
      { variantId: 'var_a', variable: 'firstName', leadsMissing: 1 },
      { variantId: 'var_b', variable: 'firstName', leadsMissing: 1 },
    ]);
  });

  it('takes a blank genericBody for no fallback', () => {
    const blank = { ...twoVariants, genericBody: '   ' };
    expect(templateGaps([blank], [lead()], {})).toMatchObject([
      { variantId: 'var_a', variable: 'compnay', leadsMissing: 1 },
    ]);
  });

  it('leaves disabled variants out: the rotation never picks them', () => {
    const variants = twoVariants.variants.map((v) => (v.id === 'var_a' ? { ...v, isDisabled: true } : v));
    const disabled = { ...twoVariants, variants };
    expect(templateGaps([disabled], [lead()], {})).toEqual([]);
  });

  it('counts the genericBody of a message step that has no enabled variant', () => {
    const generic = step({ id: 'stp_g', type: 'message', genericBody: 'Hi {{compnay}}', variants: [] });
    expect(templateGaps([generic], [lead()], {})).toEqual([
      {
        stepId: 'stp_g',
        stepOrder: 0,
        variantId: null,
        field: 'genericBody',
        variable: 'compnay',
        leadsMissing: 1,
      },
    ]);
  });

  it('counts no lead that ended in error', () => {
    const invitation = step({ id: 'stp_i', type: 'invitation', genericBody: 'Hi {{compnay}}' });
    expect(templateGaps([invitation], [lead({ status: 'error' })], {})).toEqual([]);
  });

  it('counts an invitation note that would be left out, but not leads past the step or finished', () => {
    const invitation = step({ id: 'stp_i', type: 'invitation', genericBody: 'Hi {{compnay}}' });
    const leads = [
      lead(),
      lead({ currentStep: 1 }),
      lead({ status: 'completed' }),
      lead({ status: 'paused' }),
    ];
    expect(templateGaps([invitation], leads, {})).toEqual([
      {
        stepId: 'stp_i',
        stepOrder: 0,
        variantId: null,
        field: 'genericBody',
        variable: 'compnay',
        leadsMissing: 2,
      },
    ]);
  });
});

describe('assertNoTemplateGaps', () => {
  it('refuses with each variable, where it is and how many leads lack it', () => {
    const gap = {
      stepId: 'stp_m',
      stepOrder: 1,
      variantId: 'var_a',
      field: 'body' as const,
      variable: 'compnay',
      leadsMissing: 42,
    };
    expect(() => assertNoTemplateGaps([gap])).toThrow(
      expect.objectContaining({
        code: 'template_variables_missing',
        message:
          'templates would fail for some leads with no fallback: {{compnay}} (step 1, variant var_a): 42 leads',
        details: [gap],
      }),
    );
    expect(() => assertNoTemplateGaps([])).not.toThrow();
  });
});
