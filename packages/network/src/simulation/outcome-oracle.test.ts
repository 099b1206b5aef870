import { describe, expect, it } from 'vitest';
import { OutcomeOracle } from './outcome-oracle.js';
import { parseSandboxSettings } from './sandbox-settings.js';

const oracle = (overrides = {}) => new OutcomeOracle(parseSandboxSettings({ seed: 's', ...overrides }));
const leads = Array.from({ length: 4_000 }, (_, i) => `lead-${i}`);
const share = (predicate: (lead: string) => boolean) => leads.filter(predicate).length / leads.length;

describe('OutcomeOracle', () => {
  it('gives the same answer for the same seed, account, lead and step', () => {
    const a = oracle();
    const b = oracle();
    expect(leads.map((l) => a.acceptanceDelayMs('acc', l, 0))).toEqual(
      leads.map((l) => b.acceptanceDelayMs('acc', l, 0)),
    );
    expect(a.reply('acc', 'x', 2)).toEqual(b.reply('acc', 'x', 2));
  });

  it('follows the configured probabilities', () => {
    const o = oracle({ alreadyConnectedProbability: 0.2, acceptProbability: 0.7, replyProbability: 0.4 });
    expect(share((l) => o.alreadyConnected('acc', l))).toBeCloseTo(0.2, 1);
    expect(share((l) => o.acceptanceDelayMs('acc', l, 0) !== null)).toBeCloseTo(0.7, 1);
    expect(share((l) => o.reply('acc', l, 0) !== null)).toBeCloseTo(0.4, 1);
  });

  it('lets an audience accept at its own rate, the longest prefix first', () => {
    const o = oracle({
      acceptProbability: 0.6,
      audienceAcceptProbability: { 'lead-': 0.1, 'lead-1': 0.35 },
    });
    const accepts = (lead: string) => o.acceptanceDelayMs('acc', lead, 0) !== null;
    const ones = leads.filter((lead) => lead.startsWith('lead-1'));
    const others = leads.filter((lead) => !lead.startsWith('lead-1'));
    expect(ones.filter(accepts).length / ones.length).toBeCloseTo(0.35, 1);
    expect(others.filter(accepts).length / others.length).toBeCloseTo(0.1, 1);
  });

  it('keeps delays within the configured bounds and picks reply texts from the list', () => {
    const o = oracle({
      acceptProbability: 1,
      acceptDelayMinMs: 100,
      acceptDelayMaxMs: 200,
      replyProbability: 1,
      replyTexts: ['a', 'b'],
    });
    const delays = leads.map((l) => o.acceptanceDelayMs('acc', l, 0) ?? -1);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...delays)).toBeLessThan(200);
    expect(new Set(leads.map((l) => o.reply('acc', l, 0)?.content))).toEqual(new Set(['a', 'b']));
  });

  it('decides each step of a pair on its own', () => {
    const o = oracle({ replyProbability: 0.5 });
    const steps = Array.from({ length: 40 }, (_, n) => o.reply('acc', 'lead', n) !== null);
    expect(new Set(steps)).toEqual(new Set([true, false]));
  });

  it('derives a profile from the identifier when it reads as a name', () => {
    expect(oracle().profile('jane-doe-123')).toMatchObject({ firstName: 'Jane', lastName: 'Doe' });
    expect(oracle().profile('x1').firstName).toMatch(/^[A-Z]/);
  });

  it('treats identifiers with a configured prefix as missing', () => {
    const o = oracle({ missingPrefixes: ['gone-'] });
    expect([o.isMissing('gone-1'), o.isMissing('missing-1')]).toEqual([true, false]);
  });
});
