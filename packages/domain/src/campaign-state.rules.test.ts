/**
 * The campaign state machine: every allowed transition, and the stable error of every forbidden
 * one, so the API can answer 409 with a code a client can act on.
 */
import { describe, expect, it } from 'vitest';
import {
  isSenderUsable,
  pauseCampaign,
  reviewActiveCampaign,
  startCampaign,
  statusAfterNewWork,
  statusAfterStepAdded,
} from './campaign-state.rules.js';
import type { DomainError } from './errors.js';
import { codeOf } from './testing/fixtures.js';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './vocabulary.js';

const connected = { status: 'connected', authenticated: true, active: true } as const;
const disconnected = { status: 'disconnected', authenticated: true, active: true } as const;

describe('start', () => {
  it.each(['paused', 'draft'] as const)(
    'turns a %s campaign with a connected sender and a lead active',
    (status) => {
      expect(startCampaign({ status, senders: [connected], leadCount: 1 })).toBe('active');
    },
  );

  it.each(['active', 'completed', 'error'] as const)(
    'refuses to start a %s campaign with campaign_not_startable',
    (status) => {
      expect(codeOf(() => startCampaign({ status, senders: [connected], leadCount: 5 }))).toBe(
        'campaign_not_startable',
      );
    },
  );

  it('refuses a campaign without any sender with no_connected_sender', () => {
    expect(codeOf(() => startCampaign({ status: 'paused', senders: [], leadCount: 5 }))).toBe(
      'no_connected_sender',
    );
  });

  it('refuses a campaign whose senders are all disconnected, unauthenticated or inactive', () => {
    const senders = [disconnected, { ...connected, authenticated: false }, { ...connected, active: false }];
    expect(codeOf(() => startCampaign({ status: 'draft', senders, leadCount: 5 }))).toBe(
      'no_connected_sender',
    );
  });

  it('starts when one usable sender is among unusable ones', () => {
    expect(startCampaign({ status: 'draft', senders: [disconnected, connected], leadCount: 1 })).toBe(
      'active',
    );
  });

  it('refuses a campaign without leads with no_leads', () => {
    expect(codeOf(() => startCampaign({ status: 'paused', senders: [connected], leadCount: 0 }))).toBe(
      'no_leads',
    );
  });

  it('reports the status problem first when several conditions fail', () => {
    expect(codeOf(() => startCampaign({ status: 'active', senders: [], leadCount: 0 }))).toBe(
      'campaign_not_startable',
    );
    expect(codeOf(() => startCampaign({ status: 'paused', senders: [], leadCount: 0 }))).toBe(
      'no_connected_sender',
    );
  });

  it('puts the current status in the error details', () => {
    try {
      startCampaign({ status: 'completed', senders: [connected], leadCount: 1 });
    } catch (error) {
      expect((error as DomainError).details).toEqual({ status: 'completed' });
      expect((error as DomainError).message).toMatch(/only a paused or draft campaign can be started/);
    }
    expect.assertions(2);
  });
});

describe('pause', () => {
  it('turns an active campaign paused', () => {
    expect(pauseCampaign('active')).toBe('paused');
  });

  it.each(['paused', 'completed', 'error', 'draft'] as const)(
    'refuses to pause a %s campaign with campaign_not_active',
    (status) => {
      expect(codeOf(() => pauseCampaign(status))).toBe('campaign_not_active');
    },
  );
});

describe('adding a step', () => {
  it('turns a completed campaign paused', () => {
    expect(statusAfterStepAdded('completed')).toBe('paused');
  });

  it.each(['active', 'paused', 'error', 'draft'] as const)('leaves a %s campaign unchanged', (status) => {
    expect(statusAfterStepAdded(status)).toBe(status);
  });

  it('treats other new work (leads added or resumed) the same way', () => {
    const after = Object.fromEntries(CAMPAIGN_STATUSES.map((status) => [status, statusAfterNewWork(status)]));
    expect(after).toEqual({
      active: 'active',
      paused: 'paused',
      completed: 'paused',
      error: 'error',
      draft: 'draft',
    });
  });
});

describe('completion and running out of leads', () => {
  it('keeps an active campaign running while a lead waits', () => {
    expect(reviewActiveCampaign('active', { waiting: 1, active: 3 })).toEqual({
      status: 'active',
      signals: [],
    });
  });

  it('signals campaign_without_leads when no lead waits but some are still active', () => {
    expect(reviewActiveCampaign('active', { waiting: 0, active: 2, completed: 5 })).toEqual({
      status: 'active',
      signals: ['campaign_without_leads'],
    });
  });

  it('completes the campaign when no lead is waiting or active', () => {
    expect(reviewActiveCampaign('active', { completed: 4, error: 1, paused: 2 })).toEqual({
      status: 'completed',
      signals: ['campaign_without_leads', 'campaign_completed'],
    });
  });

  it('keeps a campaign whose remaining leads all wait for a template fix active, without completing it', () => {
    expect(reviewActiveCampaign('active', { completed: 1, paused: 3 }, 3)).toEqual({
      status: 'active',
      signals: ['campaign_without_leads'],
    });
  });

  it('completes an active campaign left with no lead at all', () => {
    expect(reviewActiveCampaign('active', {}).status).toBe('completed');
  });

  it.each(['paused', 'completed', 'error', 'draft'] as const satisfies readonly CampaignStatus[])(
    'never completes nor signals a %s campaign',
    (status) => {
      expect(reviewActiveCampaign(status, {})).toEqual({ status, signals: [] });
    },
  );
});

describe('isSenderUsable', () => {
  it('needs connected, authenticated and active together', () => {
    expect(isSenderUsable(connected)).toBe(true);
    expect(isSenderUsable(disconnected)).toBe(false);
    expect(isSenderUsable({ ...connected, authenticated: false })).toBe(false);
    expect(isSenderUsable({ ...connected, active: false })).toBe(false);
  });
});
