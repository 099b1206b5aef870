import { describe, expect, it } from 'vitest';
import {
  campaignWith,
  MINUTE_MS,
  leadAt,
  senderAccount,
  stepDef,
  TUESDAY_TEN_AM,
  unitContext,
  type ContextParts,
} from '../../test/support/unit-fixtures.js';
import type { RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';
import type { LeadVerdict } from '../step-run/lead-verdict.js';
import { judgeLead } from './judge-lead.js';

const hello = stepDef('stp_hello', 'message');
const followUp = stepDef('stp_follow_up', 'message');
const campaign = campaignWith([hello]);

/**
 * The verdict on `lead` of `campaign`. The context gives only what the test names: a decision that
 * reads anything more (the block list, the network) fails with the part it reached for.
 */
function judge(
  parts: ContextParts,
  lead: RunnerLead = leadAt(0),
  listed: RunnerCampaign = campaign,
  blockRead?: { blocked: boolean; at: number },
) {
  return judgeLead(unitContext(parts), {
    lead,
    owner: 'runner-unit:1',
    campaign: listed,
    learned: {},
    ...(blockRead === undefined ? {} : { blockRead }),
  });
}

const at = (iso: string) => new Date(iso);
const postponedUntil = (verdict: LeadVerdict) =>
  verdict.kind === 'postpone' ? verdict.postponement.nextActionAt : null;

describe('a lead whose sender cannot act', () => {
  it('waits a recheck period for a disconnected sender, and is named as restricted for a restricted one', async () => {
    const disconnected = senderAccount({ status: 'disconnected' });
    const restricted = senderAccount({ status: 'restricted' });

    expect(await judge({ accounts: [disconnected] })).toEqual({
      kind: 'postpone',
      postponement: { nextActionAt: at('2026-03-03T11:00:00Z'), internalStatus: 'sender_unavailable' },
    });
    expect(await judge({ accounts: [restricted] })).toEqual({
      kind: 'postpone',
      postponement: { nextActionAt: at('2026-03-03T11:00:00Z'), internalStatus: 'sender_restricted' },
    });
  });
});

describe('the gates a lead passes before its step runs', () => {
  it('spreads the senders waiting for working hours over the first minutes of the window', async () => {
    const beforeHours = at('2026-03-03T08:00:00Z');
    const accounts = [senderAccount({ id: 'acc_1' }), senderAccount({ id: 'acc_2' })];

    const first = postponedUntil(
      await judge({ now: beforeHours, accounts }, leadAt(0, { accountId: 'acc_1' })),
    );
    const second = postponedUntil(
      await judge({ now: beforeHours, accounts }, leadAt(0, { id: 'lead_2', accountId: 'acc_2' })),
    );

    for (const wake of [first, second]) {
      expect(wake?.getTime()).toBeGreaterThanOrEqual(at('2026-03-03T09:00:00Z').getTime());
      expect(wake?.getTime()).toBeLessThanOrEqual(at('2026-03-03T09:08:00Z').getTime());
    }
    expect(first).not.toEqual(second);
  });

  it('holds a lead whose sender is inside its pacing gap, before reading anything else', async () => {
    const pacedUntil = new Date(TUESDAY_TEN_AM.getTime() + 5 * MINUTE_MS);

    const verdict = await judge({ accounts: [senderAccount({ pacedUntil })] });

    expect(verdict).toMatchObject({
      kind: 'postpone',
      postponement: { internalStatus: 'awaiting_capacity' },
    });
    expect(postponedUntil(verdict)?.getTime()).toBeGreaterThanOrEqual(pacedUntil.getTime());
    // Held-back leads are spread over eight of the largest pacing gaps (8 minutes each) past its end.
    expect(postponedUntil(verdict)?.getTime()).toBeLessThanOrEqual(pacedUntil.getTime() + 64 * MINUTE_MS);
  });

  it('lets a lead through once its sender pacing gap ends, and ends a blocked lead as blocked', async () => {
    const free = senderAccount({ pacedUntil: TUESDAY_TEN_AM });

    const verdict = await judge({ accounts: [free], store: { isBlocked: async () => true } });

    expect(verdict).toEqual({
      kind: 'settle',
      settlement: { advanceBy: 0, status: 'completed', internalStatus: 'blocked', nextActionAt: null },
    });
  });
});

describe('the block list read for the batch a lead was claimed in', () => {
  const endedAsBlocked = {
    kind: 'settle',
    settlement: { advanceBy: 0, status: 'completed', internalStatus: 'blocked', nextActionAt: null },
  };

  it("stands for the lead's own read while fresh: a lead found blocked then ends without another read", async () => {
    // The context has no block list: a read of it would fail the test.
    const verdict = await judge({ accounts: [senderAccount()] }, leadAt(0), campaign, {
      blocked: true,
      at: 0,
    });

    expect(verdict).toEqual(endedAsBlocked);
  });

  it('is read again for a lead that waited past the freshness window, and a block set meanwhile ends it', async () => {
    let reads = 0;
    const store = {
      isBlocked: async () => {
        reads += 1;
        return true;
      },
    };
    const waited = { blocked: false, at: -2_001 };

    const verdict = await judge({ accounts: [senderAccount()], store }, leadAt(0), campaign, waited);

    expect(verdict).toEqual(endedAsBlocked);
    expect(reads).toBe(1);
  });
});

describe('a lead past the last step listed at the start of the pass', () => {
  const pastTheEnd = leadAt(1);
  const finished = {
    kind: 'settle',
    settlement: { advanceBy: 0, status: 'completed', internalStatus: 'finished', nextActionAt: null },
  };

  it('finishes when the sequence still ends there', async () => {
    expect(await judge({ store: { getCampaign: async () => campaign } }, pastTheEnd)).toEqual(finished);
  });

  it('finishes when its campaign is gone', async () => {
    expect(await judge({ store: { getCampaign: async () => null } }, pastTheEnd)).toEqual(finished);
  });

  it('is handed back to run a step appended since', async () => {
    const appended = campaignWith([hello, followUp]);

    expect(await judge({ store: { getCampaign: async () => appended } }, pastTheEnd)).toEqual({
      kind: 'hand_back',
    });
  });
});
