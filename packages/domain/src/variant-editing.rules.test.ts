/** Variant rules: a step keeps at least one enabled variant, bodies fit 8000 characters, orders stay 0..n-1. */
import { describe, expect, it } from 'vitest';
import type { StepDef } from './model.types.js';
import { codeOf, errorOf, sequentialIds, step, variant } from './testing/fixtures.js';
import { addVariant, deleteVariant, normaliseVariantOrder, updateVariant } from './variant-editing.rules.js';

function messageStep(...variants: ReturnType<typeof variant>[]): StepDef {
  return step({ id: 'stp_m', type: 'message', variants });
}

const a = variant({ id: 'a', order: 0 });
const b = variant({ id: 'b', order: 1 });
const c = variant({ id: 'c', order: 2 });

describe('adding a variant', () => {
  it('assigns order = number of variants and a new id', () => {
    const variants = addVariant(messageStep(a, b), { body: 'Hey {{firstName}}' }, sequentialIds());
    expect(variants.map((item) => [item.id, item.order])).toEqual([
      ['a', 0],
      ['b', 1],
      ['var_1', 2],
    ]);
    expect(variants[2]).toEqual({
      id: 'var_1',
      body: 'Hey {{firstName}}',
      order: 2,
      isDisabled: false,
      icpDefinitionRaw: null,
      aiTools: [],
    });
  });

  it('creates an empty enabled variant from an empty body {}', () => {
    const variants = addVariant(messageStep(a), {}, sequentialIds());
    expect(variants[1]).toMatchObject({ body: '', isDisabled: false });
  });

  it('keeps the given ICP definition, disabled flag and AI tools; a blank ICP means none', () => {
    const tools = [{ name: 'Screener', key: 'screener' }];
    const [, withIcp] = addVariant(
      messageStep(a),
      { icpDefinitionRaw: 'CTO', isDisabled: true, aiTools: tools },
      sequentialIds(),
    );
    const [, blankIcp] = addVariant(messageStep(a), { icpDefinitionRaw: '   ' }, sequentialIds());
    expect(withIcp).toMatchObject({ icpDefinitionRaw: 'CTO', isDisabled: true, aiTools: tools });
    expect(blankIcp?.icpDefinitionRaw).toBeNull();
  });

  it.each(['invitation', 'visit_profile'] as const)(
    'refuses variants on a %s step with step_has_no_variants',
    (type) => {
      expect(codeOf(() => addVariant(step({ id: 's', type }), {}, sequentialIds()))).toBe(
        'step_has_no_variants',
      );
    },
  );

  it('refuses a body over 8000 characters with body_too_long', () => {
    expect(codeOf(() => addVariant(messageStep(a), { body: 'x'.repeat(8001) }, sequentialIds()))).toBe(
      'body_too_long',
    );
  });
});

describe('updating a variant', () => {
  it('changes the body', () => {
    const variants = updateVariant(messageStep(a, b), 'b', { body: 'New {{ companyName }}' });
    expect(variants.find((item) => item.id === 'b')?.body).toBe('New {{ companyName }}');
  });

  it('accepts a body of exactly 8000 characters', () => {
    expect(codeOf(() => updateVariant(messageStep(a), 'a', { body: 'x'.repeat(8000) }))).toBe('no error');
  });

  it('refuses a body of 8001 characters with body_too_long', () => {
    expect(codeOf(() => updateVariant(messageStep(a), 'a', { body: 'x'.repeat(8001) }))).toBe(
      'body_too_long',
    );
  });

  it('counts characters, not UTF-16 units, so 8000 emoji fit', () => {
    expect(codeOf(() => updateVariant(messageStep(a), 'a', { body: '👋'.repeat(8000) }))).toBe('no error');
  });

  it('refuses a body with a broken placeholder with invalid_template', () => {
    expect(codeOf(() => updateVariant(messageStep(a), 'a', { body: 'Hi {{ }}' }))).toBe('invalid_template');
    expect(errorOf(() => updateVariant(messageStep(a), 'a', { body: 'Hi {{ }}' }))).toMatchObject({
      details: { field: 'body' },
    });
  });

  it('disables a variant while another stays enabled', () => {
    const variants = updateVariant(messageStep(a, b), 'a', { isDisabled: true });
    expect(variants.map((item) => item.isDisabled)).toEqual([true, false]);
  });

  it('refuses to disable the last enabled variant with last_enabled_variant', () => {
    const step = messageStep(a, { ...b, isDisabled: true });
    expect(codeOf(() => updateVariant(step, 'a', { isDisabled: true }))).toBe('last_enabled_variant');
  });

  it('lets an already disabled variant be "disabled" again and re-enabled', () => {
    const step = messageStep(a, { ...b, isDisabled: true });
    expect(codeOf(() => updateVariant(step, 'b', { isDisabled: true }))).toBe('no error');
    expect(updateVariant(step, 'b', { isDisabled: false }).every((item) => !item.isDisabled)).toBe(true);
  });

  it('sets and clears the ICP definition and replaces the AI tools', () => {
    const set = updateVariant(messageStep(a), 'a', {
      icpDefinitionRaw: 'founder',
      aiTools: [{ name: 'n', key: 'k' }],
    });
    expect(set[0]).toMatchObject({ icpDefinitionRaw: 'founder', aiTools: [{ name: 'n', key: 'k' }] });
    const cleared = updateVariant({ ...messageStep(a), variants: set }, 'a', { icpDefinitionRaw: null });
    expect(cleared[0]?.icpDefinitionRaw).toBeNull();
  });

  it('refuses an unknown variant with variant_not_found', () => {
    expect(codeOf(() => updateVariant(messageStep(a), 'zz', { body: 'x' }))).toBe('variant_not_found');
  });

  it('refuses variants on a step without them with step_has_no_variants', () => {
    expect(codeOf(() => updateVariant(step({ id: 's', type: 'invitation' }), 'a', {}))).toBe(
      'step_has_no_variants',
    );
  });
});

describe('deleting a variant', () => {
  it('renumbers the remaining variants 0..n-1 in rotation order', () => {
    const variants = deleteVariant(messageStep(a, b, c), 'a');
    expect(variants.map((item) => [item.id, item.order])).toEqual([
      ['b', 0],
      ['c', 1],
    ]);
  });

  it('refuses to delete the last enabled variant with last_enabled_variant', () => {
    expect(codeOf(() => deleteVariant(messageStep(a), 'a'))).toBe('last_enabled_variant');
    expect(codeOf(() => deleteVariant(messageStep(a, { ...b, isDisabled: true }), 'a'))).toBe(
      'last_enabled_variant',
    );
  });

  it('deletes a disabled variant even when a single enabled one remains', () => {
    expect(deleteVariant(messageStep(a, { ...b, isDisabled: true }), 'b').map((item) => item.id)).toEqual([
      'a',
    ]);
  });

  it('refuses an unknown variant with variant_not_found', () => {
    expect(codeOf(() => deleteVariant(messageStep(a, b), 'zz'))).toBe('variant_not_found');
  });

  it('refuses variants on a step without them with step_has_no_variants', () => {
    expect(codeOf(() => deleteVariant(step({ id: 's', type: 'visit_profile' }), 'a'))).toBe(
      'step_has_no_variants',
    );
  });
});

describe('normaliseVariantOrder', () => {
  it('sorts by order and closes gaps', () => {
    const variants = normaliseVariantOrder([variant({ id: 'x', order: 9 }), variant({ id: 'y', order: 3 })]);
    expect(variants.map((item) => `${item.id}${item.order}`)).toEqual(['y0', 'x1']);
  });
});

describe('AI variables in a variant body', () => {
  it('refuses a body changed to use {{ai.opening_line}} when the variant does not enable the tool', () => {
    expect(errorOf(() => updateVariant(messageStep(a, b), 'a', { body: 'Hi {{ai.opening_line}}' }))).toEqual({
      code: 'ai_tool_not_enabled',
      message:
        'body uses {{ai.opening_line}} but the variant does not enable that AI tool: add opening_line to aiTools',
      details: { field: 'body', notEnabled: ['opening_line'], enabled: [] },
    });
  });

  it('refuses turning off a tool the body still uses', () => {
    const withTool = variant({
      id: 'a',
      body: 'Hi {{ai.opening_line}}',
      aiTools: [{ key: 'opening_line', name: 'Personalised opening line' }],
    });
    expect(codeOf(() => updateVariant(messageStep(withTool, b), 'a', { aiTools: [] }))).toBe(
      'ai_tool_not_enabled',
    );
    expect(codeOf(() => updateVariant(messageStep(withTool, b), 'a', { isDisabled: false }))).toBe(
      'no error',
    );
  });
});
