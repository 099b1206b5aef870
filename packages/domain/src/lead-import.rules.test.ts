/** Adding leads: each is added, a duplicate, or blocked; a request with an unusable lead adds none. */
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { planLeadImport } from './lead-import.rules.js';
import { codeOf, errorOf } from './testing/fixtures.js';

const none = { existing: new Set<string>(), isBlocked: () => false };

describe('planLeadImport', () => {
  it('adds new leads with their normalised identifier and keeps their other fields', () => {
    const plan = planLeadImport([{ publicIdentifier: ' Jane ', firstName: 'Jane' }], none);
    expect(plan).toEqual({
      toAdd: [{ publicIdentifier: 'jane', firstName: 'Jane' }],
      duplicates: 0,
      blocked: 0,
    });
  });

  it('takes the identifier from the profile URL when only the URL is given', () => {
    const plan = planLeadImport([{ networkUrl: 'https://www.network.com/in/Bob-Smith/?x=1' }], none);
    expect(plan.toAdd[0]?.publicIdentifier).toBe('bob-smith');
  });

  it('counts leads already in the campaign and repeats within the request as duplicates', () => {
    const plan = planLeadImport(
      [{ publicIdentifier: 'jane' }, { publicIdentifier: 'bob' }, { networkUrl: 'https://x.com/in/BOB' }],
      { existing: new Set(['jane']), isBlocked: () => false },
    );
    expect(plan.toAdd.map((lead) => lead.publicIdentifier)).toEqual(['bob']);
    expect(plan.duplicates).toBe(2);
  });

  it('counts blocked leads and does not add them', () => {
    const plan = planLeadImport([{ publicIdentifier: 'jane' }, { publicIdentifier: 'bob' }], {
      existing: new Set(),
      isBlocked: (id) => id === 'jane',
    });
    expect(plan).toMatchObject({ blocked: 1, duplicates: 0 });
    expect(plan.toAdd.map((lead) => lead.publicIdentifier)).toEqual(['bob']);
  });

  it('refuses an empty list with invalid_input', () => {
    expect(codeOf(() => planLeadImport([], none))).toBe('invalid_input');
    expect(errorOf(() => planLeadImport([], none))).toMatchObject({
      message: 'leads must not be empty',
      details: { field: 'leads' },
    });
  });

  it('refuses more than 1000 leads with invalid_input', () => {
    const leads = Array.from({ length: 1001 }, (_, index) => ({ publicIdentifier: `p${index}` }));
    expect(codeOf(() => planLeadImport(leads, none))).toBe('invalid_input');
    expect(planLeadImport(leads.slice(0, 1000), none).toAdd).toHaveLength(1000);
  });

  it('refuses the whole request, naming positions, when leads have no usable identifier', () => {
    try {
      planLeadImport([{ publicIdentifier: 'ok' }, {}, { networkUrl: 'https://x.com/company/acme' }], none);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details).toEqual({ field: 'leads', positions: [1, 2] });
    }
    expect.assertions(2);
  });
});
