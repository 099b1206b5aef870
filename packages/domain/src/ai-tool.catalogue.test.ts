/** AI tools on variants: the catalogue, which keys a body may use, and what a tool's answer gives. */
import { describe, expect, it } from 'vitest';
import {
  acceptAiToolValue,
  AI_TOOL_CATALOGUE,
  aiToolKeysIn,
  aiToolsFromKeys,
  aiToolsFromSelection,
  assertVariantAiTools,
} from './ai-tool.catalogue.js';
import { aiToolKeyOf } from './ai-variable.js';
import { DomainError } from './errors.js';
import { composeStepMessage } from './message-composition.rules.js';
import { addVariant, updateVariant } from './variant-editing.rules.js';
import { insertStep, updateStep } from './sequence-editing.rules.js';
import { sequentialIds, step, variant } from './testing/fixtures.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
  return undefined;
}

describe('AI tool catalogue', () => {
  it('reads the tool key of {{ai.<key>}} whatever the case and the spaces around the name and the key', () => {
    expect(aiToolKeyOf(' AI.Opening_Line ')).toBe('opening_line');
    expect(aiToolKeyOf('ai. company_hook')).toBe('company_hook');
    expect(aiToolKeyOf('first_name')).toBeNull();
  });

  it('offers a personalised opening line and a company hook, each with a unique key and a cap', () => {
    const keys = AI_TOOL_CATALOGUE.map((tool) => tool.key);
    expect(keys).toEqual(expect.arrayContaining(['opening_line', 'company_hook']));
    expect(new Set(keys).size).toBe(keys.length);
    for (const tool of AI_TOOL_CATALOGUE) expect(tool.maxLength).toBeGreaterThan(0);
  });

  it('turns keys into stored tools named from the catalogue, once each', () => {
    expect(aiToolsFromKeys(['company_hook', 'opening_line', 'company_hook'])).toEqual([
      { key: 'company_hook', name: 'One-sentence company hook' },
      { key: 'opening_line', name: 'Personalised opening line' },
    ]);
  });

  it('refuses an unknown key, naming it', () => {
    expect(() => aiToolsFromKeys(['opening_line', 'horoscope'])).toThrow(/unknown AI tool: horoscope/);
    expect(codeOf(() => aiToolsFromKeys(['horoscope']))).toBe('unknown_ai_tool');
  });

  it('accepts tools named by key or as { key, name } with the catalogue name, and refuses a renamed one', () => {
    expect(
      aiToolsFromSelection([
        'opening_line',
        { key: 'company_hook', name: 'One-sentence company hook' },
        { key: 'role_challenge' },
      ]),
    ).toHaveLength(3);
    expect(() => aiToolsFromSelection([{ key: 'opening_line', name: 'Opener' }])).toThrow(
      'aiTools: a tool\'s name comes from the catalogue: opening_line is "Personalised opening line"',
    );
  });

  it('reads {{ai.<key>}} placeholders whatever the spacing and case of the prefix', () => {
    expect(
      aiToolKeysIn('{{ ai.opening_line }} {{AI.company_hook}} {{firstName}} {{ai.opening_line}}'),
    ).toEqual(['opening_line', 'company_hook']);
  });
});

describe('variants may only use the AI tools enabled on them', () => {
  const messageStep = step({ id: 's1', type: 'message', variants: [variant({ id: 'v1' })] });
  const hook = aiToolsFromKeys(['company_hook']);

  it('accepts a body using an enabled tool and refuses one using a tool that is not enabled', () => {
    expect(() => assertVariantAiTools({ body: '{{ai.company_hook}}', aiTools: hook })).not.toThrow();
    expect(() => assertVariantAiTools({ body: 'Hi {{ai.opening_line}}', aiTools: hook })).toThrow(
      /\{\{ai\.opening_line\}\}.*add opening_line to aiTools/,
    );
  });

  it('checks on create and on update, including when a tool still in use is switched off', () => {
    expect(codeOf(() => addVariant(messageStep, { body: '{{ai.company_hook}}' }, sequentialIds()))).toBe(
      'ai_tool_not_enabled',
    );
    const added = addVariant(messageStep, { body: '{{ai.company_hook}}', aiTools: hook }, sequentialIds());
    const withHook = { ...messageStep, variants: added };
    expect(codeOf(() => updateVariant(withHook, 'var_1', { aiTools: [] }))).toBe('ai_tool_not_enabled');
    expect(updateVariant(withHook, 'var_1', { body: 'plain', aiTools: [] })[1]?.aiTools).toEqual([]);
  });

  it('refuses AI variables in a generic body, which is the fallback when tools produce nothing', () => {
    expect(
      codeOf(() =>
        insertStep([], { type: 'message', order: 0, genericBody: '{{ai.company_hook}}' }, sequentialIds()),
      ),
    ).toBe('ai_tool_not_enabled');
    expect(codeOf(() => updateStep([messageStep], 's1', { genericBody: 'Hi {{ ai.opening_line }}' }))).toBe(
      'ai_tool_not_enabled',
    );
  });
});

describe('rendering AI values', () => {
  const lead = { firstName: 'Ada', customVariables: { 'ai.opening_line': 'smuggled' } };
  const genericStep = { genericBody: 'Hello {{firstName}}' };
  const body = { id: 'v1', body: '{{ai.opening_line}} Best, {{firstName}}' };

  it('fills {{ai.<key>}} from the values supplied by the caller', () => {
    const composed = composeStepMessage(genericStep, body, lead, {
      aiValues: { opening_line: 'Loved your talk on compilers.' },
    });
    expect(composed).toMatchObject({
      ok: true,
      source: 'variant',
      text: 'Loved your talk on compilers. Best, Ada',
    });
  });

  it('treats a tool without a value as a missing variable: genericBody is sent, never the placeholder', () => {
    expect(composeStepMessage(genericStep, body, lead, {})).toMatchObject({
      ok: true,
      source: 'generic_body',
      text: 'Hello Ada',
    });
    expect(
      composeStepMessage({ genericBody: null }, body, lead, { aiValues: { opening_line: '  ' } }),
    ).toEqual({
      ok: false,
      internalStatus: 'missing_variable',
      missing: ['ai.opening_line'],
    });
  });
});

describe('accepting a tool answer', () => {
  it('keeps one trimmed line within the cap and refuses blank or over-long answers instead of cutting them', () => {
    expect(acceptAiToolValue({ maxLength: 20 }, '  Nice\n work!  ')).toBe('Nice work!');
    expect(acceptAiToolValue({ maxLength: 5 }, 'too long')).toBeNull();
    expect(acceptAiToolValue({ maxLength: 5 }, ' \n ')).toBeNull();
  });
});
