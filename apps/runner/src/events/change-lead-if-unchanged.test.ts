import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RunnerContext } from '../context/runner-context.js';
import type { LeadSnapshot, LeadStateChange, RunnerLead, RunnerStore } from '../store/runner-store.port.js';
import { changeLeadIfUnchanged } from './change-lead-if-unchanged.js';

const read: RunnerLead = {
  id: 'led_1',
  workspaceId: 'ws_1',
  campaignId: 'cmp_1',
  publicIdentifier: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  networkUrl: '',
  status: 'active',
  internalStatus: 'awaiting_delay',
  currentStep: 1,
  accountId: 'acc_1',
  tags: [],
  assignedVariants: {},
  nextActionAt: null,
  attempts: 0,
  pendingActionKey: null,
  invitationSentAt: null,
  pendingActionAt: null,
  providerId: null,
};

/** A store whose lead is changed by "someone else" `interferences` times before each write lands. */
function storeChangedBehindOurBack(interferences: number) {
  let stored: RunnerLead = { ...read };
  const writes: LeadStateChange[] = [];
  let left = interferences;
  const store = {
    async setLeadStateIf(_ws: string, _id: string, seen: LeadSnapshot, change: LeadStateChange) {
      if (left > 0) {
        left -= 1;
        stored = { ...stored, currentStep: stored.currentStep + 1 };
      }
      const same =
        seen.status === stored.status &&
        seen.internalStatus === stored.internalStatus &&
        seen.currentStep === stored.currentStep;
      if (!same) return null;
      writes.push(change);
      stored = { ...stored, ...change };
      return stored;
    },
    getLead: async () => stored,
  } satisfies Partial<RunnerStore>;
  const ctx = { store, logger: pino({ level: 'silent' }) } as unknown as RunnerContext;
  return { ctx, writes, stored: () => stored };
}

const stopAtStep = (lead: RunnerLead): LeadStateChange | null =>
  lead.currentStep < 3 ? { status: 'completed', internalStatus: 'replied', nextActionAt: null } : null;

describe('changeLeadIfUnchanged', () => {
  it('writes the decision when the lead is still as it was read', async () => {
    const { ctx, writes } = storeChangedBehindOurBack(0);
    expect(await changeLeadIfUnchanged(ctx, read, stopAtStep)).toMatchObject({ status: 'completed' });
    expect(writes).toHaveLength(1);
  });

  it('decides again from a fresh read when the lead changed in between', async () => {
    const { ctx, writes, stored } = storeChangedBehindOurBack(1);
    expect(await changeLeadIfUnchanged(ctx, read, stopAtStep)).toMatchObject({ currentStep: 2 });
    expect(writes).toHaveLength(1);
    expect(stored().internalStatus).toBe('replied');
  });

  it('writes nothing when the fresh read no longer calls for a change', async () => {
    const { ctx, writes, stored } = storeChangedBehindOurBack(2);
    expect(await changeLeadIfUnchanged(ctx, read, stopAtStep)).toBeNull();
    expect(writes).toEqual([]);
    expect(stored()).toMatchObject({ status: 'active', currentStep: 3 });
  });

  it('gives up after a few tries on a lead that keeps changing', async () => {
    const { ctx, writes } = storeChangedBehindOurBack(10);
    const always = (): LeadStateChange => ({
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });
    expect(await changeLeadIfUnchanged(ctx, read, always)).toBeNull();
    expect(writes).toEqual([]);
  });
});
