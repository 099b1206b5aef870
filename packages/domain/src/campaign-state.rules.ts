/**
 * The campaign state machine. Every transition the API or the runner makes is decided here; a
 * forbidden one throws a `DomainError` whose code names the broken condition.
 *
 *   draft | paused --start--> active   (needs a usable sender and a lead)
 *   active --pause--> paused
 *   active --no lead waiting or active--> completed
 *   completed --a step is added (or other new work)--> paused
 */
import { DomainError } from './errors.js';
import type { SenderState } from './model.types.js';
import type { CampaignStatus, LeadStatus } from './vocabulary.js';

export const STARTABLE_STATUSES = ['paused', 'draft'] as const satisfies readonly CampaignStatus[];

/** A sender can act for a campaign only while connected, authenticated and active. */
export function isSenderUsable(sender: Pick<SenderState, 'status' | 'authenticated' | 'active'>): boolean {
  return sender.status === 'connected' && sender.authenticated && sender.active;
}

export interface StartCheck {
  status: CampaignStatus;
  /** The sender accounts assigned to the campaign. */
  senders: readonly Pick<SenderState, 'status' | 'authenticated' | 'active'>[];
  leadCount: number;
}

/**
 * Returns the status of a started campaign. The status is checked first, so starting an active
 * campaign reports the status problem rather than a missing sender.
 */
export function startCampaign(check: StartCheck): 'active' {
  if (!(STARTABLE_STATUSES as readonly CampaignStatus[]).includes(check.status)) {
    throw new DomainError(
      'campaign_not_startable',
      `campaign is ${check.status}; only a paused or draft campaign can be started`,
      { status: check.status },
    );
  }
  if (!check.senders.some(isSenderUsable)) {
    throw new DomainError('no_connected_sender', 'campaign has no connected sender account');
  }
  if (check.leadCount < 1) {
    throw new DomainError('no_leads', 'campaign has no leads');
  }
  return 'active';
}

/** Returns the status of a paused campaign; only an active campaign can be paused. */
export function pauseCampaign(status: CampaignStatus): 'paused' {
  if (status !== 'active') {
    throw new DomainError(
      'campaign_not_active',
      `campaign is ${status}; only an active campaign can be paused`,
      {
        status,
      },
    );
  }
  return 'paused';
}

/**
 * A completed campaign that gets new work (a step added, leads added, leads resumed) becomes paused:
 * it can be started again, and nothing is sent before the user does so.
 */
export function statusAfterNewWork(status: CampaignStatus): CampaignStatus {
  return status === 'completed' ? 'paused' : status;
}

/** The spec's rule for adding a step: completed -> paused, every other status unchanged. */
export function statusAfterStepAdded(status: CampaignStatus): CampaignStatus {
  return statusAfterNewWork(status);
}

/** Lead counts by status; a missing status counts as zero. */
export type LeadStatusCounts = Readonly<Partial<Record<LeadStatus, number>>>;

export type CampaignLeadSignal = 'campaign_without_leads' | 'campaign_completed';

export interface ActiveCampaignReview {
  status: CampaignStatus;
  /** Conditions that hold now; each fires its event once per activation (deterministic ids). */
  signals: readonly CampaignLeadSignal[];
}

/**
 * Looks at an active campaign's leads. With no lead waiting, the campaign has run out of new leads;
 * with no lead waiting or active either, it is completed. Leads paused by the user do not keep a
 * campaign running: they are skipped until someone resumes them (see `statusAfterNewWork`). Leads
 * the runner paused for a fix (`missing_variable`, counted in `awaitingFix`) do: their sequence is
 * not done, it waits for a template or a variable to be fixed, so the campaign stays active rather
 * than report a completion that did not happen.
 */
export function reviewActiveCampaign(
  status: CampaignStatus,
  counts: LeadStatusCounts,
  awaitingFix = 0,
): ActiveCampaignReview {
  if (status !== 'active') return { status, signals: [] };
  const waiting = counts.waiting ?? 0;
  const active = counts.active ?? 0;
  if (waiting > 0) return { status, signals: [] };
  if (active > 0 || awaitingFix > 0) return { status, signals: ['campaign_without_leads'] };
  return { status: 'completed', signals: ['campaign_without_leads', 'campaign_completed'] };
}
