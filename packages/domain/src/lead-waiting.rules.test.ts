/** A user reads from `waitingFor` why a running lead has not moved, and when it will. */
import { describe, expect, it } from 'vitest';
import { leadWaitingFor, type WaitingLead, type WaitingSender } from './lead-waiting.rules.js';

const now = new Date('2026-03-10T10:00:00Z');
const later = new Date('2026-03-10T14:00:00Z');
const healthy: WaitingSender = {
  status: 'connected',
  active: true,
  disconnectReason: null,
  restriction: null,
  cooldownUntil: null,
  cooldownReason: null,
};
const lead = (internalStatus: WaitingLead['internalStatus'], status: WaitingLead['status'] = 'waiting') => ({
  status,
  internalStatus,
  nextActionAt: later,
});

describe('leadWaitingFor', () => {
  it.each([
    ['awaiting_delay', 'delay'],
    ['awaiting_working_hours', 'working_hours'],
    ['awaiting_capacity', 'capacity'],
    ['awaiting_budget', 'call_budget'],
    ['invitation_pending', 'invitation_acceptance'],
    ['awaiting_connection', 'connection'],
  ] as const)('says a lead %s waits for %s until its next action', (internalStatus, reason) => {
    expect(leadWaitingFor(lead(internalStatus), healthy, now)).toEqual({
      reason,
      until: later,
      detail: null,
    });
  });

  it('names the restriction of the sender, with no end until someone reconnects it', () => {
    const restricted: WaitingSender = {
      ...healthy,
      status: 'restricted',
      restriction: { reason: 'account_restricted', detail: 'LinkedIn restricted the account' },
    };
    expect(leadWaitingFor(lead('sender_restricted'), restricted, now)).toEqual({
      reason: 'sender_restricted',
      until: null,
      detail: 'account_restricted: LinkedIn restricted the account',
    });
    // A lead that would act after a delay cannot act before its sender can either.
    expect(leadWaitingFor(lead('awaiting_delay'), restricted, now)?.reason).toBe('sender_restricted');
    // One that ended waits for nothing, whatever its sender.
    expect(leadWaitingFor(lead('network_error', 'error'), restricted, now)).toBeNull();
  });

  it('tells a disconnected sender, an inactive one and a cooldown with its end', () => {
    const disconnected = { ...healthy, status: 'disconnected' as const, disconnectReason: 'session expired' };
    expect(leadWaitingFor(lead('sender_unavailable'), disconnected, now)).toEqual({
      reason: 'sender_disconnected',
      until: null,
      detail: 'session expired',
    });
    expect(leadWaitingFor(lead('sender_unavailable'), { ...healthy, active: false }, now)?.reason).toBe(
      'sender_inactive',
    );
    const cooling = { ...healthy, cooldownUntil: later, cooldownReason: 'rate_limited' };
    expect(leadWaitingFor(lead('awaiting_capacity'), cooling, now)).toEqual({
      reason: 'sender_cooldown',
      until: later,
      detail: 'rate_limited',
    });
  });

  it('keeps a lead waiting for its own acceptance on that, whatever its sender', () => {
    const restricted = { ...healthy, status: 'restricted' as const };
    expect(leadWaitingFor(lead('invitation_pending'), restricted, now)?.reason).toBe('invitation_acceptance');
  });

  it('asks for a missing variable on a paused lead, and says nothing of finished or paused ones', () => {
    expect(leadWaitingFor(lead('missing_variable', 'paused'), healthy, now)).toEqual({
      reason: 'missing_variable',
      until: null,
      detail: null,
    });
    expect(leadWaitingFor(lead('finished', 'completed'), healthy, now)).toBeNull();
    expect(leadWaitingFor(lead('paused_by_user', 'paused'), healthy, now)).toBeNull();
    expect(leadWaitingFor(lead('queued'), healthy, now)).toBeNull();
  });

  it('gives no end for a sender status whose account is fine again but has not been looked at', () => {
    expect(
      leadWaitingFor(
        { status: 'waiting', internalStatus: 'sender_unavailable', nextActionAt: now },
        healthy,
        now,
      ),
    ).toEqual({ reason: 'sender_unavailable', until: null, detail: null });
  });
});

describe('leadWaitingFor at the edges', () => {
  const restricted = (restriction: WaitingSender['restriction']): WaitingSender => ({
    ...healthy,
    status: 'restricted',
    restriction,
  });

  it('names a restriction by its reason alone when the network gave no detail, and nothing when unknown', () => {
    expect(
      leadWaitingFor(lead('awaiting_delay'), restricted({ reason: 'account_restricted', detail: '' }), now),
    ).toEqual({ reason: 'sender_restricted', until: null, detail: 'account_restricted' });
    expect(leadWaitingFor(lead('awaiting_delay'), restricted(null), now)).toEqual({
      reason: 'sender_restricted',
      until: null,
      detail: null,
    });
  });

  it('forgets a cool-down that has ended, at its very end too', () => {
    for (const cooldownUntil of [new Date('2026-03-10T09:00:00Z'), now]) {
      const rested = { ...healthy, cooldownUntil, cooldownReason: 'rate_limited' };
      expect(leadWaitingFor(lead('awaiting_capacity'), rested, now)).toEqual({
        reason: 'capacity',
        until: later,
        detail: null,
      });
    }
  });

  it('reads the lead alone when its sender is not known', () => {
    expect(leadWaitingFor(lead('awaiting_delay'), null, now)).toEqual({
      reason: 'delay',
      until: later,
      detail: null,
    });
  });

  it('explains an active lead too, and says nothing of a lead in error', () => {
    expect(leadWaitingFor(lead('awaiting_working_hours', 'active'), healthy, now)?.reason).toBe(
      'working_hours',
    );
    expect(leadWaitingFor(lead('network_error', 'error'), healthy, now)).toBeNull();
  });

  it('gives no end when the next action is unset or past', () => {
    expect(
      leadWaitingFor({ ...lead('awaiting_capacity'), nextActionAt: null }, healthy, now)?.until,
    ).toBeNull();
    const past = new Date('2026-03-10T09:59:59Z');
    expect(
      leadWaitingFor({ ...lead('awaiting_capacity'), nextActionAt: past }, healthy, now)?.until,
    ).toBeNull();
  });

  it('says when a lead that waited on its sender is looked at again', () => {
    expect(leadWaitingFor(lead('sender_restricted'), healthy, now)).toEqual({
      reason: 'sender_unavailable',
      until: later,
      detail: null,
    });
  });

  it('keeps a lead waiting for a connection on that, whatever its sender', () => {
    expect(leadWaitingFor(lead('awaiting_connection'), restricted(null), now)?.reason).toBe('connection');
  });
});
