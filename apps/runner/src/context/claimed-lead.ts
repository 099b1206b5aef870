import type { RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';

/** A leased lead, the lease's owner, and the lead's campaign as listed at the start of the pass. */
export interface ClaimedLead {
  lead: RunnerLead;
  owner: string;
  campaign: RunnerCampaign;
}
