// De-risks what the senders page says of the acceptance guard: a stop reads as a stop, with the
// figures that explain it, and the user is told it lasts until they lift it.
import type { components } from '@outreach/client';
import { describe, expect, it } from 'vitest';
import { guardSummary } from './invitations-panel.js';

type Guard = components['schemas']['AccountUsage']['invitations']['acceptanceGuard'];
const guard = (fields: Partial<Guard>): Guard => ({
  state: 'ok',
  rate: 0.34,
  sent: 50,
  accepted: 17,
  since: null,
  resumedAt: null,
  checkedAt: '2030-01-01T12:00:00.000Z',
  minSample: 30,
  halveBelow: 0.2,
  stopBelow: 0.1,
  ...fields,
});

describe('guardSummary', () => {
  it('says a stop lasts until the user lifts it, with the rate and the threshold', () => {
    expect(guardSummary(guard({ state: 'stopped', rate: 0.04, sent: 50, accepted: 2 }))).toBe(
      'Invitations stopped: 2 of 50 invitations sent 3 to 21 days ago accepted (4 %), under 10 %. ' +
        'They stay stopped until you lift the stop.',
    );
  });

  it('says a halving with its threshold', () => {
    expect(guardSummary(guard({ state: 'halved', rate: 0.16, sent: 50, accepted: 8 }))).toBe(
      'Daily invitations halved: 8 of 50 invitations sent 3 to 21 days ago accepted (16 %), under 20 %.',
    );
  });

  it('says how many invitations the guard still waits for', () => {
    expect(guardSummary(guard({ state: 'not_enough_data', rate: null, sent: 12, accepted: 3 }))).toBe(
      'Not judged yet: 12 of the 30 invitations needed were sent 3 to 21 days ago.',
    );
    expect(guardSummary(guard({}))).toBe(
      'Acceptance is healthy: 17 of 50 invitations sent 3 to 21 days ago accepted (34 %).',
    );
  });
});
