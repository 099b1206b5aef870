/** The default ICP matcher: keyword phrases over the lead's profile, deterministic and explainable. */
import { describe, expect, it } from 'vitest';
import {
  keywordIcpMatcher,
  matchesIcpKeywords,
  parseIcpDefinition,
  profileWords,
} from './keyword-icp.matcher.js';
import type { LeadProfile } from './model.types.js';

const lead: LeadProfile = {
  headline: 'VP of Engineering at Acme — Görlitz',
  companyName: 'Acme SaaS GmbH',
  summary: 'Building developer tools. C++ and C# veteran.',
  customVariables: { industry: 'Software', employees: 120 },
};

describe('keyword ICP matching', () => {
  it('matches a phrase whose words all appear, in any order and any case', () => {
    expect(matchesIcpKeywords('engineering VP', lead)).toBe(true);
    expect(matchesIcpKeywords('VP Sales', lead)).toBe(false);
  });

  it('matches when any of the phrases separated by , ; new lines or "or" matches', () => {
    expect(matchesIcpKeywords('CFO, head of sales; founder\nVP engineering', lead)).toBe(true);
    expect(matchesIcpKeywords('CFO or SaaS', lead)).toBe(true);
    expect(matchesIcpKeywords('CFO or founder', lead)).toBe(false);
  });

  it('ignores accents and filler words', () => {
    expect(matchesIcpKeywords('gorlitz', lead)).toBe(true);
    expect(matchesIcpKeywords('head of the engineering', { headline: 'Head Engineering' })).toBe(true);
  });

  it.each(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to', 'with'])(
    'needs no "%s" in the profile for a phrase that has it',
    (filler) => {
      expect(matchesIcpKeywords(`head ${filler} sales`, { headline: 'Head Sales' })).toBe(true);
    },
  );

  it('ignores punctuation around a keyword', () => {
    expect(matchesIcpKeywords('(CTO)!', { headline: 'CTO' })).toBe(true);
  });

  it('takes a hyphen inside a phrase as part of it, not as an exclusion', () => {
    expect(matchesIcpKeywords('e-commerce', { headline: 'E-commerce lead' })).toBe(true);
  });

  it('reads the headline, company, summary and custom variables', () => {
    expect(matchesIcpKeywords('developer tools', lead)).toBe(true);
    expect(matchesIcpKeywords('software', lead)).toBe(true);
    expect(matchesIcpKeywords('c++', lead)).toBe(true);
    expect(matchesIcpKeywords('gmbh', lead)).toBe(true);
  });

  it('rejects a lead that matches an excluded phrase, written with - or not', () => {
    expect(matchesIcpKeywords('engineering, -acme', lead)).toBe(false);
    expect(matchesIcpKeywords('engineering; not saas', lead)).toBe(false);
    expect(matchesIcpKeywords('engineering, -agency', lead)).toBe(true);
  });

  it('matches everyone not excluded when the definition only excludes', () => {
    expect(matchesIcpKeywords('-agency', lead)).toBe(true);
    expect(matchesIcpKeywords('-acme', lead)).toBe(false);
  });

  it('matches nobody with a definition that has no keyword', () => {
    expect(matchesIcpKeywords(' , ; ', lead)).toBe(false);
    expect(matchesIcpKeywords('the of', lead)).toBe(false);
  });

  it('copes with a lead without profile fields', () => {
    expect(matchesIcpKeywords('cto', {})).toBe(false);
    expect(profileWords({ headline: null, customVariables: null }).size).toBe(0);
  });

  it('is exposed as the IcpMatcher port', () => {
    expect(keywordIcpMatcher.matches('acme', lead)).toBe(true);
  });

  it('parses phrases and exclusions', () => {
    expect(parseIcpDefinition('VP Engineering, not Agency')).toEqual([
      { words: ['vp', 'engineering'], excluded: false },
      { words: ['agency'], excluded: true },
    ]);
  });
});
