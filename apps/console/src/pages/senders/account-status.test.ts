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
    expect(displayedStatus(base, undefined, now)).toMatchObject({ kind: 'connected', needsReconnect: false });
  });

  it('asks for a reconnection when the session was lost, even if the status still says connected', () => {
    expect(displayedStatus({ ...base, authenticated: false }, undefined, now)).toMatchObject({
      kind: 'disconnected',
      needsReconnect: true,
    });
    expect(displayedStatus({ ...base, status: 'disconnected' }, undefined, now).label).toBe('Disconnected');
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
      undefined,
      now,
    );
    expect(restricted).toMatchObject({ kind: 'restricted', label: 'Restricted', needsReconnect: true });
    expect(restricted.detail).toContain('LinkedIn restricted the account (account_restricted) since');
    expect(restricted.detail).toContain('LinkedIn restricted it');
  });

  it('says the account cools down until a future time, and not once that time has passed', () => {
    expect(displayedStatus({ ...base, cooldownUntil: '2030-01-01T13:00:00.000Z' }, undefined, now).kind).toBe(
      'cooling_down',
    );
    expect(displayedStatus({ ...base, cooldownUntil: '2030-01-01T11:00:00.000Z' }, undefined, now).kind).toBe(
      'connected',
    );
  });

  it("says the cooldown's reason and the warm-up's week and end, from the limits view", () => {
    const usage = {
      warmUp: { week: 2, share: 0.5, endsAt: '2030-01-15T00:00:00.000Z' },
      cooldown: { until: '2030-01-01T13:00:00.000Z', reason: 'too_many_requests' },
    } as unknown as components['schemas']['AccountUsage'];
    const cooling = displayedStatus({ ...base, warmingUp: true }, usage, now);
    expect(cooling).toMatchObject({ kind: 'cooling_down', label: 'Cooling down' });
    expect(cooling.detail).toContain('too_many_requests');
    const warming = displayedStatus({ ...base, warmingUp: true }, { ...usage, cooldown: null }, now);
    expect(warming).toMatchObject({ kind: 'warming_up', label: 'Warming up' });
    expect(warming.detail).toContain('Week 2 of its warm-up: held to 50% of each limit');
  });
});
