/** Editing steps: positions shift, orders stay 0..n-1, defaults fit each step type. */
import { describe, expect, it } from 'vitest';
import {
  deleteStep,
  findStep,
  insertStep,
  normaliseStepOrder,
  stepTypeHasVariants,
  updateStep,
} from './sequence-editing.rules.js';
import { codeOf, errorOf, sequence, sequentialIds, step } from './testing/fixtures.js';

describe('inserting a step', () => {
  it('shifts the steps at or after the order one place down', () => {
    const { steps, step: added } = insertStep(
      sequence('invitation', 'message', 'message'),
      { type: 'visit_profile', order: 1 },
      sequentialIds(),
    );
    expect(steps.map((item) => [item.id, item.order])).toEqual([
      ['s0', 0],
      [added.id, 1],
      ['s1', 2],
      ['s2', 3],
    ]);
  });

  it('appends when the order equals the number of steps', () => {
    const { steps } = insertStep(sequence('invitation'), { type: 'message', order: 1 }, sequentialIds());
    expect(steps.map((item) => item.type)).toEqual(['invitation', 'message']);
  });

  it('takes new ids from the id factory', () => {
    const { step: added } = insertStep([], { type: 'message', order: 0 }, sequentialIds());
    expect(added.id).toBe('stp_1');
    expect(added.variants.map((item) => item.id)).toEqual(['var_2']);
  });

  it.each(['message', 'screener'] as const)('creates a %s step with one empty enabled variant', (type) => {
    const { step: added } = insertStep([], { type, order: 0 }, sequentialIds());
    expect(added.variants).toEqual([
      { id: 'var_2', body: '', order: 0, isDisabled: false, icpDefinitionRaw: null, aiTools: [] },
    ]);
  });

  it.each(['invitation', 'visit_profile'] as const)('creates a %s step without variants', (type) => {
    const { step: added } = insertStep([], { type, order: 0 }, sequentialIds());
    expect(added.variants).toEqual([]);
  });

  it('defaults to no delay for a first step, one day after, stop on reply and no generic body', () => {
    const first = insertStep([], { type: 'invitation', order: 0 }, sequentialIds()).step;
    const later = insertStep(sequence('invitation'), { type: 'message', order: 1 }, sequentialIds()).step;
    expect([first.delay, later.delay]).toEqual([0, 1]);
    expect(first.stopOnReply).toBe(true);
    expect(first.genericBody).toBeNull();
  });

  it('keeps the delay, stopOnReply and genericBody it is given', () => {
    const { step: added } = insertStep(
      [],
      { type: 'message', order: 0, delay: 3, stopOnReply: false, genericBody: 'Hi {{firstName}}' },
      sequentialIds(),
    );
    expect(added).toMatchObject({ delay: 3, stopOnReply: false, genericBody: 'Hi {{firstName}}' });
  });

  it.each([-1, 3, 1.5, Number.NaN])('refuses order %s with invalid_step_order', (order) => {
    expect(
      codeOf(() =>
        insertStep(sequence('invitation', 'message'), { type: 'message', order }, sequentialIds()),
      ),
    ).toBe('invalid_step_order');
  });

  it('refuses an unknown step type with invalid_input', () => {
    const input = { type: 'call' as 'message', order: 0 };
    expect(codeOf(() => insertStep([], input, sequentialIds()))).toBe('invalid_input');
  });

  it('refuses a negative or fractional delay with invalid_input', () => {
    expect(codeOf(() => insertStep([], { type: 'message', order: 0, delay: -1 }, sequentialIds()))).toBe(
      'invalid_input',
    );
    expect(codeOf(() => insertStep([], { type: 'message', order: 0, delay: 0.5 }, sequentialIds()))).toBe(
      'invalid_input',
    );
  });

  it('renumbers steps stored with gaps or out of order', () => {
    const stored = [
      step({ id: 'b', type: 'message', order: 7 }),
      step({ id: 'a', type: 'invitation', order: 2 }),
    ];
    const { steps } = insertStep(stored, { type: 'visit_profile', order: 2 }, sequentialIds());
    expect(steps.map((item) => [item.id, item.order])).toEqual([
      ['a', 0],
      ['b', 1],
      ['stp_1', 2],
    ]);
  });

  it('does not change the steps it was given', () => {
    const steps = sequence('invitation', 'message');
    const before = structuredClone(steps);
    insertStep(steps, { type: 'message', order: 0 }, sequentialIds());
    expect(steps).toEqual(before);
  });
});

describe('deleting a step', () => {
  it('removes the step and moves the later ones one place up', () => {
    const { steps, removed } = deleteStep(sequence('invitation', 'message', 'screener'), 's1');
    expect(removed.id).toBe('s1');
    expect(steps.map((item) => [item.id, item.order])).toEqual([
      ['s0', 0],
      ['s2', 1],
    ]);
  });

  it('refuses an unknown step with step_not_found', () => {
    expect(codeOf(() => deleteStep(sequence('invitation'), 'nope'))).toBe('step_not_found');
  });
});

describe('updating a step', () => {
  it('changes the delay and the generic body', () => {
    const steps = updateStep(sequence('invitation', 'message'), 's1', {
      delay: 4,
      genericBody: 'Hi {{ firstName }}',
    });
    expect(steps[1]).toMatchObject({ id: 's1', delay: 4, genericBody: 'Hi {{ firstName }}' });
    expect(steps[0]).toEqual(sequence('invitation')[0]);
  });

  it('changes stopOnReply and clears the generic body with null', () => {
    const start = updateStep(sequence('message'), 's0', { genericBody: 'x' });
    const steps = updateStep(start, 's0', { genericBody: null, stopOnReply: false });
    expect(steps[0]).toMatchObject({ genericBody: null, stopOnReply: false, delay: 1 });
  });

  it('keeps every field that the patch does not name', () => {
    expect(updateStep(sequence('message'), 's0', {})).toEqual(sequence('message'));
  });

  it('refuses a generic body over 8000 characters with body_too_long', () => {
    expect(codeOf(() => updateStep(sequence('message'), 's0', { genericBody: 'x'.repeat(8001) }))).toBe(
      'body_too_long',
    );
    expect(codeOf(() => updateStep(sequence('message'), 's0', { genericBody: 'x'.repeat(8000) }))).toBe(
      'no error',
    );
  });

  it('refuses a generic body with a broken placeholder with invalid_template', () => {
    expect(codeOf(() => updateStep(sequence('message'), 's0', { genericBody: 'Hi {{firstName' }))).toBe(
      'invalid_template',
    );
  });

  it('names genericBody as the field of a broken placeholder or an AI variable in it', () => {
    expect(
      errorOf(() => updateStep(sequence('message'), 's0', { genericBody: 'Hi {{firstName' })),
    ).toMatchObject({
      code: 'invalid_template',
      details: { field: 'genericBody' },
    });
    expect(
      errorOf(() => updateStep(sequence('message'), 's0', { genericBody: 'Hi {{ai.opening_line}}' })),
    ).toMatchObject({ code: 'ai_tool_not_enabled', details: { field: 'genericBody' } });
  });

  it('does not count the spaces around an invitation note toward its 300 characters', () => {
    const note = `  ${'x'.repeat(300)}  `;
    expect(codeOf(() => updateStep(sequence('invitation'), 's0', { genericBody: note }))).toBe('no error');
  });

  it('refuses an invitation note whose fixed text alone exceeds 300 characters', () => {
    const long = `${'x'.repeat(301)}`;
    expect(codeOf(() => updateStep(sequence('invitation'), 's0', { genericBody: long }))).toBe(
      'invitation_note_too_long',
    );
  });

  it('accepts an invitation note that fits 300 characters without its placeholders', () => {
    const note = `${'x'.repeat(290)} {{firstName}} {{companyName}}`;
    expect(codeOf(() => updateStep(sequence('invitation'), 's0', { genericBody: note }))).toBe('no error');
  });

  it('refuses an unknown step and a bad delay', () => {
    expect(codeOf(() => updateStep(sequence('message'), 'nope', { delay: 1 }))).toBe('step_not_found');
    expect(codeOf(() => updateStep(sequence('message'), 's0', { delay: -2 }))).toBe('invalid_input');
  });
});

describe('helpers', () => {
  it('says which step types carry variants', () => {
    expect(
      ['invitation', 'message', 'visit_profile', 'screener'].filter((type) =>
        stepTypeHasVariants(type as 'message'),
      ),
    ).toEqual(['message', 'screener']);
  });

  it('finds a step by id', () => {
    expect(findStep(sequence('invitation', 'message'), 's1').type).toBe('message');
  });

  it('orders steps by order and renumbers them', () => {
    const steps = normaliseStepOrder([
      step({ id: 'x', type: 'message', order: 5 }),
      step({ id: 'y', type: 'message', order: 1 }),
    ]);
    expect(steps.map((item) => `${item.id}${item.order}`)).toEqual(['y0', 'x1']);
  });
});

describe('invitation notes at the limit', () => {
  it('accepts a note of exactly 300 characters and refuses 301, naming the field and the limit', () => {
    expect(codeOf(() => updateStep(sequence('invitation'), 's0', { genericBody: 'x'.repeat(300) }))).toBe(
      'no error',
    );
    expect(errorOf(() => updateStep(sequence('invitation'), 's0', { genericBody: 'x'.repeat(301) }))).toEqual(
      {
        code: 'invitation_note_too_long',
        message: 'an invitation note must be at most 300 characters',
        details: { field: 'genericBody', max: 300 },
      },
    );
  });

  it('lets a message step keep a generic body longer than a note', () => {
    expect(codeOf(() => updateStep(sequence('message'), 's0', { genericBody: 'x'.repeat(301) }))).toBe(
      'no error',
    );
  });

  it('refuses a generic body over 8000 characters, naming the field and the limit', () => {
    expect(errorOf(() => updateStep(sequence('message'), 's0', { genericBody: 'x'.repeat(8001) }))).toEqual({
      code: 'body_too_long',
      message: 'genericBody must be at most 8000 characters',
      details: { field: 'genericBody', max: 8000 },
    });
  });
});
