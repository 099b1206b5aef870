/**
 * The accounting behind claiming ahead: what a claim may take (waiting deliveries count), when a
 * waiting delivery may still start on its lease, and what stays held when a delivery is taken out.
 */
import { createManualClock } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import { ClaimAhead } from './claim-ahead.js';
import type { ClaimedWork } from './deliver-one.js';

const clock = createManualClock(new Date('2025-03-03T10:00:00Z'));
const LEASE_MS = 60_000;
const REQUEST_MS = 10_000;
let next = 0;

function work(subscriptionId: string, leaseLeftMs = LEASE_MS): ClaimedWork {
  next += 1;
  return {
    claim: {
      id: `dlv_${next}`,
      workspaceId: 'ws_1',
      eventId: `evt_${next}`,
      subscriptionId,
      attempt: 1,
      owner: 'd1',
      leaseUntil: new Date(clock().getTime() + leaseLeftMs),
      leaseToken: 't',
    },
    target: { subscriptionId, url: 'https://example.com/hook', secret: 'whsec_x' },
    event: null,
  };
}

const ahead = (concurrency = 4, perSubscriptionConcurrency = 2): ClaimAhead =>
  new ClaimAhead(clock, {
    concurrency,
    perSubscriptionConcurrency,
    leaseMs: LEASE_MS,
    requestMs: REQUEST_MS,
  });

describe('ClaimAhead', () => {
  it('offers a claim three times the concurrency, and a subscription three times its share, waiting ones counted', () => {
    // No request has ended yet: each is taken to last the whole 10 s, two of which fit in the 25 s
    // a delivery may wait.
    const buffer = ahead(4, 2);
    expect(buffer.room()).toMatchObject({ limit: 12, perSubscriptionLimit: 6 });
    expect(buffer.add([work('a'), work('a'), work('a'), work('b')])).toEqual([]);
    expect(buffer.room()).toEqual({
      limit: 8,
      perSubscriptionLimit: 6,
      heldBySubscription: new Map([
        ['a', 3],
        ['b', 1],
      ]),
    });
    expect(buffer.leavesSomeOut()).toBe(false);
  });

  it('returns, unheld, what a batch brings beyond a subscription’s room', () => {
    const buffer = ahead(4, 1);
    const beyond = work('a');
    // Holds are counted at the deepest buffer: four per in-flight request.
    expect(buffer.add([work('a'), work('a'), work('a'), work('a'), beyond])).toEqual([beyond]);
    expect(buffer.held).toBe(4);
    expect(buffer.leavesSomeOut()).toBe(true);
  });

  it('starts waiting deliveries in claim order as slots allow; the others keep their place', () => {
    const buffer = ahead();
    const [a1, b1, a2] = [work('a'), work('b'), work('a')];
    buffer.add([a1, b1, a2]);
    const { start, expired } = buffer.takeStartable((w) => w.claim.subscriptionId === 'a');
    expect(start).toEqual([a1, a2]);
    expect(expired).toEqual([]);
    expect(buffer.size).toBe(1);
    // Started deliveries stay held until their request is over.
    expect(buffer.held).toBe(3);
    buffer.release(a1.claim);
    expect(buffer.held).toBe(2);
  });

  it('starts a delivery while its lease covers a request and half the rest, and hands back one nearer its end', () => {
    const budget = REQUEST_MS + (LEASE_MS - REQUEST_MS) / 2;
    const buffer = ahead();
    const enough = work('a', budget);
    const short = work('a', budget - 1);
    buffer.add([enough, short]);
    const { start, expired } = buffer.takeStartable(() => true);
    expect(start).toEqual([enough]);
    expect(expired).toEqual([short]);
    expect(buffer.held).toBe(1);
  });

  it('takes a subscription’s waiting deliveries out still held, and everything on shutdown unheld', () => {
    const buffer = ahead();
    buffer.add([work('a'), work('b'), work('a')]);
    expect(buffer.takeSubscription('a').map((w) => w.claim.subscriptionId)).toEqual(['a', 'a']);
    expect(buffer.size).toBe(1);
    expect(buffer.held).toBe(3);
    expect(buffer.takeAll()).toHaveLength(1);
    expect(buffer.held).toBe(2);
  });

  it('claims again once nothing is held or there is room for as many as there are slots', () => {
    const buffer = ahead(4, 4);
    expect(buffer.hasRoomForBatch()).toBe(true);
    const many = (n: number) => Array.from({ length: n }, () => work('a'));
    buffer.add(many(9));
    expect(buffer.hasRoomForBatch()).toBe(false);
    buffer.takeAll();
    buffer.add(many(8));
    expect(buffer.hasRoomForBatch()).toBe(true);
  });

  it('lets three wait per slot while requests are quick, and fewer as they slow down', () => {
    const buffer = ahead(4, 2);
    const [first, second] = [work('a'), work('a')];
    buffer.add([first, second]);
    buffer.takeStartable(() => true);
    clock.advance(50);
    buffer.release(first.claim);
    // Requests of 50 ms: three wait per slot, four times the concurrency is held.
    expect(buffer.waitingPerSlot()).toBe(3);
    expect(buffer.room()).toMatchObject({ limit: 15, perSubscriptionLimit: 8 });
    // The request still under way has taken 9 s: two of those fit in the 25 s wait.
    clock.advance(8_950);
    expect(buffer.waitingPerSlot()).toBe(2);
    expect(buffer.room()).toMatchObject({ limit: 11, perSubscriptionLimit: 6 });
    // 13 s: one.
    clock.advance(4_000);
    expect(buffer.waitingPerSlot()).toBe(1);
    buffer.release(second.claim);
    // Ended, it is remembered for as long as a delivery may wait.
    clock.advance(25_000);
    expect(buffer.waitingPerSlot()).toBe(1);
    clock.advance(1);
    expect(buffer.waitingPerSlot()).toBe(3);
  });

  it('claims no more while slower requests leave less room than is held, and keeps what it claimed', () => {
    const buffer = ahead(2, 2);
    const many = (n: number) => Array.from({ length: n }, () => work('a'));
    const quick = many(1)[0] as ClaimedWork;
    buffer.add([quick]);
    buffer.takeStartable(() => true);
    buffer.release(quick.claim);
    expect(buffer.room().limit).toBe(8);
    const claimed = many(8);
    buffer.add(claimed.slice(0, 2));
    buffer.takeStartable((w) => w === claimed[0] || w === claimed[1]);
    // A claim of six is under way when the requests turn slow.
    clock.advance(13_000);
    expect(buffer.add(claimed.slice(2))).toEqual([]);
    expect(buffer.held).toBe(8);
    expect(buffer.hasRoom()).toBe(false);
    expect(buffer.room().limit).toBe(0);
    expect(buffer.leavesSomeOut()).toBe(true);
  });

  it('refuses a lease that does not outlast a request', () => {
    expect(
      () =>
        new ClaimAhead(clock, {
          concurrency: 1,
          perSubscriptionConcurrency: 1,
          leaseMs: 5_000,
          requestMs: 5_000,
        }),
    ).toThrow(RangeError);
  });
});
