// De-risks the senders page's honesty: an account is only shown "connected" when it can send.
import type { components } from '@outreach/client';
import { describe, expect, it } from 'vitest';
import { displayedStatus } from './account-status.js';

const now = new Date('2030-01-01T12:00:00.000Z');
const base: components['schemas']['SenderAccount'] = {
  id: 'acc_1',
  name: 'Ada',
  publicIdentifier: 'ada',
  status: 'connected',
  authenticated: true,
  active: true,
  timezone: 'UTC',
  inmailAllowed: false,
  tier: 'premium',
  warmingUp: false,
  limits: {
    invitationsPerDay: 25,
    invitationsPerWeek: 100,
    notedInvitationsPerMonth: 400,
    messagesPerDay: 50,
    inmailsPerDay: 5,
    inmailsPerMonth: 5,
    profileVisitsPerDay: 40,
    profileRetrievalsPerDay: 80,
    listReadsPerDay: 60,
  },
  restriction: null,
  cooldownUntil: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

describe('the status shown for a sender account', () => {
  it('is connected only when the session is up, the account active and not cooling down', () => {
    expect(displayedStatus(base, now)).toMatchObject({ kind: 'connected', needsReconnect: false });
  });

  it('asks for a reconnection when the session was lost, even if the status still says connected', () => {
    expect(displayedStatus({ ...base, authenticated: false }, now)).toMatchObject({
      kind: 'disconnected',
      needsReconnect: true,
    });
    expect(displayedStatus({ ...base, status: 'disconnected' }, now).label).toBe('Disconnected');
  });

  it('names a restriction with its reason and asks for a reconnection', () => {
    const restricted = displayedStatus(
      {
        ...base,
        status: 'restricted',
        restriction: {
          reason: 'account_restricted',
          detail: 'LinkedIn restricted it',
          since: '2030-01-01T10:00:00.000Z',
        },
      },
      now,
    );
    expect(restricted).toMatchObject({ kind: 'restricted', label: 'Restricted', needsReconnect: true });
    expect(restricted.detail).toContain('account_restricted');
  });

  it('says the account cools down until a future time, and not once that time has passed', () => {
    expect(displayedStatus({ ...base, cooldownUntil: '2030-01-01T13:00:00.000Z' }, now).kind).toBe(
      'cooling_down',
    );
    expect(displayedStatus({ ...base, cooldownUntil: '2030-01-01T11:00:00.000Z' }, now).kind).toBe(
      'connected',
    );
  });
});
