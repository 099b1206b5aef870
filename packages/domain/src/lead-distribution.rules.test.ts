/**
 * Lead distribution: balanced across senders, stable (a second run moves nobody), and started leads
 * never change sender.
 */
import { describe, expect, it } from 'vitest';
import {
  assignNewLeads,
  distributeLeads,
  leastLoadedAccount,
  type DistributableLead,
  type LeadAssignment,
} from './lead-distribution.rules.js';

function fresh(count: number, accountId: string | null = null): DistributableLead[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `led_${String(index).padStart(3, '0')}`,
    accountId,
    started: false,
  }));
}

function apply(leads: DistributableLead[], changes: LeadAssignment[]): DistributableLead[] {
  const next = new Map(changes.map((change) => [change.leadId, change.accountId]));
  return leads.map((lead) => (next.has(lead.id) ? { ...lead, accountId: next.get(lead.id) ?? null } : lead));
}

function loads(leads: DistributableLead[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const lead of leads) counts[lead.accountId ?? 'none'] = (counts[lead.accountId ?? 'none'] ?? 0) + 1;
  return counts;
}

describe('balanced assignment', () => {
  it('spreads unassigned leads evenly over the senders', () => {
    const leads = apply(fresh(10), distributeLeads(fresh(10), ['acc_a', 'acc_b', 'acc_c']));
    expect(loads(leads)).toEqual({ acc_a: 4, acc_b: 3, acc_c: 3 });
  });

  it('gives every lead to the only sender', () => {
    expect(loads(apply(fresh(5), distributeLeads(fresh(5), ['acc_a'])))).toEqual({ acc_a: 5 });
  });

  it('does not depend on the order in which leads are passed', () => {
    const leads = fresh(7);
    const forward = distributeLeads(leads, ['acc_a', 'acc_b']);
    const backward = distributeLeads([...leads].reverse(), ['acc_a', 'acc_b']);
    expect(backward).toEqual(forward);
  });

  it('balances the leads of a sender listed last that holds them all', () => {
    const leads = fresh(4, 'acc_b');
    expect(loads(apply(leads, distributeLeads(leads, ['acc_a', 'acc_b'])))).toEqual({ acc_a: 2, acc_b: 2 });
  });

  it('leaves a lone lead with the sender that holds it, even one listed after an idle sender', () => {
    expect(distributeLeads(fresh(1, 'acc_b'), ['acc_a', 'acc_b'])).toEqual([]);
  });

  it('ignores a sender listed twice', () => {
    expect(loads(apply(fresh(4), distributeLeads(fresh(4), ['acc_a', 'acc_a', 'acc_b'])))).toEqual({
      acc_a: 2,
      acc_b: 2,
    });
  });
});

describe('stability', () => {
  it('changes nothing when run again on its own result', () => {
    const leads = apply(fresh(11), distributeLeads(fresh(11), ['acc_a', 'acc_b', 'acc_c']));
    expect(distributeLeads(leads, ['acc_a', 'acc_b', 'acc_c'])).toEqual([]);
  });

  it('gives a new lead to the least loaded sender and moves no one else', () => {
    const placed = apply(fresh(4), distributeLeads(fresh(4), ['acc_a', 'acc_b']));
    const withNew = [...placed, { id: 'led_new', accountId: null, started: false }];
    expect(distributeLeads(withNew, ['acc_a', 'acc_b'])).toEqual([{ leadId: 'led_new', accountId: 'acc_a' }]);
  });
});

describe('when senders are added', () => {
  it('redistributes the leads not started yet, moving only as many as balance needs', () => {
    const leads = fresh(9, 'acc_a');
    const changes = distributeLeads(leads, ['acc_a', 'acc_b', 'acc_c']);
    expect(changes).toHaveLength(6);
    expect(loads(apply(leads, changes))).toEqual({ acc_a: 3, acc_b: 3, acc_c: 3 });
  });

  it('keeps started leads with their sender and balances around them', () => {
    const started = Array.from({ length: 4 }, (_, index) => ({
      id: `led_s${index}`,
      accountId: 'acc_a',
      started: true,
    }));
    const leads = [...started, ...fresh(4, 'acc_a')];
    const changes = distributeLeads(leads, ['acc_a', 'acc_b']);
    expect(changes.map((change) => change.leadId).some((id) => id.startsWith('led_s'))).toBe(false);
    expect(loads(apply(leads, changes))).toEqual({ acc_b: 4, acc_a: 4 });
  });

  it('leaves an account overloaded by started leads with no new ones', () => {
    const started = Array.from({ length: 6 }, (_, index) => ({
      id: `led_s${index}`,
      accountId: 'acc_a',
      started: true,
    }));
    const leads = [...started, ...fresh(2, 'acc_a')];
    expect(loads(apply(leads, distributeLeads(leads, ['acc_a', 'acc_b'])))).toEqual({ acc_a: 6, acc_b: 2 });
  });
});

describe('when senders are removed', () => {
  it('moves not-started leads of a removed sender to the remaining ones', () => {
    const leads = [...fresh(2, 'acc_gone')];
    expect(distributeLeads(leads, ['acc_a'])).toEqual([
      { leadId: 'led_000', accountId: 'acc_a' },
      { leadId: 'led_001', accountId: 'acc_a' },
    ]);
  });

  it('keeps a started lead with its sender even when that sender left the campaign', () => {
    expect(distributeLeads([{ id: 'led_x', accountId: 'acc_gone', started: true }], ['acc_a'])).toEqual([]);
  });

  it('unassigns not-started leads when no sender is left', () => {
    const leads = [...fresh(1, 'acc_a'), { id: 'led_free', accountId: null, started: false }];
    expect(distributeLeads(leads, [])).toEqual([{ leadId: 'led_000', accountId: null }]);
  });
});

describe('leastLoadedAccount', () => {
  it('picks the account with the fewest leads, the first listed on a tie', () => {
    expect(leastLoadedAccount(['a', 'b', 'c'], { a: 3, b: 1, c: 1 })).toBe('b');
    expect(leastLoadedAccount(['a', 'b'], {})).toBe('a');
    expect(leastLoadedAccount([], {})).toBeNull();
  });
});

describe('assignNewLeads', () => {
  it('fills the least loaded senders first, then takes turns, as a full redistribution would end', () => {
    expect(assignNewLeads(['a', 'b', 'c'], { a: 4, b: 2 }, 5)).toEqual(['c', 'c', 'b', 'c', 'b']);
    const counts = { a: 10, b: 3 };
    const added = assignNewLeads(['a', 'b'], counts, 9);
    const after = {
      a: 10 + added.filter((id) => id === 'a').length,
      b: 3 + added.filter((id) => id === 'b').length,
    };
    expect(Math.abs(after.a - after.b)).toBeLessThanOrEqual(1);
  });

  it('assigns nothing without senders, and ignores counts of senders no longer on the campaign', () => {
    expect(assignNewLeads([], { a: 1 }, 3)).toEqual([]);
    expect(assignNewLeads(['b'], { a: 1 }, 2)).toEqual(['b', 'b']);
  });
});
