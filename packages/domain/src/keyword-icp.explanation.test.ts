/** The one-line reason shown on a lead for a keyword ICP decision, always agreeing with the matcher. */
import { describe, expect, it } from 'vitest';
import { explainIcpKeywords } from './keyword-icp.explanation.js';
import { matchesIcpKeywords } from './keyword-icp.matcher.js';
import type { LeadProfile } from './model.types.js';

const lead: LeadProfile = { headline: 'VP of Engineering at Acme', companyName: 'Acme Agency' };

describe('keyword ICP explanation', () => {
  it('names the phrase that matched', () => {
    expect(explainIcpKeywords('CFO, VP engineering', lead)).toEqual({
      matches: true,
      reason: 'profile mentions "vp engineering"',
    });
  });

  it('names the exclusion that ruled the lead out', () => {
    expect(explainIcpKeywords('VP engineering; -agency', lead)).toEqual({
      matches: false,
      reason: 'profile mentions excluded "agency"',
    });
  });

  it('lists what it looked for when nothing matched', () => {
    expect(explainIcpKeywords('CFO or founder', lead)).toEqual({
      matches: false,
      reason: 'profile mentions none of "cfo", "founder"',
    });
    expect(explainIcpKeywords(' , ', lead)).toEqual({
      matches: false,
      reason: 'the ICP definition names no keywords',
    });
    expect(explainIcpKeywords('not bank', lead)).toEqual({
      matches: true,
      reason: 'profile mentions no excluded keyword',
    });
  });

  it('lists five phrases at most, and marks the ones left out', () => {
    expect(explainIcpKeywords('a1, b2, c3, d4, e5', lead).reason).toBe(
      'profile mentions none of "a1", "b2", "c3", "d4", "e5"',
    );
    expect(explainIcpKeywords('a1, b2, c3, d4, e5, f6', lead).reason).toBe(
      'profile mentions none of "a1", "b2", "c3", "d4", "e5", …',
    );
  });

  it('does not name a phrase only some of whose words the profile has', () => {
    expect(explainIcpKeywords('VP sales', lead)).toEqual({
      matches: false,
      reason: 'profile mentions none of "vp sales"',
    });
  });

  it('agrees with the keyword matcher on every definition', () => {
    const definitions = [
      'cto',
      'vp engineering, -acme',
      'not bank',
      '',
      'a, b, c, d, e, f, g',
      'acme or cfo',
    ];
    for (const definition of definitions) {
      expect(explainIcpKeywords(definition, lead).matches).toBe(matchesIcpKeywords(definition, lead));
    }
    expect(explainIcpKeywords('a1, b1, c1, d1, e1, f1', lead).reason).toMatch(/, …$/);
  });
});
