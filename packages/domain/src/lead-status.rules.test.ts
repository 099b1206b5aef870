/** Lead statuses set by hand, and the outcomes the runner records. */
import { describe, expect, it } from 'vitest';
import { LEAD_OUTCOMES, leadStateAfterReply, leadStatusSetByUser, nextStepOf } from './lead-status.rules.js';
import { codeOf, lead, sequence } from './testing/fixtures.js';

const current = { status: 'active', internalStatus: 'network_error' } as const;

describe('setting a lead status by hand', () => {
  it.each([
    ['waiting', 'queued'],
    ['active', 'queued'],
    ['paused', 'paused_by_user'],
    ['completed', 'finished'],
    ['error', 'network_error'],
  ] as const)('accepts %s (reason %s)', (status, internalStatus) => {
    expect(leadStatusSetByUser(current, status)).toEqual({ status, internalStatus });
  });

  it('accepts any status after any other', () => {
    expect(leadStatusSetByUser({ status: 'completed', internalStatus: 'finished' }, 'waiting').status).toBe(
      'waiting',
    );
    expect(leadStatusSetByUser({ status: 'error', internalStatus: 'network_error' }, 'active').status).toBe(
      'active',
    );
  });

  it.each(['done', '', null, 3])('refuses %s with invalid_input', (status) => {
    expect(codeOf(() => leadStatusSetByUser(current, status))).toBe('invalid_input');
  });
});

describe('replies', () => {
  const steps = sequence('invitation', 'message', 'message').map((step, index) =>
    index === 2 ? { ...step, stopOnReply: false } : step,
  );

  it('completes the lead with replied when its next step stops on reply', () => {
    expect(leadStateAfterReply(lead({ id: 'x', currentStep: 1, status: 'active' }), steps)).toEqual(
      LEAD_OUTCOMES.replied,
    );
  });

  it('completes a lead not yet contacted with replied too, and a paused one', () => {
    for (const status of ['waiting', 'paused'] as const) {
      expect(leadStateAfterReply(lead({ id: 'x', currentStep: 1, status }), steps)).toEqual(
        LEAD_OUTCOMES.replied,
      );
    }
  });

  it('lets the sequence go on when its next step does not stop on reply', () => {
    const subject = lead({ id: 'x', currentStep: 2, status: 'waiting', internalStatus: 'awaiting_delay' });
    expect(leadStateAfterReply(subject, steps)).toEqual({
      status: 'waiting',
      internalStatus: 'awaiting_delay',
    });
  });

  it('leaves a lead that ran every step as it is', () => {
    const subject = lead({ id: 'x', currentStep: 3, status: 'completed', internalStatus: 'finished' });
    expect(leadStateAfterReply(subject, steps)).toEqual({ status: 'completed', internalStatus: 'finished' });
  });

  it('leaves a lead in error as it is', () => {
    const subject = lead({ id: 'x', currentStep: 1, status: 'error', internalStatus: 'network_error' });
    expect(leadStateAfterReply(subject, steps).status).toBe('error');
  });

  it('finds the next step by order', () => {
    expect(nextStepOf({ currentStep: 1 }, [...steps].reverse())?.id).toBe('s1');
    expect(nextStepOf({ currentStep: 3 }, steps)).toBeNull();
  });
});

describe('runner outcomes', () => {
  it('pairs each outcome with its status', () => {
    expect(LEAD_OUTCOMES).toEqual({
      finished: { status: 'completed', internalStatus: 'finished' },
      replied: { status: 'completed', internalStatus: 'replied' },
      invitationExpired: { status: 'completed', internalStatus: 'invitation_expired' },
      blocked: { status: 'completed', internalStatus: 'blocked' },
      missingVariable: { status: 'paused', internalStatus: 'missing_variable' },
      networkError: { status: 'error', internalStatus: 'network_error' },
    });
  });
});

describe('the step a lead runs next and a reply', () => {
  const [template] = sequence('message');
  if (template === undefined) throw new Error('sequence() made no step');
  const unordered = [
    { ...template, id: 'second', order: 1, stopOnReply: false },
    { ...template, id: 'first', order: 0, stopOnReply: true },
    { ...template, id: 'third', order: 2, stopOnReply: true },
  ];

  it('follows the steps’ order, not the order they are listed in', () => {
    expect(nextStepOf({ currentStep: 0 }, unordered)?.id).toBe('first');
    expect(nextStepOf({ currentStep: 1 }, unordered)?.id).toBe('second');
    expect(nextStepOf({ currentStep: 3 }, unordered)).toBeNull();
  });

  it('ends an active or paused lead whose next step stops on reply', () => {
    for (const status of ['active', 'paused'] as const) {
      expect(
        leadStateAfterReply(lead({ id: 'l', status, internalStatus: 'queued' }), unordered),
        status,
      ).toEqual(LEAD_OUTCOMES.replied);
    }
    const atSecond = lead({ id: 'l', status: 'active', currentStep: 1 });
    expect(leadStateAfterReply(atSecond, unordered)).toEqual({ status: 'active', internalStatus: 'queued' });
  });
});
