/**
 * What a lead receives: the chosen variant, else the generic body, else nothing (the lead pauses
 * with missing_variable); and the optional invitation note within 300 characters.
 */
import { describe, expect, it } from 'vitest';
import { composeInvitationNote, composeStepMessage } from './message-composition.rules.js';
import type { LeadProfile } from './model.types.js';

const jane: LeadProfile = { firstName: 'Jane', companyName: 'Acme' };
const variant = { id: 'var_1', body: 'Hi {{firstName}}, about {{companyName}}' };

describe('composeStepMessage', () => {
  it('renders the chosen variant', () => {
    expect(composeStepMessage({ genericBody: 'Hello' }, variant, jane)).toEqual({
      ok: true,
      text: 'Hi Jane, about Acme',
      source: 'variant',
      variantId: 'var_1',
    });
  });

  it('falls back to genericBody when the variant misses a variable', () => {
    const result = composeStepMessage({ genericBody: 'Hello {{firstName}}' }, variant, { firstName: 'Jane' });
    expect(result).toEqual({ ok: true, text: 'Hello Jane', source: 'generic_body', variantId: null });
  });

  it('falls back to genericBody when the variant body is blank', () => {
    const result = composeStepMessage({ genericBody: 'Hello' }, { id: 'var_2', body: '   ' }, jane);
    expect(result).toMatchObject({ ok: true, source: 'generic_body' });
  });

  it('uses genericBody when rotation found no variant', () => {
    expect(composeStepMessage({ genericBody: 'Hello' }, null, jane)).toMatchObject({
      ok: true,
      text: 'Hello',
    });
  });

  it('reports missing_variable with the missing names when the generic body fails too', () => {
    const result = composeStepMessage({ genericBody: 'Dear {{title}} {{lastName}}' }, variant, {
      firstName: 'Jane',
    });
    expect(result).toEqual({
      ok: false,
      internalStatus: 'missing_variable',
      missing: ['companyName', 'title', 'lastName'],
    });
  });

  it('reports missing_variable with no names when every template is blank', () => {
    expect(composeStepMessage({ genericBody: null }, { id: 'v', body: '' }, jane)).toEqual({
      ok: false,
      internalStatus: 'missing_variable',
      missing: [],
    });
  });

  it('applies campaign defaults and core variable switches', () => {
    const settings = { customVariables: { offer: 'a demo' }, coreVariables: { companyName: false } };
    const body = { id: 'v', body: 'Hi {{firstName}}, want {{offer}}?' };
    expect(composeStepMessage({ genericBody: null }, body, jane, settings)).toMatchObject({
      text: 'Hi Jane, want a demo?',
    });
    expect(composeStepMessage({ genericBody: null }, variant, jane, settings)).toMatchObject({ ok: false });
  });

  it('trims surrounding white space', () => {
    expect(composeStepMessage({ genericBody: null }, { id: 'v', body: '\n Hi \n' }, jane)).toMatchObject({
      text: 'Hi',
    });
  });
});

describe('composeInvitationNote', () => {
  it('sends no note when the step has no generic body', () => {
    expect(composeInvitationNote({ genericBody: null }, jane)).toEqual({
      note: null,
      omitted: null,
      missing: [],
    });
    expect(composeInvitationNote({ genericBody: ' ' }, jane)).toEqual({
      note: null,
      omitted: null,
      missing: [],
    });
  });

  it('renders the note', () => {
    expect(composeInvitationNote({ genericBody: 'Hi {{firstName}}!' }, jane)).toEqual({
      note: 'Hi Jane!',
      omitted: null,
      missing: [],
    });
  });

  it('accepts a note of exactly 300 characters once rendered', () => {
    const note = composeInvitationNote({ genericBody: `{{firstName}} ${'x'.repeat(295)}` }, jane);
    expect(note.note).toHaveLength(300);
  });

  it('sends the invitation without a note when the rendered note exceeds 300 characters', () => {
    const long = { firstName: 'J'.repeat(200) };
    expect(composeInvitationNote({ genericBody: `Hi {{firstName}} ${'x'.repeat(100)}` }, long)).toEqual({
      note: null,
      omitted: 'too_long',
      missing: [],
    });
  });

  it('sends the invitation without a note when a variable is missing', () => {
    expect(composeInvitationNote({ genericBody: 'Hi {{firstName}} from {{city}}' }, jane)).toEqual({
      note: null,
      omitted: 'missing_variable',
      missing: ['city'],
    });
  });
});
