import type { LeadFacts, RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';

/** A leased lead, the lease's owner, and the lead's campaign as listed at the start of the pass. */
export interface ClaimedLead {
  lead: RunnerLead;
  owner: string;
  campaign: RunnerCampaign;
  /** What the step learnt about the lead, stored with the next write made under the lease. */
  learned: LearnedAboutLead;
  /**
   * The block list as read for the lead's whole batch when it was claimed: whether the lead was
   * blocked, and when that was read (`monotonicNow`). Used only while fresh (see `isBlockedNow`).
   */
  blockRead?: { blocked: boolean; at: number };
}

/**
 * Facts about the lead a step learns from the provider on its way (its member id, from a profile
 * read). They are not written on their own: the next write under the lease carries them (the
 * pending action, or the step's outcome), so learning them costs no round trip of its own.
 */
export interface LearnedAboutLead {
  providerId?: string;
}

/** What the step learnt about the lead, as the fields of a write under the lease. */
export function learnedFacts(learned: LearnedAboutLead): LeadFacts {
  return learned.providerId === undefined ? {} : { providerId: learned.providerId };
}
