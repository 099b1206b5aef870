import type { StepDef } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { awaitingAcceptance, stepCompleted } from './lead-verdict.js';

const step = (id: string, delay: number): StepDef => ({
  id,
  type: 'message',
  order: 0,
  delay,
  stopOnReply: false,
  genericBody: null,
  variants: [],
});

const campaign = {
  settings: {
    timezone: 'Europe/Paris',
    workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
    invitationTimeoutDays: 21,
  },
  steps: [step('stp_a', 0), step('stp_b', 2), step('stp_c', 0)],
};

describe('lead verdicts', () => {
  it('schedules the next step whole days after completion, moved into working hours', () => {
    // Thursday 2026-03-12 17:30 Paris + 2 days = Saturday 17:30 -> Monday 09:00 Paris.
    const verdict = stepCompleted(campaign, 0, new Date('2026-03-12T16:30:00Z'));
    expect(verdict).toEqual({
      kind: 'settle',
      settlement: {
        advanceBy: 1,
        status: 'active',
        internalStatus: 'awaiting_delay',
        nextActionAt: new Date('2026-03-16T08:00:00Z'),
      },
    });
  });

  it('queues a next step without delay at once when inside working hours', () => {
    const verdict = stepCompleted(campaign, 1, new Date('2026-03-12T10:00:00Z'));
    expect(verdict).toMatchObject({
      settlement: { internalStatus: 'queued', nextActionAt: new Date('2026-03-12T10:00:00Z') },
    });
  });

  it('finishes the lead after its last step', () => {
    expect(stepCompleted(campaign, 2, new Date('2026-03-12T10:00:00Z'))).toEqual({
      kind: 'settle',
      settlement: { advanceBy: 1, status: 'completed', internalStatus: 'finished', nextActionAt: null },
    });
  });

  it('looks at an invitation again when the workspace withdraws it, when that comes before the timeout', () => {
    const verdict = awaitingAcceptance(campaign, new Date('2026-03-02T10:00:00Z'), 14, 'inv-1');
    expect(verdict).toMatchObject({
      kind: 'settle',
      settlement: { nextActionAt: new Date('2026-03-16T10:00:00Z'), invitationId: 'inv-1' },
    });
  });

  it('keeps an invitation step current until the campaign timeout, counted from the send', () => {
    expect(awaitingAcceptance(campaign, new Date('2026-03-02T10:00:00Z'), 60)).toEqual({
      kind: 'settle',
      settlement: {
        advanceBy: 0,
        status: 'active',
        internalStatus: 'invitation_pending',
        nextActionAt: new Date('2026-03-23T10:00:00Z'),
        invitationSentAt: new Date('2026-03-02T10:00:00Z'),
      },
    });
  });
});
