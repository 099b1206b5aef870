import { invitationSettingsOf } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import {
  campaignWith,
  leadAt,
  senderAccount,
  stepDef,
  TUESDAY_TEN_AM,
  unitContext,
} from '../../test/support/unit-fixtures.js';
import type { NetworkFailure } from '../network-failures/classify-network-failure.js';
import type { RunnerLead } from '../store/runner-store.port.js';
import { resumedKey, verdictForFailure, type StepRun } from './step-run.js';

const invite = stepDef('stp_invite', 'invitation');
const hello = stepDef('stp_hello', 'message');

/** A lead at `step` of a sequence of an invitation then a message, failing at 10:00 on a Tuesday. */
function runAt(step: 0 | 1, lead: Partial<RunnerLead> = {}, now = TUESDAY_TEN_AM): StepRun {
  const campaign = campaignWith([invite, hello]);
  return {
    ctx: unitContext({ now }),
    owner: 'runner-unit:1',
    campaign,
    step: step === 0 ? invite : hello,
    lead: leadAt(step, lead),
    account: senderAccount(),
    now,
    invitations: invitationSettingsOf({}),
    learned: {},
  };
}

const at = (iso: string) => new Date(iso);

describe('what a failed network call does to the lead', () => {
  it('names a restricted sender as the reason its lead waits, rechecked within working hours', () => {
    const failure: NetworkFailure = { kind: 'account_restricted', reason: 'restricted', detail: 'x' };

    expect(verdictForFailure(runAt(1), failure)).toEqual({
      kind: 'postpone',
      postponement: { nextActionAt: at('2026-03-03T11:00:00Z'), internalStatus: 'sender_restricted' },
      clearPendingAction: true,
    });
    // Friday 17:30: the recheck an hour later falls after hours and moves to Monday's opening.
    const lateFriday = at('2026-03-06T17:30:00Z');
    expect(verdictForFailure(runAt(1, {}, lateFriday), failure)).toMatchObject({
      postponement: { nextActionAt: at('2026-03-09T09:00:00Z'), internalStatus: 'sender_restricted' },
    });
  });

  it('leaves the lead as it was, pending action included, when our own credentials are wrong', () => {
    const run = runAt(1, { internalStatus: 'queued', pendingActionKey: 'lead_1:stp_hello:1' });

    expect(verdictForFailure(run, { kind: 'configuration', message: 'bad api key' })).toEqual({
      kind: 'postpone',
      postponement: { nextActionAt: at('2026-03-03T11:00:00Z'), internalStatus: 'queued' },
    });
  });

  it('moves on to the next step when the pair turns out to be connected already', () => {
    expect(verdictForFailure(runAt(0), { kind: 'already_connected' })).toEqual({
      kind: 'settle',
      settlement: {
        advanceBy: 1,
        status: 'active',
        internalStatus: 'already_connected',
        nextActionAt: TUESDAY_TEN_AM,
      },
    });
  });

  it('waits for acceptance of an invitation already out, but ends a message step that meets one', () => {
    expect(verdictForFailure(runAt(0), { kind: 'invitation_pending' })).toMatchObject({
      kind: 'settle',
      settlement: { advanceBy: 0, status: 'active', internalStatus: 'invitation_pending' },
    });
    expect(verdictForFailure(runAt(1), { kind: 'invitation_pending' })).toEqual({
      kind: 'settle',
      settlement: { advanceBy: 0, status: 'error', internalStatus: 'network_error', nextActionAt: null },
    });
  });

  it('ends the lead as an expired invitation when the network will not take it for now', () => {
    expect(verdictForFailure(runAt(0), { kind: 'cannot_invite_yet' })).toEqual({
      kind: 'settle',
      settlement: {
        advanceBy: 0,
        status: 'completed',
        internalStatus: 'invitation_expired',
        nextActionAt: null,
      },
    });
  });

  it('retries a transient failure later, never earlier than now', () => {
    const verdict = verdictForFailure(runAt(1, { attempts: 3 }), {
      kind: 'transient',
      message: 'timeout',
      accountCooldown: false,
    });

    expect(verdict).toMatchObject({ kind: 'postpone', postponement: { internalStatus: 'queued' } });
    const wait = verdict.kind === 'postpone' ? verdict.postponement.nextActionAt.getTime() : 0;
    // Third claim: the 30 s base doubled twice, plus up to a fifth of jitter.
    expect(wait - TUESDAY_TEN_AM.getTime()).toBeGreaterThanOrEqual(120_000);
    expect(wait - TUESDAY_TEN_AM.getTime()).toBeLessThanOrEqual(144_000);
  });
});

describe('the action a lead resumes', () => {
  it('is the pending key of this lead and step', () => {
    expect(resumedKey(runAt(1, { pendingActionKey: 'lead_1:stp_hello:1' }))).toBe('lead_1:stp_hello:1');
  });

  it('is none when the pending key was left by another step, or there is none', () => {
    expect(resumedKey(runAt(1, { pendingActionKey: 'lead_1:stp_invite:1' }))).toBeNull();
    expect(resumedKey(runAt(1, { pendingActionKey: 'lead_2:stp_hello:1' }))).toBeNull();
    expect(resumedKey(runAt(1, { pendingActionKey: null }))).toBeNull();
  });
});
