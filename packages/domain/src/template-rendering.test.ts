/**
 * Template rendering: every placeholder is filled or the render fails naming what is missing; a
 * raw `{{placeholder}}` is never part of a successful render.
 */
import { describe, expect, it } from 'vitest';
import type { LeadProfile } from './model.types.js';
import {
  assertTemplate,
  literalText,
  placeholdersIn,
  renderTemplate,
  templateProblems,
  templateVariables,
  textLength,
} from './template-rendering.js';
import { codeOf, errorOf } from './testing/fixtures.js';

const jane: LeadProfile = {
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme',
  headline: 'CTO',
  website: 'acme.test',
  email: 'jane@acme.test',
  phone: '+1 555 0100',
  customVariables: { city: 'Lyon', seats: 12, vip: true, nested: { a: 1 }, blank: '  ' },
};

function render(template: string, lead: LeadProfile = jane, settings = {}) {
  return renderTemplate(template, templateVariables(lead, settings));
}

describe('placeholders', () => {
  it('fills {{firstName}} and {{ firstName }} alike', () => {
    expect(render('Hi {{firstName}} / {{ firstName }} / {{  firstName  }}')).toEqual({
      ok: true,
      text: 'Hi Jane / Jane / Jane',
    });
  });

  it('fills each of the eight core variables', () => {
    const template =
      '{{firstName}}|{{lastName}}|{{name}}|{{companyName}}|{{headline}}|{{website}}|{{email}}|{{phone}}';
    expect(render(template)).toEqual({
      ok: true,
      text: 'Jane|Doe|Jane Doe|Acme|CTO|acme.test|jane@acme.test|+1 555 0100',
    });
  });

  it('matches core variable names without regard to case', () => {
    expect(render('{{FirstName}} {{COMPANYNAME}}')).toEqual({ ok: true, text: 'Jane Acme' });
  });

  it('prefers the lead name and builds it from first and last names otherwise', () => {
    expect(render('{{name}}', { name: 'Dr. Jane Doe', firstName: 'Jane' })).toEqual({
      ok: true,
      text: 'Dr. Jane Doe',
    });
    expect(render('{{name}}', { firstName: 'Jane' })).toEqual({ ok: true, text: 'Jane' });
    expect(render('{{name}}', {})).toEqual({ ok: false, missing: ['name'], malformed: false });
  });

  it('fills custom variables from the lead, numbers and booleans included', () => {
    expect(render('{{city}} {{seats}} {{vip}}')).toEqual({ ok: true, text: 'Lyon 12 true' });
  });

  it('finds a custom variable whose name differs only by case', () => {
    expect(render('{{City}}')).toEqual({ ok: true, text: 'Lyon' });
  });

  it('leaves text without placeholders as it is', () => {
    expect(render('No variables here.')).toEqual({ ok: true, text: 'No variables here.' });
  });
});

describe('campaign defaults and switches', () => {
  it('uses the campaign default when the lead lacks a custom variable', () => {
    expect(render('{{plan}}', jane, { customVariables: { plan: 'Pro' } })).toEqual({ ok: true, text: 'Pro' });
  });

  it("prefers the lead's own value over the campaign default", () => {
    expect(render('{{city}}', jane, { customVariables: { city: 'Paris' } })).toEqual({
      ok: true,
      text: 'Lyon',
    });
  });

  it('uses the default when the lead value is blank', () => {
    expect(render('{{blank}}', jane, { customVariables: { blank: 'x' } })).toEqual({ ok: true, text: 'x' });
  });

  it('renders a core variable switched off as missing, even when the lead has it', () => {
    expect(render('Hi {{firstName}}', jane, { coreVariables: { firstName: false } })).toEqual({
      ok: false,
      missing: ['firstName'],
      malformed: false,
    });
  });

  it('does not let a custom default stand in for a switched-off core variable', () => {
    const settings = { coreVariables: { email: false }, customVariables: { email: 'x@y.z' } };
    expect(render('{{email}}', jane, settings)).toMatchObject({ ok: false, missing: ['email'] });
  });

  it('keeps core variables switched on explicitly or by omission', () => {
    expect(render('{{firstName}} {{lastName}}', jane, { coreVariables: { firstName: true } })).toEqual({
      ok: true,
      text: 'Jane Doe',
    });
  });
});

describe('missing values', () => {
  it('fails with every missing name once, in order', () => {
    expect(render('{{plan}} {{firstName}} {{region}} {{plan}}', jane)).toEqual({
      ok: false,
      missing: ['plan', 'region'],
      malformed: false,
    });
  });

  it('treats blank values, objects and nulls as missing', () => {
    expect(render('{{blank}}{{nested}}{{companyName}}', { ...jane, companyName: null })).toMatchObject({
      missing: ['blank', 'nested', 'companyName'],
    });
  });

  it('never returns text holding a placeholder', () => {
    const results = ['{{x}}', 'a {{ }} b', 'a {{firstName b', 'a }} b', '{{firstName}}}}'].map((template) =>
      render(template),
    );
    for (const result of results) {
      expect(result.ok).toBe(false);
    }
  });

  it('does not expand a placeholder hidden in a lead value', () => {
    const result = render('Hi {{firstName}}', { firstName: '{{lastName}}', lastName: 'Doe' });
    expect(result).toEqual({ ok: true, text: 'Hi {lastName}' });
  });

  it('fails rather than let a value pair up with a literal brace', () => {
    expect(render('{{{firstName}}', { firstName: 'x' })).toEqual({ ok: true, text: '{x' });
    expect(render('{{{firstName}}', { firstName: '{x' })).toMatchObject({ ok: false, malformed: true });
    expect(render('{{firstName}}}', { firstName: '}' })).toMatchObject({ ok: false, malformed: true });
  });
});

describe('template syntax', () => {
  it('lists placeholder names once, trimmed', () => {
    expect(placeholdersIn('{{ a }} {{b}} {{a}}')).toEqual(['a', 'b']);
  });

  it('keeps the fixed text without placeholders', () => {
    expect(literalText('Hi {{firstName}}, how is {{ companyName }}?')).toBe('Hi , how is ?');
  });

  it('reports empty placeholders and unpaired braces', () => {
    expect(templateProblems('{{firstName}}')).toEqual([]);
    expect(templateProblems('{{ }}')).toEqual(['a placeholder has no name']);
    expect(templateProblems('{{firstName')).toEqual(['"{{" or "}}" without its pair']);
  });

  it('accepts single braces as plain text', () => {
    expect(render('a {b} c')).toEqual({ ok: true, text: 'a {b} c' });
  });

  it('refuses a broken template with invalid_template', () => {
    expect(codeOf(() => assertTemplate('body', 'Hi {{firstName'))).toBe('invalid_template');
    expect(codeOf(() => assertTemplate('body', 'Hi {{firstName}}'))).toBe('no error');
  });

  it('counts characters as a reader does', () => {
    expect(textLength('héllo👋')).toBe(6);
  });
});

describe('a malformed template', () => {
  it('fails naming the variables it misses besides being malformed, never the empty placeholder', () => {
    expect(render('{{ }} {{unknownThing}} {{firstName}}')).toEqual({
      ok: false,
      missing: ['unknownThing'],
      malformed: true,
    });
    expect(render('Hi {{firstName')).toEqual({ ok: false, missing: [], malformed: true });
  });

  it('fails with no missing variable when a value pairs up with a literal brace', () => {
    expect(render('{{firstName}}}', { firstName: '}' })).toEqual({ ok: false, missing: [], malformed: true });
  });

  it('is refused with every problem in the message and the details', () => {
    expect(errorOf(() => assertTemplate('body', '{{ }} and {{firstName'))).toEqual({
      code: 'invalid_template',
      message: 'body: a placeholder has no name; "{{" or "}}" without its pair',
      details: { field: 'body', problems: ['a placeholder has no name', '"{{" or "}}" without its pair'] },
    });
  });
});
