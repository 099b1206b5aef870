import { CallBudgetExhaustedError } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { senderAccount } from '../../test/support/unit-fixtures.js';
import { actFor, BLOCK_UNITS, createCallMeter, type ObservedCall } from './call-meter.js';

const NOW = new Date('2026-03-03T10:00:00Z');

function account(limitSettings: RunnerAccount['limitSettings'] = {}): RunnerAccount {
  return senderAccount({ limitSettings, tierCheckedAt: NOW, connectedAt: NOW, createdAt: NOW });
}

/** A budget counter as the data layer keeps it: all-or-none takes under the cap, never below zero. */
function countingStore() {
  const used = new Map<string, number>();
  const trips: string[] = [];
  const keyOf = (slot: { period: string; kind: string }) => `${slot.period}|${slot.kind}`;
  return {
    used: (period: string, kind: string) => used.get(`${period}|${kind}`) ?? 0,
    trips,
    store: {
      async consumeCallBudget(
        _ws: string,
        slot: { period: string; kind: string; cap: number; units?: number },
      ) {
        const units = slot.units ?? 1;
        trips.push(`take ${units}`);
        const now = used.get(keyOf(slot)) ?? 0;
        if (now + units > slot.cap) return false;
        used.set(keyOf(slot), now + units);
        return true;
      },
      async releaseCallBudget(_ws: string, slot: { period: string; kind: string; units: number }) {
        trips.push(`give back ${slot.units}`);
        const now = used.get(keyOf(slot)) ?? 0;
        if (now >= slot.units) used.set(keyOf(slot), now - slot.units);
      },
    },
  };
}

describe('the call meter, observed', () => {
  it('tells each call it saw with its kind, the account tier and whether it was metered or refused', async () => {
    const counting = countingStore();
    const seen: ObservedCall[] = [];
    const meter = createCallMeter({
      store: counting.store,
      clock: () => NOW,
      findAccount: async () => null,
      blockUnits: 1,
      observe: (call) => seen.push(call),
    });
    const tiny = account({ profileRetrievalsPerDay: 1 });
    const read = { accountId: 'prov_1', kind: 'profile_read', operation: 'users.getProfile' } as const;
    await actFor(tiny, async () => {
      await meter.take(read);
      await meter.take({ accountId: 'prov_1', kind: 'account_read', operation: 'accounts.get' });
      await expect(meter.take(read)).rejects.toBeInstanceOf(CallBudgetExhaustedError);
    });
    // No account of ours behind the provider account: nothing to charge.
    await meter.take(read);
    expect(seen).toEqual([
      { kind: 'profile_read', tier: tiny.tier, outcome: 'metered' },
      { kind: 'account_read', tier: tiny.tier, outcome: 'unmetered' },
      { kind: 'profile_read', tier: tiny.tier, outcome: 'refused' },
      { kind: 'profile_read', tier: 'unknown', outcome: 'unmetered' },
    ]);
  });
});

describe('the call meter', () => {
  let clock = NOW;
  const profileRead = { accountId: 'prov_1', kind: 'profile_read', operation: 'users.getProfile' } as const;

  function meterFor(counting: ReturnType<typeof countingStore>) {
    return createCallMeter({ store: counting.store, clock: () => clock, findAccount: async () => null });
  }

  it('charges calls far from the cap a block at a time: one round trip for several calls', async () => {
    clock = NOW;
    const counting = countingStore();
    const meter = meterFor(counting);
    await actFor(account(), async () => {
      for (let call = 0; call < 2 * BLOCK_UNITS; call += 1) await meter.take(profileRead);
    });
    expect(counting.trips).toEqual([`take ${BLOCK_UNITS}`, `take ${BLOCK_UNITS}`]);
    expect(counting.used('day:2026-03-03', 'callsProfileRead')).toBe(2 * BLOCK_UNITS);
  });

  it('takes units one by one near the cap and refuses the call past it, with the time it frees', async () => {
    clock = NOW;
    const counting = countingStore();
    const meter = meterFor(counting);
    // 22 profile retrievals a day: four blocks of five fit below it, the last two go singly.
    const sender = account({ profileRetrievalsPerDay: 22 });
    await actFor(sender, async () => {
      for (let call = 0; call < 22; call += 1) await meter.take(profileRead);
      await expect(meter.take(profileRead)).rejects.toBeInstanceOf(CallBudgetExhaustedError);
    });
    expect(counting.used('day:2026-03-03', 'callsProfileRead')).toBe(22);
    expect(counting.trips.filter((trip) => trip === 'take 1')).toHaveLength(3);
  });

  it('gives back what it holds when the budget is lowered, and checks the lower cap', async () => {
    clock = NOW;
    const counting = countingStore();
    const meter = meterFor(counting);
    await actFor(account(), () => meter.take(profileRead));
    expect(counting.used('day:2026-03-03', 'callsProfileRead')).toBe(BLOCK_UNITS);
    // Lowered to one a day: the unit spent is all the day allows.
    await actFor(account({ profileRetrievalsPerDay: 1 }), async () => {
      await expect(meter.take(profileRead)).rejects.toBeInstanceOf(CallBudgetExhaustedError);
    });
    expect(counting.used('day:2026-03-03', 'callsProfileRead')).toBe(1);
  });

  it('starts each day afresh, and gives back the unspent units when asked', async () => {
    clock = NOW;
    const counting = countingStore();
    const meter = meterFor(counting);
    await actFor(account(), () => meter.take(profileRead));
    clock = new Date('2026-03-04T10:00:00Z');
    await actFor(account(), () => meter.take(profileRead));
    await actFor(account(), () => meter.take(profileRead));
    await meter.releaseHeld();
    expect(counting.used('day:2026-03-04', 'callsProfileRead')).toBe(2);
    // Yesterday's block is gone with its day; only today's unspent units came back.
    expect(counting.trips.at(-1)).toBe(`give back ${BLOCK_UNITS - 2}`);
  });

  it('charges nothing for reads of the provider own records', async () => {
    const counting = countingStore();
    const meter = meterFor(counting);
    await actFor(account(), () => meter.take({ accountId: 'prov_1', kind: 'account_read', operation: 'a' }));
    expect(counting.trips).toEqual([]);
  });
});
