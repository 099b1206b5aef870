import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addLeadsBody } from './schemas/lead.schema.js';
import { createCampaignBody, getCampaignParams } from './schemas/campaign.schema.js';
import { subscribeHookBody } from './schemas/webhook.schema.js';
import { formatZodError, zodErrorDetails } from './validation-message.js';

function errorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return result.error;
}

describe('zodErrorDetails', () => {
  it('names each field with its path into lists and objects', () => {
    const error = errorOf(addLeadsBody, {
      leads: [{ publicIdentifier: 'ada' }, { publicIdentifier: 'bo', email: 'x' }],
    });
    expect(zodErrorDetails(error)).toEqual([{ path: 'leads[1].email', message: 'must be a valid email' }]);
  });

  it('reports every unknown field on its own', () => {
    const error = errorOf(createCampaignBody, { name: 'Q3', colour: 'red', owner: 'me' });
    expect(zodErrorDetails(error)).toEqual([
      { path: 'colour', message: 'unknown field' },
      { path: 'owner', message: 'unknown field' },
    ]);
  });

  it('says a missing field is required, and names the input itself by its root label', () => {
    expect(zodErrorDetails(errorOf(getCampaignParams, {}), { root: 'path' })).toEqual([
      { path: 'id', message: 'is required' },
    ]);
    expect(zodErrorDetails(errorOf(createCampaignBody, null))).toEqual([
      { path: 'body', message: 'must be an object' },
    ]);
  });

  it('keeps messages written in the schemas and drops repeated ones', () => {
    const error = errorOf(subscribeHookBody, { url: 'ftp://hooks.example.com', type: 'campaign_completed' });
    expect(zodErrorDetails(error)).toEqual([{ path: 'url', message: 'must be an http or https URL' }]);
  });
});

describe('formatZodError', () => {
  it('joins the problems into one short line', () => {
    const error = errorOf(createCampaignBody, { name: '', settings: { invitationTimeoutDays: 0 } });
    expect(formatZodError(error)).toBe(
      'name: must not be empty; settings.invitationTimeoutDays: must be at least 1',
    );
  });

  it('spells out the first problems and counts the rest', () => {
    const error = errorOf(z.strictObject({}), { a: 1, b: 2, c: 3, d: 4, e: 5 });
    expect(formatZodError(error)).toBe('a: unknown field; b: unknown field; c: unknown field; and 2 more');
    expect(formatZodError(error, { maxProblems: 1 })).toBe('a: unknown field; and 4 more');
  });

  it('describes size limits of text, lists and numbers', () => {
    const schema = z.strictObject({
      text: z.string().max(2),
      list: z.array(z.number()).max(1),
      count: z.number().max(5),
    });
    expect(formatZodError(errorOf(schema, { text: 'abc', list: [1, 2], count: 6 }))).toBe(
      'text: must be at most 2 characters; list: must have at most 1 items; count: must be at most 5',
    );
  });
});
